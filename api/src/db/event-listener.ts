// Hearing of committed events at once: one dedicated connection LISTENs on the channel that
// insertEvent NOTIFYs. It only wakes the dispatcher (the rows are the truth), so a lost
// connection loses nothing: it reconnects after a pause, and the dispatcher's periodic pass covers
// the gap.
import pg from 'pg';
import { eventsChannel } from './events.repository.js';

export interface EventListener {
  close(): Promise<void>;
}

export function listenForEvents(
  connectionString: string,
  onEvent: () => void,
  onError: (error: unknown) => void = () => undefined,
  retryMs = 1_000,
): EventListener {
  let client: pg.Client | null = null;
  let closed = false;
  let retry: NodeJS.Timeout | null = null;

  const connect = async () => {
    if (closed) return;
    const next = new pg.Client({ connectionString });
    const reconnect = (error: unknown) => {
      onError(error);
      next.removeAllListeners();
      next.end().catch(() => undefined);
      if (client === next) client = null;
      if (!closed && !retry) retry = setTimeout(() => ((retry = null), void connect()), retryMs);
    };
    next.on('error', reconnect);
    next.on('end', () => !closed && reconnect(new Error('event listener connection ended')));
    next.on('notification', () => onEvent());
    try {
      await next.connect();
      await next.query(`LISTEN ${eventsChannel}`);
      client = next;
      // Whatever committed while no connection listened is picked up now.
      onEvent();
    } catch (error) {
      reconnect(error);
    }
  };
  void connect();

  return {
    async close() {
      closed = true;
      if (retry) clearTimeout(retry);
      const current = client;
      client = null;
      if (current) {
        current.removeAllListeners();
        current.on('error', () => undefined);
        await current.end().catch(() => undefined);
      }
    },
  };
}
