// Race scenarios that take a list of API base URLs and send request i to baseUrls[i % n], so with
// two API processes the racing requests meet in PostgreSQL and Redis, never in one process's
// memory. Each answers what it saw; the test asserts. Written to be swapped for the hardening
// work's shared scenarios (tests/support/races.ts), which take the same `baseUrls`.
import { Queue } from 'bullmq';
import { Redis } from 'ioredis';
import request from 'supertest';
import { expect } from 'vitest';
import { findBookingByLocator, type BookingRow } from '../../api/src/db/bookings.repository.js';
import { takeBooking } from '../../api/src/domain/bookings/booking-intents.js';
import { orderRefOf } from '../../api/src/domain/bookings/booking-order-ref.js';
import type { Db } from '../../api/src/db/database.js';
import { toMinor } from '../../api/src/money.js';
import { addAncillaries, emdRequestsOf, paidService } from './ancillaries.js';
import { sql } from 'kysely';
import { balanceOf, bearer, book, findFares, payBy } from './bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from './factories.js';
import { issuedBooking, type RaceWorld } from './races.js';
import { waitFor } from './wait.js';

const pick = (baseUrls: readonly string[], i: number) => baseUrls[i % baseUrls.length]!;

export async function payingAgent(db: Db, balance = '100000.00'): Promise<{ tenant: TestTenant; agent: TestAccount }> {
  const tenant = await createTenant(db);
  const agent = await createAccount(db, { userType: 'Agent', tenant });
  await payBy(db, tenant, 'company_balance');
  // A top-up as an admin makes one: a ledger entry and the balance it leaves, together.
  await db.transaction().execute(async (trx) => {
    const company = await trx
      .updateTable('companies')
      .set({ balance_amount: sql`balance_amount + ${balance}::numeric` })
      .where('id', '=', tenant.companyId)
      .returning(['balance_amount', 'balance_currency'])
      .executeTakeFirstOrThrow();
    await trx
      .insertInto('transactions')
      .values({
        id: `txn_cluster_${tenant.companyId}`,
        company_id: tenant.companyId,
        amount: balance,
        currency: company.balance_currency,
        balance_after: company.balance_amount,
        reason: 'Top-up for the cluster race test',
        actor_account_id: agent.id,
        created_at: new Date(),
      })
      .execute();
  });
  return { tenant, agent };
}

const ledgerCount = async (db: Db, companyId: string) =>
  (await db.selectFrom('transactions').select('id').where('company_id', '=', companyId).execute()).length;

/** `concurrency` issue requests for one booking, spread over the API processes: one ticket, one debit. */
export async function concurrentIssue(baseUrls: readonly string[], db: Db, concurrency = 30) {
  const { tenant, agent } = await payingAgent(db);
  const [fare] = await findFares(
    pick(baseUrls, 0),
    bearer(agent.token),
    { origin: 'WAW', destination: 'FRA', days: 30 + Math.floor(Math.random() * 200) },
    { currency: 'EUR' },
  );
  const booked = await book(pick(baseUrls, 1), bearer(agent.token), fare!);
  const [balanceBefore, entriesBefore] = [
    toMinor(await balanceOf(db, tenant.companyId)),
    await ledgerCount(db, tenant.companyId),
  ];
  const answers = await Promise.all(
    Array.from({ length: concurrency }, (_, i) =>
      request(pick(baseUrls, i))
        .post('/api/v1/bookings/issue')
        .set(bearer(agent.token))
        .send({ locator: booked.locator }),
    ),
  );
  const sales = await db.selectFrom('sales_documents').select('id').where('locator', '=', booked.locator).execute();
  return {
    statuses: answers.map((a) => a.status),
    debitedMinor: balanceBefore - toMinor(await balanceOf(db, tenant.companyId)),
    newLedgerEntries: (await ledgerCount(db, tenant.companyId)) - entriesBefore,
    salesDocuments: sales.length,
  };
}

/** The same bag added `concurrency` times at once after issue: one EMD request, one debit. */
export async function concurrentEmdAdd(baseUrls: readonly string[], db: Db, concurrency = 30) {
  const { tenant, agent } = await payingAgent(db);
  const [fare] = await findFares(
    pick(baseUrls, 0),
    bearer(agent.token),
    { origin: 'WAW', destination: 'FRA', days: 30 + Math.floor(Math.random() * 200) },
    { currency: 'EUR', carriers: ['LH'] },
  );
  const booked = await book(pick(baseUrls, 0), bearer(agent.token), fare!);
  const issued = await request(pick(baseUrls, 1))
    .post('/api/v1/bookings/issue')
    .set(bearer(agent.token))
    .send({ locator: booked.locator });
  expect(issued.status, JSON.stringify(issued.body)).toBe(200);
  const bag = await paidService(pick(baseUrls, 0), agent.token, booked.locator);
  const entriesBefore = await ledgerCount(db, tenant.companyId);
  const answers = await Promise.all(
    Array.from({ length: concurrency }, (_, i) =>
      addAncillaries(pick(baseUrls, i), agent.token, booked.locator, [{ service_id: bag.id, passenger_id: 'PAX1' }]),
    ),
  );
  return {
    locator: booked.locator,
    statuses: answers.map((a) => a.status),
    emdRequests: (await emdRequestsOf(db, booked.locator)).length,
    newLedgerEntries: (await ledgerCount(db, tenant.companyId)) - entriesBefore,
  };
}

/** `concurrency` wrong passwords at once for one identity: no more than the limit may be tried. */
export async function concurrentWrongPasswords(baseUrls: readonly string[], db: Db, concurrency = 30) {
  const account = await createAccount(db);
  const answers = await Promise.all(
    Array.from({ length: concurrency }, (_, i) =>
      request(pick(baseUrls, i))
        .post('/api/v1/sign_in')
        .send({ identity: account.email, password: `wrong-${i}` }),
    ),
  );
  const right = await request(pick(baseUrls, 0))
    .post('/api/v1/sign_in')
    .send({ identity: account.email, password: account.password });
  return { statuses: answers.map((a) => a.status), rightPasswordStatus: right.status };
}

/** Companies whose balance is not the sum of their ledger entries (should be none). */
export async function balancesOffLedger(db: Db) {
  return db
    .selectFrom('companies as c')
    .leftJoin('transactions as t', 't.company_id', 'c.id')
    .select(['c.id', 'c.balance_amount as balance', sql<string>`coalesce(sum(t.amount), 0)`.as('ledger')])
    .groupBy(['c.id', 'c.balance_amount'])
    .having(sql<boolean>`coalesce(sum(t.amount), 0) <> c.balance_amount`)
    .execute();
}

let nextAddress = 1;
/** A client address of its own (the cluster trusts X-Forwarded-For), so the per-address ceilings stay out of the way. */
const freshAddress = () => `198.51.${Math.floor(nextAddress / 250)}.${(nextAddress++ % 250) + 1}`;

/**
 * `concurrency` wrong one-time codes at once for one identity, each from an address of its own and
 * spread over the API processes, then the right code: no more than the limit may be compared, and
 * the code is dead after it.
 */
export async function concurrentWrongCodes(baseUrls: readonly string[], db: Db, concurrency = 30) {
  const account = await createAccount(db, { authMethod: 'otp' });
  const started = await request(pick(baseUrls, 0))
    .post('/api/v1/start_sign_in')
    .set('X-Forwarded-For', freshAddress())
    .send({ identity: account.email });
  expect(started.status, JSON.stringify(started.body)).toBe(200);
  const [message] = await waitFor(
    'the one-time code in the outbox',
    () => db.selectFrom('mail_messages').select('body').where('recipient', '=', account.email).execute(),
    (rows) => rows.length > 0,
    30_000,
  );
  const code = /\b(\d{6})\b/.exec(message?.body ?? '')![1]!;
  const wrong = (i: number) => String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0');
  const answers = await Promise.all(
    Array.from({ length: concurrency }, (_, i) =>
      request(pick(baseUrls, i))
        .post('/api/v1/sign_in')
        .set('X-Forwarded-For', freshAddress())
        .send({ identity: account.email, code: wrong(i) }),
    ),
  );
  const { attempts } = await db
    .selectFrom('otp_codes')
    .select('attempts')
    .where('account_id', '=', account.id)
    .orderBy('created_at', 'desc')
    .executeTakeFirstOrThrow();
  const right = await request(pick(baseUrls, 1))
    .post('/api/v1/sign_in')
    .set('X-Forwarded-For', freshAddress())
    .send({ identity: account.email, code });
  return { statuses: answers.map((a) => a.status), attempts, rightCodeStatus: right.status };
}

/**
 * `stranded` voids left as a killed API process leaves them (the intent written long ago, the
 * airline's void done, nothing recorded), then `jobs` reconciler rounds queued at once, so the
 * workers run them side by side (the scheduled round may take part too). Answers what each
 * booking ended with, how many the queued rounds finished and which workers ran them.
 */
export async function concurrentReconcile(
  world: RaceWorld & { redisUrl: string; keyPrefix: string },
  companyId: string,
  options: { stranded?: number; jobs?: number } = {},
) {
  const longAgo = new Date(Date.now() - 10 * 60_000);
  const rows: BookingRow[] = [];
  for (let i = 0; i < (options.stranded ?? 3); i++) {
    const booked = await issuedBooking(world, 30 + Math.floor(Math.random() * 250));
    const row = (await findBookingByLocator(world.db, booked.locator))!;
    // The airline's void first, then the intent: the scheduled round (which may come at any moment)
    // never sees an open void whose order is not voided yet, and would roll it back.
    await world.airline.provider.voidOrder((await world.airline.channels.forBooking(row)).channel, orderRefOf(row));
    await world.db.transaction().execute((trx) => takeBooking(trx, row.id, row, { operation: 'void', at: longAgo }));
    rows.push(row);
  }
  const connection = new Redis(world.redisUrl, { maxRetriesPerRequest: null });
  const queue = new Queue('airline-reconcile', { connection, prefix: world.keyPrefix });
  try {
    const jobs = await Promise.all(
      Array.from({ length: options.jobs ?? 8 }, () => queue.add('reconcile', {}, { removeOnComplete: false })),
    );
    const done = await waitFor(
      'every reconciler round to end',
      () => Promise.all(jobs.map((j) => queue.getJob(j.id!))),
      (seen) => seen.every((j) => j?.finishedOn !== undefined),
      120_000,
    );
    const ledger = await world.db
      .selectFrom('transactions')
      .select(['amount', 'reason'])
      .where('company_id', '=', companyId)
      .execute();
    const bookings = await Promise.all(
      rows.map(async (row) => {
        const history = await world.db
          .selectFrom('booking_history')
          .select('action')
          .where('booking_id', '=', row.id)
          .execute();
        const intents = await world.db
          .selectFrom('airline_intents')
          .select('state')
          .where('booking_id', '=', row.id)
          .where('operation', '=', 'void')
          .execute();
        return {
          locator: row.locator,
          airlineTotal: row.airline_total,
          status: (await findBookingByLocator(world.db, row.locator))!.status,
          credits: ledger.filter((t) => t.reason === `Void ${row.locator}`).map((t) => t.amount),
          voidedEntries: history.filter((h) => h.action === 'voided').length,
          reconciledEntries: history.filter((h) => h.action === 'intent_reconciled').length,
          voidDocuments: (
            await world.db
              .selectFrom('sales_documents')
              .select('id')
              .where('locator', '=', row.locator)
              .where('kind', '=', 'void')
              .execute()
          ).length,
          intents: intents.map((t) => t.state),
        };
      }),
    );
    return {
      bookings,
      failedRounds: done.filter((j) => j?.failedReason).map((j) => j!.failedReason),
      finished: done.reduce(
        (n, j) => n + Number((j?.returnvalue as { finished?: number } | undefined)?.finished ?? 0),
        0,
      ),
      workers: [...new Set(done.map((j) => j?.processedBy))],
    };
  } finally {
    await queue.close();
    connection.disconnect();
  }
}
