// Registers the terminal watcher on the pages the agent chose: every pattern of the options page
// whose host the agent granted. Re-registered whenever the patterns or the granted hosts change.
import watcherPath from '../content/terminal-watcher.ts?script';
import { readTerminalPatterns } from '../terminals';

const id = 'terminal-watcher';

export async function registerTerminalWatcher(): Promise<string[]> {
  const patterns = Object.values(await readTerminalPatterns()).flat();
  const granted: string[] = [];
  for (const pattern of patterns) {
    if (await chrome.permissions.contains({ origins: [pattern] }).catch(() => false)) granted.push(pattern);
  }
  const existing = await chrome.scripting.getRegisteredContentScripts({ ids: [id] });
  if (existing.length > 0) await chrome.scripting.unregisterContentScripts({ ids: [id] });
  if (granted.length > 0) {
    await chrome.scripting.registerContentScripts([
      { id, matches: granted, js: [watcherPath], runAt: 'document_idle', allFrames: true, persistAcrossSessions: true },
    ]);
  }
  return granted;
}
