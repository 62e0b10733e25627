// The worker's delivery loop: keeps up to `concurrency` webhook requests in flight, claiming due
// deliveries from PostgreSQL in batches (webhook-delivery.ts). It is woken when the dispatcher has
// fanned events out, when a slot frees while more may wait, when a booking's next delivery is
// freed, and on a short interval for the rest (retries falling due, a claim run out, another
// worker's fan-out). Wake-ups are coalesced: one claim at a time, and a wake-up during a claim asks
// for one more. Two workers' loops share the work through the claim (SKIP LOCKED), never send the
// same attempt twice, and a worker killed mid-attempt leaves its claims to run out for the others.
import type { StartedAttempt, WebhookDeliverer } from '../domain/webhooks/webhook-delivery.js';

export interface WebhookDeliveryLoop {
  wake(): void;
  close(): Promise<void>;
}

export function startWebhookDeliveryLoop(deps: {
  deliverer: WebhookDeliverer;
  concurrency: number;
  everyMs: number;
  onError: (error: unknown) => void;
}): WebhookDeliveryLoop {
  const inFlight = new Set<Promise<unknown>>();
  const recording = new Set<Promise<unknown>>();
  let claiming: Promise<void> | null = null;
  let again = false;
  let closed = false;
  // The last claim filled every free slot: more may be due, so a freed slot claims again.
  let moreMayWait = false;

  const fill = async () => {
    do {
      again = false;
      const free = deps.concurrency - inFlight.size;
      if (free <= 0) {
        moreMayWait = true;
        return;
      }
      let started: StartedAttempt[];
      try {
        started = await deps.deliverer.deliverDue(free);
      } catch (error) {
        deps.onError(error);
        return;
      }
      moreMayWait = started.length === free;
      for (const attempt of started) {
        // A slot is the request: it frees when the receiver has answered, while the outcome is
        // still being recorded (successes are written together), so the next claim need not wait.
        const slot = attempt.sent.finally(() => {
          inFlight.delete(slot);
          if (moreMayWait) wake();
        });
        inFlight.add(slot);
        const recorded: Promise<unknown> = attempt.done.catch(deps.onError).finally(() => recording.delete(recorded));
        recording.add(recorded);
      }
    } while (again && !closed);
  };

  const wake = () => {
    if (closed) return;
    if (claiming) {
      again = true;
      return;
    }
    claiming = fill().finally(() => (claiming = null));
  };

  const timer = setInterval(wake, deps.everyMs);
  wake();

  return {
    wake,
    async close() {
      closed = true;
      clearInterval(timer);
      await claiming;
      await Promise.allSettled([...inFlight, ...recording]);
    },
  };
}
