// The worker's delivery loop: keeps up to `concurrency` webhook requests in flight. Claims taken at
// fan-out (webhook-consumer.ts) are handed to it and start at once while slots are free, waiting in
// line otherwise; for the rest it claims due deliveries from PostgreSQL in batches
// (webhook-delivery.ts). It claims when the dispatcher has fanned out more than it took, when a
// slot frees while more may wait, when a booking's next delivery is freed, and on a short interval
// for the rest (retries falling due, a claim run out, another worker's fan-out). Wake-ups are
// coalesced: at most two claims at a time (the second only for a batch of some size), and a
// wake-up while no other may start asks for one more when one ends. The line of claims waiting for
// a slot is about a second of sending long (at least as long as the slots, at most forty times; the
// slots' pace is judged from how long requests take, so an idle spell does not shorten it): a
// claim's round trip on a busy database then seldom leaves a slot empty, a burst is claimed in a
// few large statements (a good part of it at fan-out, by no statement of its own), and a claim
// waits in line about a second, far inside the time it may wait before it is given back unsent.
// Two workers' loops share the work through the claim (SKIP LOCKED), never send the same attempt
// twice, and a worker killed mid-attempt leaves its claims to run out for the others.
import type {
  DeliverySlots,
  HeldClaim,
  StartedAttempt,
  WebhookDeliverer,
} from '../domain/webhooks/webhook-delivery.js';

export interface WebhookDeliveryLoop extends DeliverySlots {
  wake(): void;
  close(): Promise<void>;
}

const maxClaims = 2;
// How long a fan-out's `expect` holds the loop's own claims back at most: past it (the fan-out
// rolled back, or wrote nothing for this worker) the loop claims as before.
const expectMs = 1000;
const minSecondClaim = 10;
const maxLineSlots = 40;

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
  const claiming = new Set<Promise<void>>();
  // Slots the claims under way may fill.
  let claimingFor = 0;
  let again = false;
  let closed = false;
  // The last claim filled every free slot: more may be due, so a freed slot claims again.
  let moreMayWait = false;
  // The last claim came back short: nothing more was due then. Until something new may be (a
  // fan-out left rows unclaimed, the interval's pass), a freed slot or a booking's finished delivery
  // claims again only once the line runs short of a round of slots: a claim then brings a booking's
  // next delivery, which would wait behind the line anyway, in time, instead of one empty claim
  // statement after another while the line drains.
  let dry = false;
  let news = 0;
  const mayBeDue = () => {
    dry = false;
    news++;
  };
  // Until when a fan-out under way is expected to bring claims (performance.now()).
  let expectedUntil = 0;
  // How fast the slots turn over: a moving average of how long a request takes (from its start to
  // the receiver's answer). The slots together then send `concurrency / duration` a second, and the
  // line holds about a second of that. It starts as if a request took a second (a line as long as
  // the slots).
  let durationMs = 1000;
  const line = () =>
    Math.min(
      maxLineSlots * deps.concurrency,
      Math.max(deps.concurrency, Math.round((deps.concurrency * 1000) / durationMs)),
    );

  const open = () => deps.concurrency - inFlight.size;

  const run = (attempt: StartedAttempt) => {
    const started = performance.now();
    // A slot is the request: it frees when the receiver has answered, while the outcome is
    // still being recorded (successes are written together), so the next claim need not wait.
    const slot = attempt.sent.finally(() => {
      inFlight.delete(slot);
      durationMs += (Math.max(1, performance.now() - started) - durationMs) / 20;
      startReady();
      if (moreMayWait) wake();
    });
    inFlight.add(slot);
    const recorded: Promise<unknown> = attempt.done.catch(deps.onError).finally(() => recording.delete(recorded));
    recording.add(recorded);
  };

  const startReady = () => {
    while (ready.length > 0 && open() > 0 && !closed) run(deps.deliverer.deliverHeld(ready.shift()!));
  };

  const claim = async (limit: number) => {
    let claimed: HeldClaim[];
    const newsAtStart = news;
    claimingFor += limit;
    try {
      claimed = await deps.deliverer.claimDue(limit);
    } catch (error) {
      deps.onError(error);
      return;
    } finally {
      claimingFor -= limit;
    }
    moreMayWait = claimed.length === limit;
    // Short, unless something new may have come due while it ran.
    dry = claimed.length < limit && news === newsAtStart;
    ready.push(...claimed);
    startReady();
  };

  // Room for claims: the free slots and the line. A freed slot starts the next claim in line at once
  // instead of waiting for a claim's round trip; a claim waits in line about a second, and is given
  // back if it waits too long to cover its attempt (webhook-delivery.ts).
  const room = () => Math.max(0, deps.concurrency - inFlight.size - claimingFor + line() - ready.length);
  // The room a fan-out may claim for: the same, but not held back by this loop's claims under way.
  // Those look for rows already written, which a fan-out's rows are not yet; were they held back,
  // a burst's fan-outs would write their rows unclaimed while the loop's claims came back empty, and
  // each row would then cost a claim of its own. Both at once fill the line at most twice over, a
  // moment's worth, far inside a claim's margin.
  const fanOutRoom = () => Math.max(0, deps.concurrency - inFlight.size + line() - ready.length);

  const wake = () => {
    if (closed) return;
    startReady();
    const free = room();
    // While the line still holds a round of slots' worth, a claim waits to be worth its statement
    // (a quarter of the line); the slots that free meanwhile wake the loop again.
    const least = ready.length >= deps.concurrency ? Math.ceil(line() / 4) : 1;
    // A fan-out under way claims as it writes, for this loop's room, without a statement of its
    // own: while the line holds a round of slots' worth, the room is left to it (a delivery claimed
    // by the loop is written twice, once unclaimed at fan-out, once by the claim).
    const leftToFanOut = ready.length >= deps.concurrency && performance.now() < expectedUntil;
    const stillDry = dry && ready.length >= deps.concurrency;
    if (free < least || leftToFanOut || stillDry) {
      moreMayWait = true;
      return;
    }
    // A second claim runs beside one under way only for a batch worth its round trip: while one
    // claim waits for PostgreSQL, the room made meanwhile is filled by the next.
    if (claiming.size >= maxClaims || (claiming.size > 0 && free < minSecondClaim)) {
      again = true;
      return;
    }
    const pass: Promise<void> = claim(free).finally(() => {
      claiming.delete(pass);
      if ((again || moreMayWait) && !closed) {
        again = false;
        wake();
      }
    });
    claiming.add(pass);
  };

  const timer = setInterval(() => {
    mayBeDue();
    wake();
  }, deps.everyMs);
  wake();

  return {
    wake,
    expect() {
      expectedUntil = performance.now() + expectMs;
    },
    free: fanOutRoom,
    take(claims, leftUnclaimed) {
      expectedUntil = 0;
      // Once closing, nothing new is claimed, but what was claimed for this worker is still sent.
      if (closed) for (const claim of claims) run(deps.deliverer.deliverHeld(claim));
      else ready.push(...claims);
      startReady();
      // What the fan-out did not claim (no free slot, or waiting behind a booking's earlier event).
      if (leftUnclaimed) mayBeDue();
      wake();
    },
    async close() {
      closed = true;
      clearInterval(timer);
      while (claiming.size > 0) await Promise.allSettled([...claiming]);
      for (const claim of ready.splice(0)) run(deps.deliverer.deliverHeld(claim));
      await Promise.allSettled([...inFlight, ...recording]);
    },
  };
}
