// Scalar's own markup has accessibility faults no option turns off; they are mended here, from the
// outside, as it renders (it renders lazily and re-renders on navigation, so a MutationObserver looks
// again after each change, once a frame). Each mend changes only what the fault is about, and only
// where Scalar left it unset, so a later Scalar that fixes one leaves this with nothing to do there.
// Colour contrast is not here: it is the stylesheet's (`scalarContrastCss`).

/** Scalar's theme, where its text colours fall under 4.5:1 on its own backgrounds. */
export const scalarContrastCss = [
  '.light-mode {',
  '  --scalar-color-2: #555; --scalar-color-3: #5c5c5c;',
  '  --scalar-color-blue: #0b65ad; --scalar-color-green: #06764f; --scalar-color-orange: #b93d00;',
  '  --scalar-color-red: #c40005; --scalar-color-yellow: #7a5a00; --scalar-color-accent: #0b65ad;',
  '}',
  // its code blocks are dark whatever the theme: the method there, in red, was under 4.5:1 too
  '.dark-mode { --scalar-color-red: #ff6b6b; }',
].join('\n');

/**
 * Names for Scalar's buttons whose text a screen reader does not get (an icon, or a label hidden
 * from it), by the class that says what each one is, in Scalar's own words. The clients' "more"
 * opener shows the word "More" when there is room: then that word names it.
 */
const buttonNames: { selector: string; name: string; unlessItShowsText?: true }[] = [
  { selector: '.client-libraries__select', name: 'Select from all clients', unlessItShowsText: true },
  { selector: '[class*="copy-button"]', name: 'Copy' },
];

function mend(root: HTMLElement): void {
  // Its sidebar marks the open entry with aria-selected on a plain button, where it means nothing
  // (allowed on tabs and options only): the current entry is said with aria-current instead.
  for (const button of root.querySelectorAll('button[aria-selected]:not([role])')) {
    if (button.getAttribute('aria-selected') === 'true') button.setAttribute('aria-current', 'true');
    else button.removeAttribute('aria-current');
    button.removeAttribute('aria-selected');
  }
  // Its search opener is a button with the landmark role "search", which takes its name away;
  // as a plain button it is named by its own text ("Search…").
  for (const button of root.querySelectorAll('button[role="search"]')) button.removeAttribute('role');
  // The client libraries are a tab list whose "more" opener is a plain button: a tab list holds tabs.
  for (const button of root.querySelectorAll('[role="tablist"] button:not([role])')) button.setAttribute('role', 'tab');
  for (const { selector, name, unlessItShowsText } of buttonNames)
    for (const button of root.querySelectorAll<HTMLElement>(
      `button${selector}:not([aria-label]):not([aria-labelledby])`,
    ))
      if (!unlessItShowsText || !button.innerText.trim()) button.setAttribute('aria-label', name);
  // A list of endpoints scrolls when it is long or its paths are wide: it takes the focus, so the
  // keyboard can scroll it too. (It is named already.)
  for (const list of root.querySelectorAll('ul.endpoints:not([tabindex])')) list.setAttribute('tabindex', '0');
}

/** Mends Scalar's markup under `root` now and after every change; returns the function that stops it. */
export function mendScalarMarkup(root: HTMLElement): () => void {
  let frame = 0;
  const observer = new MutationObserver(() => {
    if (frame) return;
    frame = requestAnimationFrame(() => {
      frame = 0;
      mend(root);
    });
  });
  observer.observe(root, {
    childList: true,
    subtree: true,
    attributes: true,
    attributeFilter: ['aria-selected', 'role'],
  });
  mend(root);
  return () => {
    observer.disconnect();
    cancelAnimationFrame(frame);
  };
}
