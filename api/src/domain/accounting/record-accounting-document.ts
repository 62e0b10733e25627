// The one way an accounting document comes into being. The company ledger calls it inside the
// transaction of the financial change; a sale's documents are checked here and written with the
// sale, in its statement (sales/record-sales-document.ts, called by bookings/booking-accounting.ts).
// The row gets the agency's next number as that transaction commits, the agency's counter row
// being the last lock it takes (see db/accounting-documents.repository.ts), so a rollback takes no
// number and numbers commit in order.
import { insertAccountingDocument } from '../../db/accounting-documents.repository.js';
import type { Db } from '../../db/database.js';
import { DomainError } from '../errors.js';
import type { AccountingDocumentInput } from './accounting-document.js';

const signedMoney = /^-?[0-9]+(\.[0-9]{1,2})?$/;

/**
 * Writes the document in `trx`, numbered when `trx` commits; answers false when `sourceId` was
 * recorded already (a retried job records nothing twice).
 */
export async function recordAccountingDocument(trx: Db, doc: AccountingDocumentInput): Promise<boolean> {
  checkAccountingDocument(doc);
  return insertAccountingDocument(trx, doc);
}

/** Refuses a document whose amounts or currency are malformed, before anything is written. */
export function checkAccountingDocument(doc: AccountingDocumentInput): void {
  for (const field of ['baseFare', 'taxTotal', 'commission', 'markup', 'serviceFee', 'total'] as const) {
    if (!signedMoney.test(doc[field]))
      throw new DomainError('validation_failed', `${field} must be a decimal string with at most two decimals.`);
  }
  if (!/^[A-Z]{3}$/.test(doc.currency)) throw new DomainError('validation_failed', 'currency must be ISO 4217.');
}
