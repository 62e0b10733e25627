/// <reference types="node" />
// Scalar's stylesheets (the workspace's API reference) are scoped to its own classes but for a few
// rules on `body` (margin, line height, background), which would restyle the whole console once the
// reference has been opened: the stylesheet stays on the page after navigating away. Those rules
// are moved onto the element that holds the reference (features/workspace/scalar-reference.tsx).
// Its `:root` rules only define Scalar's own custom properties (`--scalar-*`, Tailwind's `--tw-*`,
// `--leading-*`), which no console style reads, and which its try-it window, mounted on `body`,
// needs: they stay.
import type { Plugin } from 'vite';

// The reference's own, and those its parts import (the assistant drawer's, shipped even when it is off).
export const scalarStylesheet = /@scalar\/[\w-]+\/dist\/style\.css(\?.*)?$/;
export const scalarScope = '.contrail-scalar';

const bodyRule = /(^|[{};])(\s*)body(\s*\{)/g;

export function scopeScalarStylesheet(css: string): string {
  return css.replace(bodyRule, `$1$2${scalarScope}$3`);
}

export function scopeScalarCss(): Plugin {
  return {
    name: 'contrail-scope-scalar-css',
    enforce: 'pre',
    transform(code, id) {
      if (!scalarStylesheet.test(id)) return null;
      return { code: scopeScalarStylesheet(code), map: null };
    },
  };
}
