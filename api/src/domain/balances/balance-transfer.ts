// A transfer between two companies of one agency: a debit on the source and a credit on the
// destination, both `transfer` entries carrying the transfer's id, written with both balance moves,
// their accounting documents and the audit entry in one database transaction, or none of it.
//
// Lock order: both company rows are locked up front, the lower company id first, so an A→B and a
// B→A transfer running at once queue on the same first row instead of deadlocking. This keeps the
// order of every other path (booking row, then company balance row, then the agency's accounting
// counter): a transfer locks no booking, takes the company rows in id order, the counter last.
import { findTransactions, lockCompany } from '../../db/companies.repository.js';
import type { Db } from '../../db/database.js';
import { recordBalanceEntryDocument } from '../accounting/balance-entry-document.js';
import type { RecordChange } from '../back-office/audit.js';
import { mustReach } from '../back-office/scope.js';
import type { Clock } from '../clock.js';
import { DomainError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { Principal } from '../principal.js';
import { postToLedger } from './ledger.js';
import { transactionView } from './transaction-view.js';

export interface TransferInput {
  from_company_id: string;
  to_company_id: string;
  amount: { amount: string; currency: string };
  reason: string;
}

export function createBalanceTransfersService(deps: { db: Db; clock: Clock; audit: RecordChange }) {
  const { db, clock, audit } = deps;
  return {
    async transfer(principal: Principal, input: TransferInput) {
      const { amount, currency } = input.amount;
      if (!/^[0-9]+(\.[0-9]{1,2})?$/.test(amount) || Number(amount) === 0)
        throw new DomainError('validation_failed', 'amount must be a positive amount with at most two decimals.', {
          pointer: '/amount/amount',
        });
      if (input.from_company_id === input.to_company_id)
        throw new DomainError('validation_failed', 'A transfer needs two different companies.', {
          pointer: '/to_company_id',
        });
      return db.transaction().execute(async (trx) => {
        // Lower company id first (see the header): the same order for every pair, whichever way it moves.
        const ids = [input.from_company_id, input.to_company_id].sort();
        const locked = new Map<string, NonNullable<Awaited<ReturnType<typeof lockCompany>>>>();
        for (const id of ids) {
          const company = await lockCompany(trx, id);
          if (!company) throw notFound('company');
          mustReach(principal, company.agency_id, 'company');
          locked.set(id, company);
        }
        const from = locked.get(input.from_company_id)!;
        const to = locked.get(input.to_company_id)!;
        if (from.agency_id === null || from.agency_id !== to.agency_id)
          throw new DomainError('validation_failed', 'Both companies must belong to the same agency.', {
            pointer: '/to_company_id',
          });
        const id = newId('btr');
        const at = clock.now();
        const common = { currency, actorAccountId: principal.accountId, at, kind: 'transfer' as const, transferId: id };
        const debit = await postToLedger(trx, {
          ...common,
          companyId: from.id,
          entries: [{ amount: `-${amount}`, reason: input.reason }],
        });
        const credit = await postToLedger(trx, {
          ...common,
          companyId: to.id,
          entries: [{ amount, reason: input.reason }],
        });
        const debitRow = debit.rows[0]!;
        const creditRow = credit.rows[0]!;
        // The agency's accounting counter, last.
        await recordBalanceEntryDocument(trx, { entry: debitRow, agencyId: from.agency_id, companyId: from.id });
        await recordBalanceEntryDocument(trx, { entry: creditRow, agencyId: to.agency_id, companyId: to.id });
        await audit(trx, principal, {
          action: 'createBalanceTransfer',
          entityType: 'company',
          entityId: from.id,
          agencyId: from.agency_id,
          before: {
            from_balance: { amount: from.balance_amount, currency },
            to_balance: { amount: to.balance_amount, currency },
          },
          after: {
            transfer_id: id,
            to_company_id: to.id,
            from_balance: { amount: debitRow.balance_after, currency },
            to_balance: { amount: creditRow.balance_after, currency },
            reason: input.reason,
          },
        });
        // Read back: the database's numeric gives the amounts their two decimals.
        const viewOf = async (entryId: string) =>
          transactionView((await findTransactions(trx, { id: entryId })).rows[0]!);
        const debitView = await viewOf(debitRow.id);
        const creditView = await viewOf(creditRow.id);
        return {
          id,
          from_company_id: from.id,
          to_company_id: to.id,
          amount: creditView.amount,
          reason: input.reason,
          created_at: at.toISOString(),
          debit: debitView,
          credit: creditView,
        };
      });
    },
  };
}

export type BalanceTransfersService = ReturnType<typeof createBalanceTransfersService>;
