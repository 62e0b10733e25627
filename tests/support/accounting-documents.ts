// Accounting documents for the back-office feed's tests: `n` balance top-ups of an agency, numbered
// as any financial event is (recordAccountingDocument), in one transaction.
import type { Db } from '../../api/src/db/database.js';
import { recordAccountingDocument } from '../../api/src/domain/accounting/record-accounting-document.js';
import { newId } from '../../api/src/domain/ids.js';
import type { TestTenant } from './factories.js';

export async function recordTopUps(db: Db, t: TestTenant, agentId: string, n: number, issuedAt = new Date()) {
  await db.transaction().execute(async (trx) => {
    for (let i = 0; i < n; i += 1)
      await recordAccountingDocument(trx, {
        id: newId('acd'),
        agencyId: t.agencyId,
        sourceId: newId('src'),
        transactionCode: 'TOPU',
        documentNumber: newId('trx'),
        originalDocumentNumber: null,
        locator: null,
        airlineOrderId: null,
        issuedAt,
        agentId,
        companyId: t.companyId,
        channelId: null,
        passengerName: 'KOVALENKO/OLENA MRS, "the, quoted"',
        passengerType: 'ADT',
        itinerary: [],
        baseFare: '0.00',
        taxes: {},
        taxTotal: '0.00',
        commission: '0.00',
        markup: '0.00',
        serviceFee: '0.00',
        total: `${i}.00`,
        currency: 'EUR',
        balance: null,
        payment: null,
        paymentWords: 'Company balance',
        settlement: null,
      });
  });
}
