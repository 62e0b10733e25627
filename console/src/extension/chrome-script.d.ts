// @crxjs/vite-plugin: `import path from './file.ts?script'` gives the built path of a content script
// that the extension registers at run time (chrome.scripting.registerContentScripts).
declare module '*?script' {
  const scriptPath: string;
  export default scriptPath;
}
