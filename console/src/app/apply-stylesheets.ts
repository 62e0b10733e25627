// The built page preloads its stylesheets instead of blocking its first paint with them (the
// inline shell needs none, see src/build/app-shell.plugin.ts): each becomes a stylesheet here, and
// the app renders once they apply, so no screen is ever drawn unstyled. Without such preloads (the
// dev server injects styles itself) there is nothing to wait for.
export function applyStylesheets(doc: Document): Promise<void> {
  const preloads = doc.querySelectorAll<HTMLLinkElement>('link[rel="preload"][as="style"][data-stylesheet]');
  return Promise.all(
    [...preloads].map(
      (preload) =>
        new Promise<void>((resolve) => {
          const sheet = doc.createElement('link');
          sheet.rel = 'stylesheet';
          if (preload.crossOrigin !== null) sheet.crossOrigin = preload.crossOrigin;
          sheet.href = preload.href;
          // A stylesheet that fails to load must not keep the app from rendering.
          sheet.addEventListener('load', () => resolve());
          sheet.addEventListener('error', () => resolve());
          preload.after(sheet);
        }),
    ),
  ).then(() => undefined);
}
