// The extension's connection to Contrail: the extension credential and the API it belongs to,
// kept in the extension's local storage (the credential never travels in a URL, and content
// scripts never read it). The API base is the origin of the console page that connected.
import { createClient, type ContrailClient } from '@contrail/sdk';

export interface Connection {
  token: string;
  mode: 'test' | 'live';
  /** The console's origin, e.g. https://app.contrail.travel. */
  origin: string;
  language: 'en' | 'ua' | 'pl';
  connectedAt: string;
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

/** The SDK client of a connection: bearer credential, no cookies, the API beside the console. */
export function clientFor(connection: Connection): ContrailClient {
  return createClient({
    baseUrl: `${connection.origin}/api/v1`,
    token: connection.token,
    credentials: 'omit',
    language: () => connection.language,
  });
}
