// The accounting documents a sale produces: with each new sales document, its row of the feed, and
// a separate FEES row for the agency's transaction fee it carries (the fee is the agency's own
// revenue, not the airline's, so a back office books it apart). Written in the transaction that
// records the sale and numbered as it commits: the agency's counter is the last lock
// (db/accounting-documents.repository.ts).
//
// Signs: what the customer pays is positive, what goes back to them negative (a refund, a void, an
// exchange's residual); an agency fee is charged, so positive, whichever transaction it rides on.
import type { BookingRow } from '../../db/bookings.repository.js';
import type { OrderFare } from '../../providers/airline-provider.js';
import type { Db } from '../../db/database.js';
import type { NewEventRow } from '../../db/events.repository.js';
import type { SaleWrite } from '../../db/sales-rollups.repository.js';
import { fromMinor, toMinor } from '../../money.js';
import {
  negate,
  noFare,
  settlementOf,
  type AccountingDocumentInput,
  type ItinerarySegment,
  type TransactionCode,
} from '../accounting/accounting-document.js';
import { convertMinor } from '../exchange-rates.js';
import { newId } from '../ids.js';
import { checkSale, recordSalesDocument } from '../sales/record-sales-document.js';
import type { SalesDocumentInput } from '../sales/sales-document.js';
import type { BookingAncillary, BookingPassenger, BookingSegment, StoredFares } from './booking.js';

export interface SaleFacts {
  passengerId: string;
  /** The document a refund, void or exchange refers to (its number). */
  originalNumber: string | null;
  /** An exchange: the new fare less the old one plus the penalty, signed (a residual is negative). */
  exchangeDifferenceMinor?: number;
  /**
   * An exchange: the new fare's taxes less the old fare's, by code, signed, as the airline priced
   * both (absent: the airline gave no taxes for one of them, and the difference stays in the fare).
   */
  exchangeTaxesMinor?: Readonly<Record<string, number>> | undefined;
}

type FareTaxes = Pick<OrderFare, 'taxes' | 'taxTotal'>;

/**
 * A fare's taxes by code in minor units, same codes summed. They add up to the fare's tax total:
 * what the codes do not cover (a fare stored before the airline gave codes, or an airline that
 * gives only the total) is `XT`, as BSP reports an undetailed remainder.
 */
export function taxesByCodeMinor(fare: FareTaxes): Record<string, number> {
  const totalMinor = toMinor(fare.taxTotal.amount);
  const byCode: Record<string, number> = {};
  for (const t of fare.taxes ?? []) byCode[t.code] = (byCode[t.code] ?? 0) + toMinor(t.amount.amount);
  const rest = totalMinor - Object.values(byCode).reduce((a, b) => a + b, 0);
  if (rest !== 0) byCode.XT = (byCode.XT ?? 0) + rest;
  return Object.fromEntries(Object.entries(byCode).filter(([, minor]) => minor !== 0));
}

/**
 * The new fare's taxes less the old one's, by code (a code only one of them has counts as 0 in the
 * other). When one of them has no codes (stored before the airline gave them), the difference of
 * the totals is one XT: codes against an undetailed total would be a difference the airline never made.
 */
export function taxDifferenceMinor(newFare: FareTaxes, oldFare: FareTaxes): Record<string, number> {
  if (!newFare.taxes || !oldFare.taxes) {
    const minor = toMinor(newFare.taxTotal.amount) - toMinor(oldFare.taxTotal.amount);
    return minor === 0 ? {} : { XT: minor };
  }
  const next = taxesByCodeMinor(newFare);
  const old = taxesByCodeMinor(oldFare);
  const diff: Record<string, number> = {};
  for (const code of new Set([...Object.keys(next), ...Object.keys(old)])) {
    const minor = (next[code] ?? 0) - (old[code] ?? 0);
    if (minor !== 0) diff[code] = minor;
  }
  return diff;
}

const amountsOf = (byCode: Readonly<Record<string, number>>, sign: 1 | -1) =>
  Object.fromEntries(Object.entries(byCode).map(([code, minor]) => [code, fromMinor(sign * minor)]));

/**
 * Records the sales document and, when it is new, its accounting documents, in `trx`, in one
 * statement; with `event`, the change's event is appended by that statement too.
 */
export async function recordSale(
  trx: Db,
  booking: BookingRow,
  sale: SalesDocumentInput,
  facts: SaleFacts,
  event?: NewEventRow,
) {
  await recordSalesDocument(trx, sale, accountingDocumentsOf(booking, sale, facts), event);
}

/** The sales document with its accounting documents, checked, to be written in a statement of the caller's. */
export function saleWrite(booking: BookingRow, sale: SalesDocumentInput, facts: SaleFacts): SaleWrite {
  return checkSale({ doc: sale, accounting: accountingDocumentsOf(booking, sale, facts) });
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
  // Taxes by code: a ticket's and its void's are the fare's as the airline priced it (when the
  // sale carries the fare's whole tax total); an exchange's are the airline's difference between
  // the new fare and the old; any other sale's taxes (an EMD has none; a refund's are not broken
  // down by the airline, so its amount stays in the fare) are one undetailed XT.
  const taxesMinor: Record<string, number> = exchange
    ? { ...facts.exchangeTaxesMinor }
    : fare && (code === 'TKTT' || code === 'CANX') && toMinor(sale.taxes) === toMinor(fare.taxTotal.amount)
      ? taxesByCodeMinor(fare)
      : toMinor(sale.taxes) !== 0
        ? { XT: toMinor(sale.taxes) }
        : {};
  const taxTotalMinor = Object.values(taxesMinor).reduce((a, b) => a + b, 0);
  const baseFare = exchange ? fromMinor(facts.exchangeDifferenceMinor! - taxTotalMinor) : signed(sale.fare);
  const total = exchange ? fromMinor(facts.exchangeDifferenceMinor!) : signed(fromMinor(netMinor));
  const taxTotal = exchange ? fromMinor(taxTotalMinor) : signed(sale.taxes);
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
    taxes: amountsOf(taxesMinor, back && !exchange ? -1 : 1),
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
