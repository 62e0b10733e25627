// The extension's service worker: opens the side panel from the toolbar icon, accepts the
// credential from the console, registers the terminal watcher on the agent's chosen pages, offers
// "Search in Contrail" on selected text, keeps the newest recognition for the panel, and keeps the
// icon's badge on the unread notifications count. Each concern is its own module.
import type { RecognisedMessage } from '../messages';
import { refreshBadge } from './badge';
import { acceptConnections } from './connect';
import { rememberRecognition } from './latest';
import { handleSelectionSearch, offerSelectionSearch, searchSelection } from './selection';
import { registerTerminalWatcher } from './terminal-scripts';

chrome.sidePanel.setPanelBehavior({ openPanelOnActionClick: true }).catch(() => undefined);
acceptConnections();
handleSelectionSearch();
// The browser tests' way to the menu's action: automation cannot click a native context menu. Only
// the extension's own contexts reach the service worker's global scope.
(globalThis as { contrailSearchSelection?: typeof searchSelection }).contrailSearchSelection = searchSelection;

chrome.runtime.onInstalled.addListener(() => {
  offerSelectionSearch('Search in Contrail');
  void registerTerminalWatcher();
  void chrome.alarms.create('badge', { periodInMinutes: 1 });
});
chrome.runtime.onStartup.addListener(() => void registerTerminalWatcher());
chrome.permissions.onAdded.addListener(() => void registerTerminalWatcher());
chrome.permissions.onRemoved.addListener(() => void registerTerminalWatcher());
chrome.storage.onChanged.addListener((changes, area) => {
  if (area === 'local' && 'terminalPatterns' in changes) void registerTerminalWatcher();
  // Connected, disconnected, or the credential refused (by the panel's calls or the badge's own).
  if (area === 'local' && 'connection' in changes) void refreshBadge();
});
chrome.alarms.onAlarm.addListener((alarm) => {
  if (alarm.name === 'badge') void refreshBadge();
});

chrome.runtime.onMessage.addListener((message: RecognisedMessage | { type: 'badge.refresh' }, sender) => {
  if (message.type === 'terminal.recognised') void rememberRecognition(message, sender.tab?.id);
  if (message.type === 'badge.refresh') void refreshBadge();
});
