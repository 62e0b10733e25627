// The sales documents issuing, voiding, refunding and exchanging produce: one per ticket (and one
// per EMD), written in the transaction that records the airline's answer. Ids are derived from the
// booking and document number, so recording twice (a retried request or job) is a no-op. Amounts are never negative: the kind
// says which way the money goes (domain/sales/sales-document.ts). Each new document brings its
// accounting documents, signed, in the same transaction (booking-accounting.ts).
import type { BookingRow } from '../../db/bookings.repository.js';
import type { Db } from '../../db/database.js';
import { insertEvent, type NewEventRow } from '../../db/events.repository.js';
import type { SaleWrite } from '../../db/sales-rollups.repository.js';
import { convertMinor } from '../exchange-rates.js';
import { recordSale, saleWrite, taxDifferenceMinor, taxesByCodeMinor } from './booking-accounting.js';
import { recordSalesDocument } from '../sales/record-sales-document.js';
import { fromMinor, toMinor } from '../../money.js';
import type { SalesDocumentInput, SalesDocumentKind } from '../sales/sales-document.js';
import {
  routeOf,
  type BookingDocument,
  type BookingPassenger,
  type BookingSegment,
  type StoredFares,
} from './booking.js';

export const ticketDocumentId = (bookingId: string, number: string) => `sal_${bookingId}_${number}`;

type TicketSalesInput = {
  booking: BookingRow;
  documents: readonly BookingDocument[];
  kind: Extract<SalesDocumentKind, 'ticket' | 'void'>;
  /** The agency's fee for this transaction, in the fare's currency; carried on the first ticket. */
  feeMinor: number;
  /** That fee as the agency set it in another currency, and its rate (kept on the same ticket). */
  feeOriginal?: { amount: string; currency: string; rate: string } | null;
  agentId: string;
  at: Date;
};

export async function recordTicketSales(
  trx: Db,
  input: TicketSalesInput & {
    /** The change's event: appended by the first ticket's statement (by one of its own without tickets). */
    event?: NewEventRow;
  },
): Promise<void> {
  await recordSales(trx, ticketSales(input), input.event);
}

/** Writes `sales` in `trx`, one statement each; `event` is appended by the first (by one of its own without any). */
export async function recordSales(trx: Db, sales: readonly SaleWrite[], event?: NewEventRow): Promise<void> {
  let pending = event;
  for (const { doc, accounting } of sales) {
    await recordSalesDocument(trx, doc, accounting, pending);
    pending = undefined;
  }
  if (pending) await insertEvent(trx, pending);
}

/** The sales documents (with their accounting documents) of the tickets among `documents`, checked. */
export function ticketSales(input: TicketSalesInput): SaleWrite[] {
  const { booking } = input;
  const passengers = new Map((booking.passengers as BookingPassenger[]).map((p) => [p.id, p]));
  const fares = booking.fares as StoredFares;
  const route = routeOf(booking.segments as BookingSegment[]);
  const currency = booking.currency.trim();
  let fee = input.feeMinor;
  return input.documents
    .filter((d) => d.type === 'ticket')
    .map((doc) => {
      const passenger = passengers.get(doc.passenger_id);
      const fare = fares.airline.find((f) => f.passengerIds.includes(doc.passenger_id));
      const markup = toMinor((passenger && fares.markupByType[passenger.type]) ?? '0');
      const total = toMinor(doc.amount.amount) + markup + fee;
      const ticketId = ticketDocumentId(booking.id, doc.number);
      const sale = saleWrite(
        booking,
        {
          id: input.kind === 'ticket' ? ticketId : `${ticketId}_void`,
          kind: input.kind,
          number: doc.number,
          locator: booking.locator,
          bookingId: booking.id,
          relatedDocumentId: input.kind === 'void' ? ticketId : null,
          passengerName: passengerNameOf(passenger, doc.passenger_id),
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
          ...balanceOf(booking, total),
          ...(fee > 0 && input.feeOriginal ? { feeOriginal: input.feeOriginal } : {}),
        },
        { passengerId: doc.passenger_id, originalNumber: input.kind === 'void' ? doc.number : null },
      );
      fee = 0;
      return sale;
    });
}

/** Paid from a balance in another currency: the document's total as the balance paid it, at the issue's rate. */
function balanceOf(booking: BookingRow, totalMinor: number): Pick<SalesDocumentInput, 'balance'> {
  if (!booking.balance_rate || !booking.balance_currency) return {};
  const rate = booking.balance_rate;
  return {
    balance: { amount: fromMinor(convertMinor(totalMinor, rate)), currency: booking.balance_currency.trim(), rate },
  };
}

const passengerNameOf = (passenger: BookingPassenger | undefined, id: string) =>
  passenger
    ? `${passenger.last_name}/${passenger.first_name}${passenger.title ? ` ${passenger.title}` : ''}`.toUpperCase()
    : id;

/** Splits an amount over shares in proportion, in minor units; the last share takes the rounding. */
function split(totalMinor: number, weights: readonly number[]): number[] {
  const sum = weights.reduce((a, b) => a + b, 0);
  let left = totalMinor;
  return weights.map((w, i) => {
    if (i === weights.length - 1) return left;
    const part = sum > 0 ? Math.floor((totalMinor * w) / sum) : Math.floor(totalMinor / weights.length);
    left -= part;
    return part;
  });
}

/**
 * One `emd` document per EMD: the service's price, no markup; the agency's EMD fee (if any) rides
 * on the first. Written in the transaction that records the EMDs; a void writes a `void` for each.
 */
type EmdSalesInput = {
  booking: BookingRow;
  documents: readonly BookingDocument[];
  feeMinor: number;
  agentId: string;
  /** A void of the EMDs, at this moment. */
  voidedAt?: Date;
};

export async function recordEmdSales(trx: Db, input: EmdSalesInput): Promise<void> {
  await recordSales(trx, emdSales(input));
}

/** The sales documents (with their accounting documents) of the EMDs among `documents`, checked. */
export function emdSales(input: EmdSalesInput): SaleWrite[] {
  const { booking } = input;
  const passengers = new Map((booking.passengers as BookingPassenger[]).map((p) => [p.id, p]));
  const route = routeOf(booking.segments as BookingSegment[]);
  let fee = input.feeMinor;
  return input.documents
    .filter((d) => d.type === 'emd')
    .map((doc) => {
      const emdId = ticketDocumentId(booking.id, doc.number);
      const sale = saleWrite(
        booking,
        {
          ...common(booking, route, input.agentId),
          id: input.voidedAt ? `${emdId}_void` : emdId,
          kind: input.voidedAt ? 'void' : 'emd',
          number: doc.number,
          relatedDocumentId: input.voidedAt ? emdId : null,
          passengerName: passengerNameOf(passengers.get(doc.passenger_id), doc.passenger_id),
          issuedAt: input.voidedAt ?? new Date(doc.issued_at),
          fare: doc.amount.amount,
          taxes: '0.00',
          fees: fromMinor(fee),
          markup: '0.00',
          total: fromMinor(toMinor(doc.amount.amount) + fee),
          formOfPayment: booking.form_of_payment ?? 'bsp_cash',
          ...balanceOf(booking, toMinor(doc.amount.amount) + fee),
        },
        { passengerId: doc.passenger_id, originalNumber: input.voidedAt ? doc.number : null },
      );
      fee = 0;
      return sale;
    });
}

/**
 * A confirmed refund: one `refund` document per refunded ticket, the airline's refund split over
 * the tickets by their amounts (`total` is what came back for it), the agency's refund fee on the
 * first. Each refers to the ticket's own document.
 */
export async function recordRefundSales(
  trx: Db,
  input: {
    booking: BookingRow;
    tickets: readonly BookingDocument[];
    refundMinor: number;
    feeMinor: number;
    formOfPayment: SalesDocumentInput['formOfPayment'];
    agentId: string;
    at: Date;
  },
): Promise<void> {
  const { booking } = input;
  const passengers = new Map((booking.passengers as BookingPassenger[]).map((p) => [p.id, p]));
  const route = routeOf(booking.segments as BookingSegment[]);
  const shares = split(
    input.refundMinor,
    input.tickets.map((t) => toMinor(t.amount.amount)),
  );
  let fee = input.feeMinor;
  for (const [i, doc] of input.tickets.entries()) {
    const ticketId = ticketDocumentId(booking.id, doc.number);
    await recordSale(
      trx,
      booking,
      {
        ...common(booking, route, input.agentId),
        id: `${ticketId}_refund`,
        kind: 'refund',
        number: doc.number,
        relatedDocumentId: ticketId,
        passengerName: passengerNameOf(passengers.get(doc.passenger_id), doc.passenger_id),
        issuedAt: input.at,
        fare: fromMinor(shares[i]!),
        taxes: '0.00',
        fees: fromMinor(fee),
        markup: '0.00',
        total: fromMinor(shares[i]!),
        formOfPayment: input.formOfPayment,
        ...balanceOf(booking, shares[i]!),
      },
      { passengerId: doc.passenger_id, originalNumber: doc.number },
    );
    fee = 0;
  }
}

/**
 * A confirmed exchange: one `exchange` document per new ticket (its id is the new ticket's, so a
 * later void or refund refers to it as to any ticket), related to the ticket it replaced. `fare` is
 * what the ticket costs more than the old one plus its share of the airline's penalty; the agency's
 * exchange fee rides on the first.
 */
export async function recordExchangeSales(
  trx: Db,
  input: {
    booking: BookingRow;
    newTickets: readonly (BookingDocument & { exchangedFrom: string | null })[];
    oldTickets: readonly BookingDocument[];
    /** The airline's fares before the exchange (`booking` holds the new ones). */
    oldFares: StoredFares;
    penaltyMinor: number;
    feeMinor: number;
    formOfPayment: SalesDocumentInput['formOfPayment'];
    agentId: string;
    at: Date;
  },
): Promise<void> {
  const { booking } = input;
  const passengers = new Map((booking.passengers as BookingPassenger[]).map((p) => [p.id, p]));
  const route = routeOf(booking.segments as BookingSegment[]);
  const old = new Map(input.oldTickets.map((t) => [t.number, t]));
  const fareOf = (fares: StoredFares, passengerId: string) =>
    fares.airline.find((f) => f.passengerIds.includes(passengerId));
  const penalties = split(
    input.penaltyMinor,
    input.newTickets.map(() => 1),
  );
  let fee = input.feeMinor;
  for (const [i, doc] of input.newTickets.entries()) {
    const replaced = doc.exchangedFrom ? old.get(doc.exchangedFrom) : undefined;
    const differenceMinor = toMinor(doc.amount.amount) - (replaced ? toMinor(replaced.amount.amount) : 0);
    const moreMinor = Math.max(0, differenceMinor);
    const fareMinor = moreMinor + penalties[i]!;
    const newFare = fareOf(booking.fares as StoredFares, doc.passenger_id);
    const oldFare = fareOf(input.oldFares, doc.passenger_id);
    await recordSale(
      trx,
      booking,
      {
        ...common(booking, route, input.agentId),
        id: ticketDocumentId(booking.id, doc.number),
        kind: 'exchange',
        number: doc.number,
        relatedDocumentId: doc.exchangedFrom ? ticketDocumentId(booking.id, doc.exchangedFrom) : null,
        passengerName: passengerNameOf(passengers.get(doc.passenger_id), doc.passenger_id),
        issuedAt: new Date(doc.issued_at),
        fare: fromMinor(fareMinor),
        taxes: '0.00',
        fees: fromMinor(fee),
        markup: '0.00',
        total: fromMinor(fareMinor + fee),
        formOfPayment: input.formOfPayment,
        ...balanceOf(booking, fareMinor + fee),
      },
      {
        passengerId: doc.passenger_id,
        originalNumber: doc.exchangedFrom,
        // The accounting row keeps the sign the sales document drops: a cheaper new ticket is a residual.
        exchangeDifferenceMinor: differenceMinor + penalties[i]!,
        ...(newFare
          ? {
              exchangeTaxesMinor: replaced
                ? oldFare && taxDifferenceMinor(newFare, oldFare)
                : taxesByCodeMinor(newFare),
            }
          : {}),
      },
    );
    fee = 0;
  }
}

function common(booking: BookingRow, route: string, agentId: string) {
  return {
    locator: booking.locator,
    bookingId: booking.id,
    carrier: booking.carrier,
    route,
    commission: '0.00',
    currency: booking.currency.trim(),
    agentId,
    companyId: booking.company_id,
    agencyId: booking.agency_id,
  };
}
