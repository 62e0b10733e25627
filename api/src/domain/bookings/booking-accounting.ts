// The accounting documents a sale produces: with each new sales document, its row of the feed, and
// a separate FEES row for the agency's transaction fee it carries (the fee is the agency's own
// revenue, not the airline's, so a back office books it apart). Written in the transaction that
// records the sale and numbered as it commits: the agency's counter is the last lock
// (db/accounting-documents.repository.ts).
//
// Signs: what the customer pays is positive, what goes back to them negative (a refund, a void, an
// exchange's residual); an agency fee is charged, so positive, whichever transaction it rides on.
import type { BookingRow } from '../../db/bookings.repository.js';
import type { Db } from '../../db/database.js';
import { fromMinor, toMinor } from '../../money.js';
import {
  negate,
  noFare,
  settlementOf,
  type AccountingDocumentInput,
  type ItinerarySegment,
  type TransactionCode,
} from '../accounting/accounting-document.js';
import { recordAccountingDocument } from '../accounting/record-accounting-document.js';
import { convertMinor } from '../exchange-rates.js';
import { newId } from '../ids.js';
import { recordSalesDocument } from '../sales/record-sales-document.js';
import type { SalesDocumentInput } from '../sales/sales-document.js';
import type { BookingAncillary, BookingPassenger, BookingSegment, StoredFares } from './booking.js';

export interface SaleFacts {
  passengerId: string;
  /** The document a refund, void or exchange refers to (its number). */
  originalNumber: string | null;
  /** An exchange: the new fare less the old one plus the penalty, signed (a residual is negative). */
  exchangeDifferenceMinor?: number;
}

/** Records the sales document and, when it is new, its accounting documents, in `trx`. */
export async function recordSale(trx: Db, booking: BookingRow, sale: SalesDocumentInput, facts: SaleFacts) {
  if (!(await recordSalesDocument(trx, sale))) return;
  for (const doc of accountingDocumentsOf(booking, sale, facts)) await recordAccountingDocument(trx, doc);
}

function codeOf(booking: BookingRow, sale: SalesDocumentInput): TransactionCode {
  switch (sale.kind) {
    case 'ticket':
      return 'TKTT';
    case 'exchange':
      return 'EXCH';
    case 'refund':
      return 'RFND';
    case 'void':
      return 'CANX';
    case 'emd': {
      // An EMD tied to a flight (a seat, a bag on that flight) is associated; any other is standalone.
      const item = (booking.ancillaries as BookingAncillary[]).find((a) => a.emd_number === sale.number);
      return item?.flight_id ? 'EMDA' : 'EMDS';
    }
  }
}

export function accountingDocumentsOf(
  booking: BookingRow,
  sale: SalesDocumentInput,
  facts: SaleFacts,
): AccountingDocumentInput[] {
  const code = codeOf(booking, sale);
  const back = code === 'RFND' || code === 'CANX';
  const signed = (a: string) => (back ? negate(a) : a);
  const feeMinor = toMinor(sale.fees);
  // A refund's total is what came back for the ticket, without the fee; every other total holds it.
  const netMinor = code === 'RFND' ? toMinor(sale.total) : toMinor(sale.total) - feeMinor;
  const passenger = (booking.passengers as BookingPassenger[]).find((p) => p.id === facts.passengerId);
  const fare = (booking.fares as StoredFares).airline.find((f) => f.passengerIds.includes(facts.passengerId));
  const itinerary: ItinerarySegment[] =
    code === 'EMDS'
      ? []
      : (booking.segments as BookingSegment[]).map((s, i) => ({
          carrier: s.carrier,
          flight_number: s.flight_number,
          origin: s.origin,
          destination: s.destination,
          departure_at: s.departure_at,
          booking_class: s.booking_class,
          fare_basis: fare?.fareBasis[i] ?? fare?.fareBasis[0] ?? null,
        }));
  const exchange = code === 'EXCH' && facts.exchangeDifferenceMinor !== undefined;
  const baseFare = exchange ? fromMinor(facts.exchangeDifferenceMinor!) : signed(sale.fare);
  const total = exchange ? fromMinor(facts.exchangeDifferenceMinor!) : signed(fromMinor(netMinor));
  const taxTotal = signed(sale.taxes);
  const balanceOf = (minor: number) =>
    sale.balance
      ? {
          amount: fromMinor(convertMinor(minor, sale.balance.rate)),
          currency: sale.balance.currency,
          rate: sale.balance.rate,
        }
      : null;
  const common = {
    agencyId: sale.agencyId,
    documentNumber: sale.number,
    locator: sale.locator,
    airlineOrderId: booking.airline_locator,
    issuedAt: sale.issuedAt,
    agentId: sale.agentId,
    companyId: sale.companyId,
    channelId: booking.channel_id,
    passengerName: sale.passengerName,
    passengerType: passenger?.type ?? null,
    itinerary,
    commission: signed(sale.commission),
    currency: sale.currency,
    payment: sale.formOfPayment,
  };
  const main: AccountingDocumentInput = {
    ...common,
    id: newId('acd'),
    sourceId: sale.id,
    transactionCode: code,
    originalDocumentNumber: facts.originalNumber,
    baseFare,
    taxes: toMinor(sale.taxes) !== 0 ? { XT: taxTotal } : {},
    taxTotal,
    markup: signed(sale.markup),
    serviceFee: '0.00',
    total,
    balance: balanceOf(toMinor(total)),
    settlement: settlementOf(code, sale.formOfPayment),
  };
  if (feeMinor === 0) return [main];
  const fee = fromMinor(feeMinor);
  return [
    main,
    {
      ...common,
      id: newId('acd'),
      sourceId: `${sale.id}_fee`,
      transactionCode: 'FEES',
      originalDocumentNumber: sale.number,
      ...noFare,
      serviceFee: fee,
      total: fee,
      balance: balanceOf(feeMinor),
      settlement: null,
    },
  ];
}
