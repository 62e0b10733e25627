// Many claimers on the same pending deliveries: two workers' worth of delivery code (each its own
// connection pool and HTTP agent) race 40 claimers at once on one round's deliveries, in three ways
// at the same time: claims taken at fan-out (the round's deliveries are written by one worker's
// `writeFanOut`, half of them claimed there, and sent by `deliverHeld` while the others race),
// batch claims (the delivery loop's `claimDue`) and claims by id (a queue job's `attempt`,
// several jobs for each delivery). A quarter of the deliveries fail their first attempt
// (the receiver answers 500), and the retry schedule here is immediate, so the race covers retries
// too. Per round: every delivery succeeds, the receiver saw each delivery exactly once per recorded
// attempt (never two sends of one attempt), every send carries the event's id as webhook-id and
// verifies, and a booking's events arrive in log order. RACE_ROUNDS rounds, at least 20.
import { randomBytes } from 'node:crypto';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, type Db } from '../../api/src/db/database.js';
import { markDispatched } from '../../api/src/db/events.repository.js';
import type { NewDelivery } from '../../api/src/db/webhooks.repository.js';
import { systemClock } from '../../api/src/domain/clock.js';
import { createSecretBox } from '../../api/src/domain/crypto/secret-box.js';
import { recordEvent } from '../../api/src/domain/events/record-event.js';
import { newId } from '../../api/src/domain/ids.js';
import {
  createWebhookDeliverer,
  type HeldClaim,
  type WebhookDeliverer,
} from '../../api/src/domain/webhooks/webhook-delivery.js';
import { newWebhookSecret } from '../../api/src/domain/webhooks/webhook-signing.js';
import { createOutboundGuard } from '../../api/src/outbound/outbound-guard.js';
import { createOutboundPoster, type OutboundPoster } from '../../api/src/outbound/outbound-http.js';
import { demoAgency } from '../../api/src/scripts/seed.js';
import { createScratchDatabase } from '../support/scratch-database.js';
import { testSecretKey } from '../support/services.js';
import { insertDemoEndpoint } from '../support/webhook-endpoints.js';
import { startReceiver, verifyStandardWebhook, type Received, type Receiver } from '../support/webhook-receiver.js';

const rounds = Math.max(20, Number(process.env.RACE_ROUNDS ?? 20));
const perRound = 60;
const claimers = 40;
const secretBox = createSecretBox(testSecretKey, 'webhook-secret');
const secret = newWebhookSecret();

let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
let db: Db;
let receiver: Receiver;
const workers: { db: Db; poster: OutboundPoster; deliverer: WebhookDeliverer }[] = [];
let endpointId: string;
// webhook-ids whose first arrival is answered 500.
const failFirst = new Set<string>();
const seen = new Map<string, number>();

beforeAll(async () => {
  scratch = await createScratchDatabase('webhooks_race');
  db = createDb(scratch.url, 4);
  receiver = await startReceiver((delivery: Received, res) => {
    const id = delivery.headers['webhook-id'] as string;
    const n = (seen.get(id) ?? 0) + 1;
    seen.set(id, n);
    res.writeHead(n === 1 && failFirst.has(id) ? 500 : 204).end();
  });
  endpointId = await insertDemoEndpoint(db, { url: receiver.url, secret, secretKey: testSecretKey, by: 'race' });
  for (let w = 0; w < 2; w++) {
    const workerDb = createDb(scratch.url, 8);
    const poster = createOutboundPoster(createOutboundGuard({ allowCidrs: '127.0.0.0/8' }), {
      timeoutMs: 5_000,
      connections: 20,
    });
    const deliverer = createWebhookDeliverer({
      db: workerDb,
      clock: systemClock,
      jobs: { enqueueWebhookDelivery: async () => undefined },
      secrets: secretBox,
      poster,
      scheduleMs: [0, 0, 0, 0],
      timeoutMs: 5_000,
      disableAfterMs: 3_600_000,
      wake: () => undefined,
    });
    workers.push({ db: workerDb, poster, deliverer });
  }
}, 120_000);

afterAll(async () => {
  for (const w of workers) {
    await w.poster.close();
    await w.db.destroy();
  }
  await db?.destroy();
  await receiver?.close();
  await scratch?.drop();
});

/**
 * One round's events and their deliveries: 20 bookings of 3 events each, fanned out by one worker
 * as its dispatcher does (the events still undispatched in the transaction that writes the
 * deliveries, half of those claimed there), then taken off the dispatch queue.
 */
async function pendingRound(round: number) {
  const now = new Date();
  const rows: NewDelivery[] = [];
  const bookings = Array.from({ length: perRound / 3 }, () => `bkg_race_${randomBytes(5).toString('hex')}`);
  const keys = Array.from({ length: perRound }, () => `race:${randomBytes(8).toString('hex')}`);
  await db.transaction().execute(async (trx) => {
    for (const [i, dedupeKey] of keys.entries())
      await recordEvent(trx, {
        type: 'booking.created',
        agencyId: demoAgency.id,
        bookingId: bookings[i % bookings.length]!,
        liveMode: false,
        object: { n: i },
        at: now,
        dedupeKey,
      });
  });
  const events = await db
    .selectFrom('events')
    .select(['id', 'seq', 'booking_id', 'dedupe_key'])
    .where('dedupe_key', 'in', keys)
    .execute();
  const byKey = new Map(events.map((e) => [e.dedupe_key, e]));
  for (const [i, key] of keys.entries()) {
    const event = byKey.get(key)!;
    if (i % 4 === 0) failFirst.add(event.id);
    rows.push({
      id: newId('whd'),
      endpoint_id: endpointId,
      event_id: event.id,
      event_type: 'booking.created',
      event_seq: event.seq,
      booking_id: event.booking_id!,
      next_attempt_at: now,
      created_at: now,
    });
  }
  const fanningOut = workers[round % 2]!;
  const endpoint = await db
    .selectFrom('webhook_endpoints')
    .selectAll()
    .where('id', '=', endpointId)
    .executeTakeFirstOrThrow();
  const held = await db.transaction().execute(async (trx) => {
    const claimed = await fanningOut.deliverer.writeFanOut(
      trx,
      {
        rows,
        endpoints: new Map([[endpointId, endpoint]]),
        bodies: new Map(events.map((e) => [e.id, Buffer.from(JSON.stringify({ ...envelope, id: e.id }))])),
      },
      perRound / 2,
    );
    await markDispatched(
      trx,
      events.map((e) => e.seq),
    );
    return claimed;
  });
  return { rows, held, fanningOut };
}

const envelope = {
  type: 'booking.created' as const,
  created_at: new Date().toISOString(),
  live_mode: false,
  agency_id: demoAgency.id,
  data: { object: {} },
  request: null,
};

/** 40 claimers, half on each worker, until nothing of the round is pending. */
async function race(ids: string[], held: HeldClaim[], fanningOut: WebhookDeliverer) {
  const deadline = Date.now() + 30_000;
  let done = false;
  const watch = async () => {
    while (!done && Date.now() < deadline) {
      const left = await db
        .selectFrom('webhook_deliveries')
        .select((eb) => eb.fn.countAll<string>().as('n'))
        .where('id', 'in', ids)
        .where('status', '=', 'pending')
        .executeTakeFirstOrThrow();
      if (Number(left.n) === 0) break;
      await new Promise((r) => setTimeout(r, 20));
    }
    done = true;
  };
  await Promise.all([
    watch(),
    ...held.map((claim) => fanningOut.deliverHeld(claim).done),
    ...Array.from({ length: claimers }, async (_, c) => {
      const { deliverer } = workers[c % 2]!;
      while (!done) {
        // Odd claimers behave as queue jobs (a claim by id, two or more jobs per delivery); even ones
        // as delivery loops (a batch of whatever is due).
        if (c % 2 === 1) await Promise.all(ids.slice((c % 7) * 3, (c % 7) * 3 + 4).map((id) => deliverer.attempt(id)));
        else await Promise.all((await deliverer.claimDue(5)).map((c) => deliverer.deliverHeld(c).done));
      }
    }),
  ]);
}

it(`sends each attempt once under ${claimers} concurrent claimers, ${rounds} rounds`, async () => {
  for (let round = 0; round < rounds; round++) {
    const { rows, held, fanningOut } = await pendingRound(round);
    // The fan-out claims only what may go first: each booking's first event (20 of the 30 asked).
    expect(held.length, `round ${round}: claimed at fan-out`).toBe(perRound / 3);
    const from = receiver.received.length;
    await race(
      rows.map((r) => r.id),
      held,
      fanningOut.deliverer,
    );
    const arrived = receiver.received.slice(from);

    const deliveries = await db
      .selectFrom('webhook_deliveries')
      .selectAll()
      .where(
        'id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    expect(deliveries.map((d) => d.status)).toEqual(rows.map(() => 'succeeded'));
    const attempts = await db
      .selectFrom('webhook_attempts')
      .select(['delivery_id', 'attempt', 'succeeded'])
      .where(
        'delivery_id',
        'in',
        rows.map((r) => r.id),
      )
      .execute();
    for (const row of rows) {
      const sends = arrived.filter((d) => d.headers['webhook-id'] === row.event_id);
      const recorded = attempts.filter((a) => a.delivery_id === row.id);
      const expected = failFirst.has(row.event_id) ? 2 : 1;
      expect(sends, `round ${round}, ${row.event_id}: sends`).toHaveLength(expected);
      expect(recorded.map((a) => a.attempt).sort()).toEqual(expected === 2 ? [1, 2] : [1]);
      expect(recorded.filter((a) => a.succeeded)).toHaveLength(1);
      for (const send of sends) expect(verifyStandardWebhook(send, [secret])).toEqual([0]);
    }
    // A booking's events arrive in log order (their first arrivals).
    const firstArrival = new Map<string, number>();
    arrived.forEach((d, i) => {
      const id = d.headers['webhook-id'] as string;
      if (!firstArrival.has(id)) firstArrival.set(id, i);
    });
    const byBooking = new Map<string | null, typeof rows>();
    for (const row of rows) byBooking.set(row.booking_id, [...(byBooking.get(row.booking_id) ?? []), row]);
    for (const list of byBooking.values()) {
      const order = list.map((r) => firstArrival.get(r.event_id)!);
      expect(order).toEqual([...order].sort((a, b) => a - b));
    }
  }
}, 120_000);
