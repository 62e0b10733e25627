// The extension's connection to Contrail: the extension credential and the API it belongs to,
// kept in the extension's local storage (the credential never travels in a URL, and content
// scripts never read it). The API base is the origin of the console page that connected. The mode
// is the credential's own: the API writes it into the token (`ctr_test_…`, `ctr_live_…`), so no page
// can make a test credential look live. A call answered 401 marks the connection revoked: the panel
// then asks the agent to reconnect from the console's settings, and the icon's badge says so.
import { createClient, type ContrailClient } from '@contrail/sdk';
export { modeOfToken } from './messages';

export interface Connection {
  token: string;
  /** From the token itself (modeOfToken in messages.ts). */
  mode: 'test' | 'live';
  /** The console's origin, e.g. https://app.contrail.travel. */
  origin: string;
  language: 'en' | 'ua' | 'pl';
  connectedAt: string;
  /** The API refused the credential (revoked in the console, or expired): reconnect. */
  revoked?: boolean;
}

const key = 'connection';

export async function readConnection(): Promise<Connection | null> {
  const stored = await chrome.storage.local.get(key);
  return (stored[key] as Connection | undefined) ?? null;
}

export function saveConnection(connection: Connection): Promise<void> {
  return chrome.storage.local.set({ [key]: connection });
}

export function forgetConnection(): Promise<void> {
  return chrome.storage.local.remove(key);
}

export function onConnectionChange(listener: (connection: Connection | null) => void): () => void {
  const handler = (changes: Record<string, chrome.storage.StorageChange>, area: string) => {
    if (area === 'local' && key in changes) listener((changes[key]?.newValue as Connection | undefined) ?? null);
  };
  chrome.storage.onChanged.addListener(handler);
  return () => chrome.storage.onChanged.removeListener(handler);
}

/** Marks the connection whose credential the API refused (unless another has replaced it meanwhile). */
async function markRevoked(token: string): Promise<void> {
  const now = await readConnection();
  if (now?.token === token && !now.revoked) await saveConnection({ ...now, revoked: true });
}

/** The SDK client of a connection: bearer credential, no cookies, the API beside the console. */
export function clientFor(connection: Connection): ContrailClient {
  return createClient({
    baseUrl: `${connection.origin}/api/v1`,
    token: connection.token,
    credentials: 'omit',
    language: () => connection.language,
    fetch: async (input, init) => {
      const answer = await fetch(input, init);
      if (answer.status === 401) await markRevoked(connection.token);
      return answer;
    },
  });
}
