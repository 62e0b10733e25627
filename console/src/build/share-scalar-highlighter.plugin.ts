// Scalar (the workspace's API reference) renders every description and every code sample through a
// pipeline of its own, whose highlighting step builds a new highlighter and registers all of its
// languages again, each time: on the workspace's first load that was a tenth of the main thread's
// work in Scalar's renders, in tasks long enough to hold the page's input back. The step uses a
// ready highlighter when it is given one, and its languages never change once registered, so one
// highlighter per set of languages is built and shared. A set given with aliases (which would add
// to the shared one) still gets its own. The code is changed in the build only, and the build fails
// when Scalar's step no longer reads as expected, so an upgrade cannot drop this silently.
import type { Plugin } from 'vite';

export const scalarHighlightStep = /@scalar\/code-highlight\/dist\/rehype-highlight\/rehype-highlight\.js$/;

const ownHighlighter = 'const lowlight = options?.lowlight ?? createLowlight(languages);';
const sharedHighlighter =
  'const lowlight = options?.lowlight ?? (aliases ? createLowlight(languages) : sharedLowlight(languages));';
const sharedLowlight = [
  '',
  'const sharedLowlights = new Map();',
  'function sharedLowlight(languages) {',
  '  let lowlight = sharedLowlights.get(languages);',
  '  if (lowlight === undefined) {',
  '    lowlight = createLowlight(languages);',
  '    sharedLowlights.set(languages, lowlight);',
  '  }',
  '  return lowlight;',
  '}',
  '',
].join('\n');

/** Scalar's highlighting step with one highlighter per set of languages (throws when it reads otherwise). */
export function shareScalarHighlighter(code: string): string {
  if (!code.includes(ownHighlighter))
    throw new Error(
      'Scalar’s highlighting step changed: console/src/build/share-scalar-highlighter.plugin.ts no longer applies',
    );
  return code.replace(ownHighlighter, sharedHighlighter) + sharedLowlight;
}

export function shareScalarHighlighterPlugin(): Plugin {
  return {
    name: 'contrail-share-scalar-highlighter',
    enforce: 'pre',
    transform(code, id) {
      if (!scalarHighlightStep.test(id)) return null;
      return { code: shareScalarHighlighter(code), map: null };
    },
  };
}
