// A company balance moved by hand in the back office: a top-up (TOPU, positive) or an adjustment
// (ADJT, negative) of the feed. Payments for bookings are not here: the tickets, EMDs and fees
// they paid for are their rows already.
import type { TransactionRow } from '../../db/companies.repository.js';
import type { Db } from '../../db/database.js';
import { newId } from '../ids.js';
import { noFare } from './accounting-document.js';
import { recordAccountingDocument } from './record-accounting-document.js';

export async function recordBalanceEntryDocument(
  trx: Db,
  input: { entry: TransactionRow; agencyId: string; companyId: string },
): Promise<void> {
  const { entry } = input;
  const code = entry.amount.startsWith('-') ? 'ADJT' : 'TOPU';
  await recordAccountingDocument(trx, {
    id: newId('acd'),
    agencyId: input.agencyId,
    sourceId: entry.id,
    transactionCode: code,
    documentNumber: entry.id,
    originalDocumentNumber: null,
    locator: null,
    airlineOrderId: null,
    issuedAt: entry.created_at,
    agentId: entry.actor_account_id,
    companyId: input.companyId,
    channelId: null,
    passengerName: null,
    passengerType: null,
    ...noFare,
    serviceFee: '0.00',
    total: entry.amount,
    currency: entry.currency.trim(),
    balance: null,
    payment: null,
    paymentWords: 'Company balance',
    settlement: null,
  });
}
