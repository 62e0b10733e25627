// The sales documents issuing and voiding produce: one per ticket, written in the transaction that
// records the airline's answer. Ids are derived from the booking and ticket number, so recording
// twice (a retried request) is a no-op.
import type { BookingRow } from '../../db/bookings.repository.js';
import type { Db } from '../../db/database.js';
import { fromMinor, toMinor } from '../money.js';
import { recordSalesDocument } from '../sales/record-sales-document.js';
import type { SalesDocumentKind } from '../sales/sales-document.js';
import {
  routeOf,
  type BookingDocument,
  type BookingPassenger,
  type BookingSegment,
  type StoredFares,
} from './booking.js';

export const ticketDocumentId = (bookingId: string, number: string) => `sal_${bookingId}_${number}`;

export async function recordTicketSales(
  trx: Db,
  input: {
    booking: BookingRow;
    documents: readonly BookingDocument[];
    kind: Extract<SalesDocumentKind, 'ticket' | 'void'>;
    /** The agency's fee for this transaction, in the fare's currency; carried on the first ticket. */
    feeMinor: number;
    agentId: string;
    at: Date;
  },
): Promise<void> {
  const { booking } = input;
  const passengers = new Map((booking.passengers as BookingPassenger[]).map((p) => [p.id, p]));
  const fares = booking.fares as StoredFares;
  const route = routeOf(booking.segments as BookingSegment[]);
  const currency = booking.currency.trim();
  let fee = input.feeMinor;
  for (const doc of input.documents.filter((d) => d.type === 'ticket')) {
    const passenger = passengers.get(doc.passenger_id);
    const fare = fares.airline.find((f) => f.passengerIds.includes(doc.passenger_id));
    const markup = toMinor((passenger && fares.markupByType[passenger.type]) ?? '0');
    const total = toMinor(doc.amount.amount) + markup + fee;
    const ticketId = ticketDocumentId(booking.id, doc.number);
    await recordSalesDocument(trx, {
      id: input.kind === 'ticket' ? ticketId : `${ticketId}_void`,
      kind: input.kind,
      number: doc.number,
      locator: booking.locator,
      bookingId: booking.id,
      relatedDocumentId: input.kind === 'void' ? ticketId : null,
      passengerName: passenger
        ? `${passenger.last_name}/${passenger.first_name}${passenger.title ? ` ${passenger.title}` : ''}`.toUpperCase()
        : doc.passenger_id,
      carrier: booking.carrier,
      route,
      issuedAt: input.kind === 'ticket' ? new Date(doc.issued_at) : input.at,
      fare: fare?.base.amount ?? doc.amount.amount,
      taxes: fare?.taxTotal.amount ?? '0.00',
      fees: fromMinor(fee),
      markup: fromMinor(markup),
      commission: '0.00',
      total: fromMinor(total),
      currency,
      formOfPayment: booking.form_of_payment ?? 'bsp_cash',
      agentId: input.agentId,
      companyId: booking.company_id,
      agencyId: booking.agency_id,
    });
    fee = 0;
  }
}
