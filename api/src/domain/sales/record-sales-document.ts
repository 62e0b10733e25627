// The one way a sales document comes into being. The bookings code calls it inside the
// transaction that records the airline's answer (issue, void, refund, exchange), so the document,
// its rollups and the booking change commit or roll back together.
import type { Db } from '../../db/database.js';
import type { NewEventRow } from '../../db/events.repository.js';
import { insertDocumentWithRollups, type SaleWrite } from '../../db/sales-rollups.repository.js';
import { checkAccountingDocument } from '../accounting/record-accounting-document.js';
import type { AccountingDocumentInput } from '../accounting/accounting-document.js';
import { DomainError } from '../errors.js';
import type { SalesDocumentInput } from './sales-document.js';

const money = /^[0-9]+(\.[0-9]{1,2})?$/;

/**
 * Records a document and adds it to the analytics rollups, in the caller's transaction `trx`
 * (a plain Db works too, but then the two writes are not atomic), with its `accounting` documents
 * (numbered as `trx` commits) in the same statement, and the change's `event` if given (appended
 * either way). Recording an id that exists is a no-op for the documents and answers false, so a
 * retried job cannot count a document twice.
 *
 * @example
 *   await db.transaction().execute(async (trx) => {
 *     // ...update the booking...
 *     await recordSalesDocument(trx, {
 *       id: newId('sal'), kind: 'ticket', number: '2201234567890', locator: 'K7XQ2M',
 *       bookingId: booking.id, passengerName: 'KOVALENKO/OLENA MRS', carrier: 'LH',
 *       route: 'KBP-FRA', issuedAt: clock.now(), fare: '310.00', taxes: '84.20', fees: '10.00',
 *       markup: '15.00', commission: '0.00', total: '419.20', currency: 'EUR',
 *       formOfPayment: 'bsp_cash', agentId: principal.accountId, companyId, agencyId,
 *     });
 *   });
 */
export async function recordSalesDocument(
  trx: Db,
  doc: SalesDocumentInput,
  accounting: readonly AccountingDocumentInput[] = [],
  event?: NewEventRow,
): Promise<boolean> {
  checkSale({ doc, accounting });
  return insertDocumentWithRollups(trx, doc, accounting, event);
}

/** A document and its accounting documents as `recordSalesDocument` takes them, checked (a bad one throws). */
export function checkSale(sale: SaleWrite): SaleWrite {
  const { doc, accounting } = sale;
  for (const field of ['fare', 'taxes', 'fees', 'markup', 'commission', 'total'] as const) {
    if (!money.test(doc[field]))
      throw new DomainError('validation_failed', `${field} must be a non-negative decimal string.`);
  }
  if (!/^[A-Z]{3}$/.test(doc.currency)) throw new DomainError('validation_failed', 'currency must be ISO 4217.');
  accounting.forEach(checkAccountingDocument);
  return sale;
}
