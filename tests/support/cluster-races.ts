// Race scenarios that take a list of API base URLs and send request i to baseUrls[i % n], so with
// two API processes the racing requests meet in PostgreSQL and Redis, never in one process's
// memory. Each answers what it saw; the test asserts. Written to be swapped for the hardening
// work's shared scenarios (tests/support/races.ts), which take the same `baseUrls`.
import request from 'supertest';
import { expect } from 'vitest';
import type { Db } from '../../api/src/db/database.js';
import { toMinor } from '../../api/src/money.js';
import { addAncillaries, emdRequestsOf, paidService } from './ancillaries.js';
import { sql } from 'kysely';
import { balanceOf, bearer, book, findFares, payBy } from './bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from './factories.js';

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
