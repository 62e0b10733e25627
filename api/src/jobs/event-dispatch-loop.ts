// The worker's side of the event log: dispatch when a commit is heard (LISTEN) and on a short
// interval for what was not heard (a listener reconnecting, events committed while no worker ran).
// Wake-ups are coalesced: up to `passes` passes at a time (two by default, so an event committed
// while a pass is under way starts its own at once rather than waiting for that one to end), and a
// wake-up while all of them run asks for one more. A pass whose batch came back full wakes the loop
// too: a burst is then dispatched by two passes side by side, each one's batch claimed while the
// other's is written and committed, rather than one batch's round trips after another's (a batch's
// time is mostly waiting for PostgreSQL, about ten statements one after another). Passes of this
// worker or of two workers never take the same event: the dispatcher's SKIP LOCKED claim keeps
// each event to one of them, and a booking's later event waits to be sent until its earlier ones
// are dispatched (the delivery claim).
import type { EventDispatcher } from '../domain/events/event-dispatch.js';
import { listenForEvents } from '../db/event-listener.js';

export function startEventDispatchLoop(deps: {
  databaseUrl: string;
  dispatcher: EventDispatcher;
  everyMs: number;
  onError: (error: unknown) => void;
  passes?: number;
}) {
  const passes = deps.passes ?? 2;
  const running = new Set<Promise<void>>();
  let again = false;
  let closed = false;

  const wake = () => {
    if (closed) return;
    if (running.size >= passes) {
      again = true;
      return;
    }
    const pass: Promise<void> = (async () => {
      do {
        again = false;
        await deps.dispatcher.dispatchPending(undefined, besides).catch(deps.onError);
      } while (again && !closed);
    })().finally(() => running.delete(pass));
    running.add(pass);
  };
  // A full batch: another pass beside this one if there is room (no more asked for when there is
  // none: the running passes go on while their batches come back full).
  const besides = () => {
    if (running.size < passes) wake();
  };

  const listener = listenForEvents(deps.databaseUrl, wake, deps.onError);
  const timer = setInterval(wake, deps.everyMs);
  wake();

  return {
    async close() {
      closed = true;
      clearInterval(timer);
      await listener.close();
      await Promise.allSettled([...running]);
    },
  };
}
