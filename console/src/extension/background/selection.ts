// Any page: the agent selects cryptic text and chooses "Search in Contrail" from the context menu.
// The selection is recognised in every dialect and handed to the panel, which opens beside it.
import { recognise } from '../gds';
import type { RecognisedMessage } from '../messages';
import { rememberRecognition } from './latest';

const menuId = 'contrail-search-selection';

export function offerSelectionSearch(title: string): void {
  chrome.contextMenus.removeAll(() => {
    chrome.contextMenus.create({ id: menuId, title, contexts: ['selection'] });
  });
}

/** The menu's action: the selected text recognised and handed to the panel (and kept for one opened later). */
export function searchSelection(text: string, tabId: number | undefined): void {
  const seenAt = Date.now();
  const started = performance.now();
  const recognitions = recognise(text, { today: new Date() });
  const message: RecognisedMessage = {
    type: 'terminal.recognised',
    dialect: null,
    recognitions,
    seenAt,
    parseMs: performance.now() - started,
  };
  void rememberRecognition(message, tabId);
  chrome.runtime.sendMessage(message).catch(() => undefined);
}

export function handleSelectionSearch(): void {
  chrome.contextMenus.onClicked.addListener((info, tab) => {
    if (info.menuItemId !== menuId || !info.selectionText) return;
    // Opening the panel must happen inside the click's user gesture, before anything is awaited.
    if (tab?.id !== undefined) chrome.sidePanel.open({ tabId: tab.id }).catch(() => undefined);
    searchSelection(info.selectionText, tab?.id);
  });
}
