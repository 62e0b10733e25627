// The worker's side of the event log: dispatch when a commit is heard (LISTEN) and on a short
// interval for what was not heard (a listener reconnecting, events committed while no worker ran).
// Wake-ups are coalesced: one pass at a time, and a wake-up during a pass asks for one more.
// Two workers may both pass; the dispatcher's SKIP LOCKED claim keeps each event to one of them.
import type { EventDispatcher } from '../domain/events/event-dispatch.js';
import { listenForEvents } from '../db/event-listener.js';

export function startEventDispatchLoop(deps: {
  databaseUrl: string;
  dispatcher: EventDispatcher;
  everyMs: number;
  onError: (error: unknown) => void;
}) {
  let running: Promise<void> | null = null;
  let again = false;
  let closed = false;

  const wake = () => {
    if (closed) return;
    if (running) {
      again = true;
      return;
    }
    running = (async () => {
      do {
        again = false;
        await deps.dispatcher.dispatchPending().catch(deps.onError);
      } while (again && !closed);
    })().finally(() => (running = null));
  };

  const listener = listenForEvents(deps.databaseUrl, wake, deps.onError);
  const timer = setInterval(wake, deps.everyMs);
  wake();

  return {
    async close() {
      closed = true;
      clearInterval(timer);
      await listener.close();
      await running;
    },
  };
}
