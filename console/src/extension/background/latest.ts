// The newest recognition, kept in session storage (trusted contexts only: content scripts cannot
// read it) so a panel opened after the entry appeared still finds it.
import type { RecognisedMessage } from '../messages';

export interface LatestRecognition {
  message: RecognisedMessage;
  tabId: number | null;
}

const key = 'latestRecognition';

export function rememberRecognition(message: RecognisedMessage, tabId: number | undefined): Promise<void> {
  return chrome.storage.session.set({ [key]: { message, tabId: tabId ?? null } satisfies LatestRecognition });
}

export async function latestRecognition(): Promise<LatestRecognition | null> {
  const stored = await chrome.storage.session.get(key);
  return (stored[key] as LatestRecognition | undefined) ?? null;
}
