// The panel's view of the terminal: the newest recognised entries (from a terminal's content
// script or the agent's selection), the tab they came from, when the text appeared, the PNR's names
// and contact seen so far, and the search the newest availability or fare entry asks for. That
// search starts in the message listener itself, before React renders anything: the render of the
// entry runs while the airlines are asked, not before.
import type { ContrailClient, SearchResult } from '@contrail/sdk';
import { useEffect, useRef, useState } from 'react';
import { latestRecognition } from '../background/latest';
import { toSearchFilters, toSearchRequest, type Recognition, type RecognisedPassenger } from '../gds';
import type { RecognisedMessage } from '../messages';

export type Searchable = Extract<Recognition, { kind: 'availability' | 'fare_display' }>;

export interface EntrySearch {
  entry: Searchable;
  /** The offers, or null when the entry's dates are not ones our search takes. */
  answer: Promise<SearchResult> | null;
  /** When the search was sent: wall clock (ms) and performance.now(). */
  startedAt: number;
  started: number;
}

export interface PnrContact {
  phone?: string;
  email?: string;
}

export interface TerminalInput {
  message: RecognisedMessage;
  tabId: number | null;
  receivedAt: number;
  /** Every name entry seen so far: they fill the booking form and size the search's party. */
  passengers: RecognisedPassenger[];
  contact: PnrContact;
  /** The newest searchable entry of this message, its search already on its way. */
  search: EntrySearch | null;
}

function startSearch(client: ContrailClient, entry: Searchable, passengers: RecognisedPassenger[]): EntrySearch {
  const request = toSearchRequest(entry, { today: new Date(), passengers });
  const startedAt = Date.now();
  const started = performance.now();
  if (!request) return { entry, answer: null, startedAt, started };
  const answer = (async () => {
    const found = await client.searchOffers(request);
    const filters = toSearchFilters(entry);
    return filters ? client.filterSearchResult({ search_result_id: found.id, filters }) : found;
  })();
  // The panel shows a failure of the entry on screen; one a newer entry replaced is not reported.
  answer.catch(() => undefined);
  return { entry, answer, startedAt, started };
}

export function useRecognitions(client: ContrailClient | null): TerminalInput | null {
  const [input, setInput] = useState<TerminalInput | null>(null);
  const clientNow = useRef(client);
  clientNow.current = client;
  const seen = useRef<{ passengers: RecognisedPassenger[]; contact: PnrContact }>({ passengers: [], contact: {} });
  useEffect(() => {
    let live = true;
    const take = (message: RecognisedMessage, tabId: number | null): TerminalInput => {
      const receivedAt = Date.now();
      const found = message.recognitions;
      const names = found.filter((r) => r.kind === 'pnr_names').flatMap((r) => r.passengers);
      let { passengers, contact } = seen.current;
      if (names.length > 0) passengers = [...passengers, ...names];
      for (const r of found)
        if (r.kind === 'pnr_contact')
          contact = { ...contact, ...(r.phone ? { phone: r.phone } : {}), ...(r.email ? { email: r.email } : {}) };
      seen.current = { passengers, contact };
      const searchable = found
        .filter((r): r is Searchable => r.kind === 'availability' || r.kind === 'fare_display')
        .at(-1);
      const client = clientNow.current;
      const search = searchable && client ? startSearch(client, searchable, passengers) : null;
      return { message, tabId, receivedAt, passengers, contact, search };
    };
    let heard = false;
    // A panel opened after the entry appeared: the newest one, unless a message came first.
    void latestRecognition().then((latest) => {
      if (live && latest && !heard) setInput(take(latest.message, latest.tabId));
    });
    const listener = (message: RecognisedMessage, sender: chrome.runtime.MessageSender) => {
      if (message?.type !== 'terminal.recognised') return;
      heard = true;
      setInput(take(message, sender.tab?.id ?? null));
    };
    chrome.runtime.onMessage.addListener(listener);
    return () => {
      live = false;
      chrome.runtime.onMessage.removeListener(listener);
    };
  }, []);
  return input;
}
