// The ledger invariant: for every company at all times, its balance is the sum of its ledger
// entries, and each entry's balance_after is the running sum. Race test files assert it at the end.
import { postOpeningBalances } from '../../api/src/db/companies.repository.js';
import { expect } from 'vitest';
import type { Db } from '../../api/src/db/database.js';
import { fromMinor, toMinor } from '../../api/src/money.js';

/** Entries a test's setup posts (opening balances, balance adjustments), left out where a test counts its own. */
export const setupReasons = ['Opening balance', 'Test balance adjustment'];

export async function expectBalancesMatchLedgers(db: Db): Promise<void> {
  const companies = await db.selectFrom('companies').select(['id', 'balance_amount']).execute();
  const sums = await db
    .selectFrom('transactions')
    .select(['company_id', (eb) => eb.fn.sum<string>('amount').as('total')])
    .groupBy('company_id')
    .execute();
  const entries = new Map(sums.map((s) => [s.company_id, toMinor(String(s.total))]));
  const off = companies
    .filter((c) => toMinor(c.balance_amount) !== (entries.get(c.id) ?? 0))
    .map((c) => ({ id: c.id, balance: c.balance_amount, entries: fromMinor(entries.get(c.id) ?? 0) }));
  expect(off, 'companies whose balance is not the sum of their ledger entries').toEqual([]);
  expect(companies.length).toBeGreaterThan(0);
}

/**
 * Opens a company's balance again in `currency` with `amount`: the entries it had are taken back
 * (a factory's opening), so the balance stays the sum of its ledger entries in its one currency.
 */
export async function reopenBalance(db: Db, companyId: string, currency: string, amount: string): Promise<void> {
  await db.deleteFrom('transactions').where('company_id', '=', companyId).execute();
  await db
    .updateTable('companies')
    .set({ balance_currency: currency, balance_amount: '0.00' })
    .where('id', '=', companyId)
    .execute();
  await postOpeningBalances(db, { companyIds: [companyId], amount, actorAccountId: 'system', at: new Date() });
}
