// Runs on the GDS terminal pages the agent chose (options page): reads the terminal's new output
// as it appears (a MutationObserver sees only what is added, so a screen is read once), recognises
// cryptic entries in the terminal's dialect and hands them to the side panel. It also puts the
// panel's PNR entries into the terminal's command line, and only when the panel asks (the agent's
// click): nothing here ever types or sends an entry on its own.
import { recognise, type Dialect } from '../gds';
import type { InsertMessage, RecognisedMessage } from '../messages';
import { dialectOfUrl, readTerminalPatterns } from '../terminals';

/** How one line holds several entries in each dialect (a single-line command field). */
const endItem: Record<Dialect, string> = { amadeus: ';', sabre: '§', travelport: '|' };

type Editable = HTMLInputElement | HTMLTextAreaElement | HTMLElement;

function isEditable(node: Node | null): node is Editable {
  if (!(node instanceof HTMLElement)) return false;
  return (
    node instanceof HTMLTextAreaElement ||
    (node instanceof HTMLInputElement && ['text', 'search', ''].includes(node.type)) ||
    node.isContentEditable
  );
}

/** Inside the command line itself: what the agent types is not output. */
function insideEditable(node: Node): boolean {
  for (let n: Node | null = node; n; n = n.parentNode) if (isEditable(n)) return true;
  return false;
}

async function start(): Promise<void> {
  const dialect = dialectOfUrl(location.href, await readTerminalPatterns());
  if (!dialect) return;
  let pending: string[] = [];
  let seenAt = 0;

  const flush = () => {
    const text = pending.join('\n');
    pending = [];
    const started = performance.now();
    const recognitions = recognise(text, { today: new Date(), dialect });
    const parseMs = performance.now() - started;
    if (recognitions.length === 0) return;
    const message: RecognisedMessage = { type: 'terminal.recognised', dialect, recognitions, seenAt, parseMs };
    chrome.runtime.sendMessage(message).catch(() => undefined);
  };
  const add = (text: string) => {
    if (text.trim() === '') return;
    if (pending.length === 0) {
      seenAt = Date.now();
      queueMicrotask(flush);
    }
    pending.push(text);
  };

  new MutationObserver((mutations) => {
    for (const mutation of mutations) {
      if (insideEditable(mutation.target)) continue;
      if (mutation.type === 'characterData') {
        const now = mutation.target.textContent ?? '';
        const before = mutation.oldValue ?? '';
        add(now.startsWith(before) ? now.slice(before.length) : now);
        continue;
      }
      for (const node of mutation.addedNodes) {
        if (insideEditable(node)) continue;
        add(node instanceof HTMLElement ? node.innerText || (node.textContent ?? '') : (node.textContent ?? ''));
      }
    }
  }).observe(document.body, { childList: true, subtree: true, characterData: true, characterDataOldValue: true });

  let lastEditable: Editable | null = null;
  document.addEventListener('focusin', (event) => {
    if (isEditable(event.target as Node)) lastEditable = event.target as Editable;
  });

  chrome.runtime.onMessage.addListener((message: InsertMessage, _sender, reply) => {
    if (message?.type !== 'terminal.insert') return;
    const target =
      lastEditable ??
      document.querySelector<Editable>('textarea, [contenteditable="true"], input[type="text"], input:not([type])');
    if (!target) {
      reply({ inserted: false });
      return;
    }
    insert(target, message.entries, dialect);
    reply({ inserted: true });
  });
}

function insert(target: Editable, entries: string[], dialect: Dialect): void {
  target.focus();
  if (target instanceof HTMLTextAreaElement || target instanceof HTMLInputElement) {
    const text = target instanceof HTMLTextAreaElement ? entries.join('\n') : entries.join(endItem[dialect]);
    // The prototype's setter, so a page built with React sees the change as the agent's own input.
    const proto = target instanceof HTMLTextAreaElement ? HTMLTextAreaElement.prototype : HTMLInputElement.prototype;
    Object.getOwnPropertyDescriptor(proto, 'value')?.set?.call(target, text);
  } else {
    target.innerText = entries.join('\n');
  }
  target.dispatchEvent(new Event('input', { bubbles: true }));
}

void start();
