// The worker's delivery loop: keeps up to `concurrency` webhook requests in flight. Claims taken at
// fan-out (webhook-consumer.ts) are handed to it and start at once while slots are free, waiting in
// line otherwise; for the rest it claims due deliveries from PostgreSQL in batches
// (webhook-delivery.ts). It claims when the dispatcher has fanned out more than it took, when a
// slot frees while more may wait, when a booking's next delivery is freed, and on a short interval
// for the rest (retries falling due, a claim run out, another worker's fan-out). Wake-ups are
// coalesced: one claim at a time, and a wake-up during a claim asks for one more. Two workers'
// loops share the work through the claim (SKIP LOCKED), never send the same attempt twice, and a
// worker killed mid-attempt leaves its claims to run out for the others.
import type { DeliverySlots, HeldClaim, StartedAttempt, WebhookDeliverer } from '../domain/webhooks/webhook-delivery.js';

export interface WebhookDeliveryLoop extends DeliverySlots {
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
  // Claims taken at fan-out, waiting for a slot (each still checks its claim before it sends).
  const ready: HeldClaim[] = [];
  let claiming: Promise<void> | null = null;
  // Slots the claim under way may fill.
  let claimingFor = 0;
  let again = false;
  let closed = false;
  // The last claim filled every free slot: more may be due, so a freed slot claims again.
  let moreMayWait = false;

  const open = () => deps.concurrency - inFlight.size - claimingFor;

  const run = (attempt: StartedAttempt) => {
    // A slot is the request: it frees when the receiver has answered, while the outcome is
    // still being recorded (successes are written together), so the next claim need not wait.
    const slot = attempt.sent.finally(() => {
      inFlight.delete(slot);
      startReady();
      if (moreMayWait && ready.length === 0) wake();
    });
    inFlight.add(slot);
    const recorded: Promise<unknown> = attempt.done.catch(deps.onError).finally(() => recording.delete(recorded));
    recording.add(recorded);
  };

  const startReady = () => {
    while (ready.length > 0 && open() > 0 && !closed) run(deps.deliverer.deliverHeld(ready.shift()!));
  };

  const fill = async () => {
    do {
      again = false;
      startReady();
      const free = open() - ready.length;
      if (free <= 0) {
        moreMayWait = true;
        return;
      }
      let started: StartedAttempt[];
      claimingFor = free;
      try {
        started = await deps.deliverer.deliverDue(free);
      } catch (error) {
        deps.onError(error);
        return;
      } finally {
        claimingFor = 0;
      }
      moreMayWait = started.length === free;
      for (const attempt of started) run(attempt);
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
    // The free slots and a line as long as the slots: a claim waits at most about one request for
    // its slot, and is given back if it waits too long for its claim to cover the attempt.
    free: () => Math.max(0, open() + deps.concurrency - ready.length),
    take(claims) {
      // Once closing, nothing new is claimed, but what was claimed for this worker is still sent.
      if (closed) for (const claim of claims) run(deps.deliverer.deliverHeld(claim));
      else ready.push(...claims);
      startReady();
      // What the fan-out did not claim (no free slot, or waiting behind a booking's earlier event).
      wake();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      await claiming;
      for (const claim of ready.splice(0)) run(deps.deliverer.deliverHeld(claim));
      await Promise.allSettled([...inFlight, ...recording]);
    },
  };
}
