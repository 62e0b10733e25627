/// <reference types="node" />
// Mantine's `useId` starts from React's id and, once mounted, swaps it for a random one in a layout
// effect: a state update on the synchronous lane, so every input, popover and segmented control
// renders a second time in the same task as the first commit. On a phone that doubles the longest
// task of a screen's first load (a form's fields, a filter's select). The random id only guards
// server-rendered markup against mismatched ids; the console renders in the browser alone, where
// React's own id is unique within the root and stable across renders. So the console's build
// serves Mantine a `useId` that keeps React's id (made safe for CSS selectors) and never re-renders.
import type { Plugin } from 'vite';

export const mantineUseIdModule = /[\\/]@mantine[\\/]hooks[\\/]esm[\\/]use-id[\\/]use-id\.mjs$/;

export const stableUseIdSource = `import { useId as useReactId } from "react";
function useId(staticId) {
	const reactId = useReactId();
	if (typeof staticId === "string") return staticId;
	return \`mantine-\${reactId.replace(/[^\\w-]/g, "")}\`;
}
export { useId };
`;

export function mantineStableIds(): Plugin {
  let replaced = false;
  return {
    name: 'contrail-mantine-stable-ids',
    // the dev server pre-bundles dependencies without plugins; the built console is what ships
    apply: 'build',
    enforce: 'pre',
    load(id) {
      if (!mantineUseIdModule.test(id)) return null;
      replaced = true;
      return { code: stableUseIdSource, map: null };
    },
    // A Mantine that moved or renamed the module would silently bring the second render back.
    buildEnd(error) {
      if (!error && !replaced) this.error(`Mantine's use-id module was not found (${String(mantineUseIdModule)})`);
    },
  };
}
