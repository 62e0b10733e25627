// A ledger entry as the wire shows it: money as decimal strings in the balance's currency, and the
// booking (by its locator) or transfer it belongs to.
import type { TransactionRow } from '../../db/companies.repository.js';

export function transactionView(r: TransactionRow & { booking_locator?: string | null }) {
  const currency = r.currency.trim();
  return {
    id: r.id,
    company_id: r.company_id,
    amount: { amount: r.amount, currency },
    balance_after: { amount: r.balance_after, currency },
    reason: r.reason,
    actor_account_id: r.actor_account_id,
    created_at: r.created_at.toISOString(),
    original_amount:
      r.original_amount && r.original_currency
        ? { amount: r.original_amount, currency: r.original_currency.trim() }
        : null,
    exchange_rate: r.exchange_rate ?? null,
    kind: r.kind ?? 'adjustment',
    booking_locator: r.booking_locator ?? null,
    transfer_id: r.transfer_id ?? null,
  };
}

export type TransactionView = ReturnType<typeof transactionView>;
