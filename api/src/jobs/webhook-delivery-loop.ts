// The worker's delivery loop: keeps up to `concurrency` webhook requests in flight, and as many
// deliveries again claimed and ready to go, so a request that ends is followed at once by the next
// rather than by a round trip to PostgreSQL (webhook-delivery.ts claims them in batches). It is
// woken when the dispatcher has fanned events out, when a request ends while more may wait, when a
// booking's next delivery is freed, and on a short interval for the rest (retries falling due, a
// claim run out, another worker's fan-out). Wake-ups are coalesced: one claim at a time, and a
// wake-up during a claim asks for one more. Two workers' loops share the work through the claim
// (SKIP LOCKED) and never send the same attempt twice; a worker killed mid-attempt, or stopped with
// deliveries claimed and not yet started, leaves its claims to run out for the others.
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
  const ready: (() => StartedAttempt)[] = [];
  let claiming: Promise<void> | null = null;
  let again = false;
  let closed = false;
  // The last claim took all it asked for: more may be due, so an ended request claims again.
  let moreMayWait = false;

  const startReady = () => {
    while (!closed && inFlight.size < deps.concurrency && ready.length > 0) {
      const attempt = ready.shift()!();
      // A slot is the request: it frees when the receiver has answered, while the outcome is
      // still being recorded (successes are written together).
      const slot = attempt.sent.finally(() => {
        inFlight.delete(slot);
        startReady();
        if (moreMayWait) wake();
      });
      inFlight.add(slot);
      const recorded: Promise<unknown> = attempt.done.catch(deps.onError).finally(() => recording.delete(recorded));
      recording.add(recorded);
    }
  };

  const fill = async () => {
    do {
      again = false;
      const room = 2 * deps.concurrency - inFlight.size - ready.length;
      if (room <= 0) {
        moreMayWait = true;
        return;
      }
      try {
        const claimed = await deps.deliverer.claimDue(room);
        moreMayWait = claimed.length === room;
        ready.push(...claimed);
      } catch (error) {
        deps.onError(error);
        return;
      }
      startReady();
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
