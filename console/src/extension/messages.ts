// The messages the extension's parts send each other, in one place so each side reads the same
// shape. The console page → service worker (externally_connectable, the console's origins only);
// a terminal's content script → panel and service worker; panel → content script.
import type { Dialect, Recognition } from './gds';

/** From the console's settings: the extension credential, in the message body, never in a URL. Its
 * mode is read from the token itself, not from the message. */
export interface ConnectMessage {
  type: 'contrail.connect';
  token: string;
  /** The console's language, for the panel's texts. */
  language: 'en' | 'ua' | 'pl';
}

export interface DisconnectMessage {
  type: 'contrail.disconnect';
}

/** Entries recognised in new terminal output (or the agent's selection). */
export interface RecognisedMessage {
  type: 'terminal.recognised';
  dialect: Dialect | null;
  recognitions: Recognition[];
  /** Date.now() when the text appeared on the page, before parsing: the overhead measure starts here. */
  seenAt: number;
  /** Milliseconds spent recognising. */
  parseMs: number;
}

/** The panel asks the terminal's page to put entries into its command line (one click, never typed on its own). */
export interface InsertMessage {
  type: 'terminal.insert';
  entries: string[];
}

export type ExtensionMessage = ConnectMessage | DisconnectMessage | RecognisedMessage | InsertMessage;

export function isConnectMessage(value: unknown): value is ConnectMessage {
  const m = value as Partial<ConnectMessage> | null;
  return (
    typeof m === 'object' &&
    m !== null &&
    m.type === 'contrail.connect' &&
    typeof m.token === 'string' &&
    modeOfToken(m.token) !== null &&
    (m.language === 'en' || m.language === 'ua' || m.language === 'pl')
  );
}

/** The mode the API wrote into a credential (`ctr_test_…`, `ctr_live_…`), or null for what is not one. */
export function modeOfToken(token: string): 'test' | 'live' | null {
  return (/^ctr_(test|live)_[A-Za-z0-9]{32}$/.exec(token)?.[1] as 'test' | 'live' | undefined) ?? null;
}
