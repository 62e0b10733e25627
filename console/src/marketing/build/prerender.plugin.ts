// The marketing script is a separate light entry (no Mantine, no React). This plugin hands what
// the pages need from the build to the prerender step (prerender.ts): the entry's file name and
// its CSS, which the pages inline so the first paint needs one request. It imports nothing else, so
// the Vite config loads without compiling the pages' code.
import type { Plugin } from 'vite';

export const marketingEntry = 'marketing';
export const marketingAssetsFile = 'marketing/assets.json';

export function marketingPages(options: { base: string }): Plugin {
  return {
    name: 'contrail-marketing-pages',
    apply: 'build',
    generateBundle(_output, bundle) {
      const entry = Object.values(bundle).find(
        (item) => item.type === 'chunk' && item.isEntry && item.name === marketingEntry,
      );
      if (!entry || entry.type !== 'chunk') this.error(`the ${marketingEntry} entry is missing from the build`);
      const cssFiles = [...(entry.viteMetadata?.importedCss ?? [])];
      const css = cssFiles
        .map((file) => {
          const asset = bundle[file];
          return asset?.type === 'asset' ? String(asset.source) : '';
        })
        .join('');
      for (const file of cssFiles) delete bundle[file];
      this.emitFile({
        type: 'asset',
        fileName: marketingAssetsFile,
        source: JSON.stringify({ css, script: `${options.base}${entry.fileName}` }),
      });
    },
  };
}
