// Company balances move only here: a ledger entry and the balance update in one database
// transaction, under the company's row lock, so concurrent changes queue and none is lost.
import * as repo from '../../db/companies.repository.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../clock.js';
import { DomainError, notFound } from '../errors.js';
import type { Principal } from '../principal.js';
import type { RecordChange } from './audit.js';
import { postToLedger } from '../balances/ledger.js';
import { recordBalanceEntryDocument } from '../accounting/balance-entry-document.js';
import { agencyFilter, mustReach } from './scope.js';
import { transactionView } from '../balances/transaction-view.js';

type Page = { page: number; perPage: number };

export function createBalancesService(deps: { db: Db; clock: Clock; audit: RecordChange }) {
  const { db, clock, audit } = deps;
  return {
    async change(
      principal: Principal,
      input: { company_id: string; amount: { amount: string; currency: string }; reason: string },
    ) {
      const { amount, currency } = input.amount;
      if (!/^-?[0-9]+(\.[0-9]{1,2})?$/.test(amount) || Number(amount) === 0)
        throw new DomainError('validation_failed', 'amount must be a non-zero amount with at most two decimals.', {
          pointer: '/amount/amount',
        });
      return db.transaction().execute(async (trx) => {
        const { company, rows } = await postToLedger(trx, {
          companyId: input.company_id,
          currency,
          entries: [{ amount, reason: input.reason }],
          actorAccountId: principal.accountId,
          at: clock.now(),
          reach: (locked) => mustReach(principal, locked.agency_id, 'company'),
        });
        const row = rows[0]!;
        // Lock order: the company row (postToLedger), then the agency's accounting counter, last.
        if (company.agency_id)
          await recordBalanceEntryDocument(trx, { entry: row, agencyId: company.agency_id, companyId: company.id });
        const view = transactionView((await repo.findTransactions(trx, { id: row.id })).rows[0]!);
        await audit(trx, principal, {
          action: 'createTransaction',
          entityType: 'company',
          entityId: company.id,
          agencyId: company.agency_id,
          before: { balance_amount: { amount: company.balance_amount, currency } },
          after: { balance_amount: view.balance_after, transaction_id: row.id, reason: row.reason },
        });
        return view;
      });
    },

    async list(principal: Principal, companyId: string | undefined, page: Page) {
      const { rows, total } = await repo.findTransactions(
        db,
        { companyId, agencyId: agencyFilter(principal, undefined) },
        page,
      );
      return { items: rows.map(transactionView), total };
    },

    async get(principal: Principal, id: string) {
      const row = (await repo.findTransactions(db, { id })).rows[0];
      if (!row) throw notFound('ledger entry');
      mustReach(principal, row.agency_id, 'ledger entry');
      return transactionView(row);
    },
  };
}

export type BalancesService = ReturnType<typeof createBalancesService>;
