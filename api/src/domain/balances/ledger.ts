// The one way a company balance moves: entries appended to the ledger and the balance updated in
// the caller's database transaction, under the company's row lock, so concurrent changes queue and
// none is lost. The back office's balance changes and the bookings' payments both post here.
import * as repo from '../../db/companies.repository.js';
import type { Db } from '../../db/database.js';
import { toMinor, fromMinor } from '../../money.js';
import { DomainError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import { companyView } from '../back-office/companies.service.js';
import { recordEvent } from '../events/record-event.js';

export interface LedgerEntry {
  /** Positive credits the company, negative debits it. */
  amount: string;
  reason: string;
  /** A converted entry (the amount is in the balance's currency): what it was priced at, and the rate. */
  original?: { amount: string; currency: string; rate: string };
}

export interface LedgerPosting {
  companyId: string;
  currency: string;
  entries: readonly LedgerEntry[];
  actorAccountId: string;
  at: Date;
  /** The mode of the event a low balance raises: false when a test booking moved it (default: live). */
  liveMode?: boolean;
  /** What moves the balance (default: staff's adjustment), and the booking or transfer it belongs to. */
  kind?: repo.LedgerKind;
  bookingId?: string;
  transferId?: string;
  /** Checked on the locked company before anything moves (the caller's scope rule). */
  reach?: (company: { id: string; agency_id: string | null }) => void;
}

/**
 * Posts the entries in `trx` (which must be a transaction). All or nothing: when the balance would
 * fall below zero it throws `insufficient_balance` and the caller's transaction rolls back.
 */
const maxBalanceMinor = 99_999_999_999_999;

export async function postToLedger(trx: Db, posting: LedgerPosting) {
  // Lock order: a booking's payment holds the booking row already; the company balance row comes
  // second, never first (booking row, then company balance row, everywhere).
  const company = await repo.lockCompany(trx, posting.companyId);
  if (!company) throw notFound('company');
  posting.reach?.(company);
  const currency = company.balance_currency.trim();
  if (currency !== posting.currency)
    throw new DomainError('currency_mismatch', `The company's balance is in ${currency}, not ${posting.currency}.`);
  const total = posting.entries.reduce((sum, e) => sum + toMinor(e.amount), 0);
  if (toMinor(company.balance_amount) + total < 0)
    throw new DomainError(
      'insufficient_balance',
      `The balance is ${company.balance_amount} ${currency}; this needs ${fromMinor(-total)} ${currency}.`,
    );
  // numeric(14, 2): a balance holds at most 999 999 999 999.99; past that PostgreSQL would refuse the row.
  if (toMinor(company.balance_amount) + total > maxBalanceMinor)
    throw new DomainError(
      'validation_failed',
      `The balance is ${company.balance_amount} ${currency}; it cannot grow past ${fromMinor(maxBalanceMinor)} ${currency}.`,
      { pointer: '/amount/amount' },
    );
  const rows: repo.TransactionRow[] = [];
  for (const entry of posting.entries) {
    const balanceAfter = await repo.addToBalance(trx, company.id, entry.amount);
    const row: repo.TransactionRow = {
      ...entryRow(posting, entry),
      company_id: company.id,
      currency,
      balance_after: balanceAfter,
    };
    await repo.insertTransaction(trx, row);
    rows.push(row);
  }
  await announceLowBalance(trx, company, total, posting);
  return { company, rows };
}

/** An entry's ledger row, but for what the locked company gives it (its id, currency and the balance after it). */
const entryRow = (posting: LedgerPosting, entry: LedgerEntry) => ({
  id: newId('trx'),
  amount: entry.amount,
  reason: entry.reason,
  actor_account_id: posting.actorAccountId,
  created_at: posting.at,
  original_amount: entry.original?.amount ?? null,
  original_currency: entry.original?.currency ?? null,
  exchange_rate: entry.original?.rate ?? null,
  kind: posting.kind ?? 'adjustment',
  booking_id: posting.bookingId ?? null,
  transfer_id: posting.transferId ?? null,
});

/**
 * The posting for a statement that makes it beside the change it pays for (an issue's claim, with
 * no transaction around them; or postLast, closing a transaction): the entries as postToLedger
 * writes them, and the bounds the statement checks on the company row under its lock
 * (repo.guardedPostingCtes). The statement posts only what
 * postToLedger would post with nothing left to decide: the company's currency is the posting's, the
 * balance stays within zero and its ceiling, and it crosses no low-balance threshold (which
 * announces `balance.low`). Else it changes nothing, and the caller posts through postToLedger,
 * which refuses or announces. Not for a posting with a `reach` check (it needs the locked row).
 */
export function guardedPosting(posting: LedgerPosting): repo.GuardedPosting {
  if (posting.reach) throw new Error('guardedPosting: a reach check needs postToLedger');
  let runningMinor = 0;
  const entries = posting.entries.map((entry) => {
    runningMinor += toMinor(entry.amount);
    return { ...entryRow(posting, entry), running: fromMinor(runningMinor) };
  });
  return {
    companyId: posting.companyId,
    currency: posting.currency,
    total: fromMinor(runningMinor),
    ceiling: fromMinor(maxBalanceMinor),
    entries,
  };
}

/**
 * Posts a booking's entries in the caller's transaction, as its last statement, so the company row
 * is held only from this statement to COMMIT: one guarded statement (guardedPosting) while the
 * ledger has nothing to decide, else postToLedger in the same transaction, which refuses or
 * announces `balance.low` as always. Lock order: the caller holds the booking row already.
 */
export async function postLast(trx: Db, posting: LedgerPosting): Promise<void> {
  if (await repo.postGuarded(trx, guardedPosting(posting))) return;
  await postToLedger(trx, posting);
}

/**
 * `balance.low` when this posting takes the balance from at or above the company's threshold to
 * below it: once per crossing, not on every debit that stays below.
 */
async function announceLowBalance(trx: Db, company: repo.LockedCompany, movedMinor: number, posting: LedgerPosting) {
  if (company.low_balance_threshold === null || movedMinor >= 0) return;
  const threshold = toMinor(company.low_balance_threshold);
  const before = toMinor(company.balance_amount);
  if (before < threshold || before + movedMinor >= threshold) return;
  const now = (await repo.findCompanies(trx, { id: company.id })).rows[0]!;
  await recordEvent(trx, {
    type: 'balance.low',
    agencyId: company.agency_id,
    companyId: company.id,
    liveMode: posting.liveMode ?? true,
    object: companyView(now),
    at: posting.at,
  });
}
