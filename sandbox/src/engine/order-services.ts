// Ancillaries on an order (OrderChange AddServiceItem): services from ServiceList and seats from
// SeatAvailability. Before issue they re-price the order (paid with the tickets); after issue they
// are paid on their own and become EMDs at once — or, for the slow-EMD surname, after a delay on
// the sandbox clock. Adding the same service for the same passenger again changes nothing, so a
// retried request cannot buy twice.
import { AirlineRefusal } from './airline-refusal.js';
import { roeFor } from './money.js';
import type { OrderBook } from './order-book-types.js';
import { issueEmd, takePayment, type PaymentInput } from './order-issue.js';
import { assertStatus } from './order-lifecycle.js';
import type { Order, ServiceLine } from './order-model.js';
import { seatMapFor } from './seat-map.js';

export type ServiceRequest =
  | { readonly kind: 'SERVICE'; readonly serviceId: string; readonly paxId: string }
  | {
      readonly kind: 'SEAT';
      readonly flightKey: string;
      readonly row: number;
      readonly column: string;
      readonly paxId: string;
    };

export interface AddServicesResult {
  readonly added: readonly ServiceLine[];
  /** Requests that matched a line the order already had (answered, not bought again). */
  readonly repeated: number;
}

const active = (line: ServiceLine) => line.status !== 'VOIDED' && line.status !== 'REFUNDED';
const sameLine = (a: Omit<ServiceLine, 'id' | 'status' | 'requestedAt'>, b: ServiceLine) =>
  a.code === b.code &&
  a.paxId === b.paxId &&
  a.journeyIndex === b.journeyIndex &&
  a.flightKey === b.flightKey &&
  a.seat?.row === b.seat?.row &&
  a.seat?.column === b.seat?.column;

export function addServices(
  book: OrderBook,
  order: Order,
  requests: readonly ServiceRequest[],
  payment: PaymentInput | undefined,
): AddServicesResult {
  assertStatus(order, 'HELD', 'ISSUED');
  const now = book.now();
  const wanted = requests.map((r, i) => lineFor(book, order, r, i));
  const fresh = wanted.filter((w, i) => !order.services.some((s) => active(s) && sameLine(w, s)) && firstOf(wanted, i));
  const added = fresh.map((w): ServiceLine => ({
    ...w,
    id: book.store.nextId('SI'),
    requestedAt: now,
    status: 'PRICED',
  }));
  if (order.status === 'ISSUED' && added.length) {
    const due = added.reduce((sum, s) => sum + s.priceMinor, 0);
    if (due > 0) {
      takePayment(
        book,
        order,
        payment ?? { method: 'CA', amountMinor: 0, currency: order.offer.currency },
        due,
        'SERVICES',
      );
    }
  }
  order.services.push(...added);
  if (order.status === 'ISSUED') {
    const slow = order.nameScenarios.includes('slow_emd');
    for (const line of added) {
      if (slow && line.priceMinor > 0) {
        line.status = 'PENDING';
        line.emdDueAt = new Date(now.getTime() + book.deps.slowEmdSeconds * 1000);
      } else {
        issueEmd(book, order, line.id, now);
      }
    }
  }
  return { added, repeated: requests.length - added.length };
}

/** Seats sold to orders on a flight (e.g. `12C`): SeatAvailability shows them occupied. */
export function takenSeats(book: OrderBook, flightKey: string): Set<string> {
  const taken = new Set<string>();
  for (const order of book.store.all()) {
    for (const line of order.services) {
      if (active(line) && line.flightKey === flightKey && line.seat) taken.add(`${line.seat.row}${line.seat.column}`);
    }
  }
  return taken;
}

const firstOf = (lines: ReadonlyArray<Omit<ServiceLine, 'id' | 'status' | 'requestedAt'>>, i: number) =>
  lines.findIndex((l) => sameLine(l, { ...lines[i]!, id: '', status: 'PRICED', requestedAt: new Date(0) })) === i;

function lineFor(
  book: OrderBook,
  order: Order,
  request: ServiceRequest,
  index: number,
): Omit<ServiceLine, 'id' | 'status' | 'requestedAt'> {
  const pax = order.pax.find((p) => p.id === request.paxId);
  // Infants travel on a lap: no seat, bag or meal of their own.
  if (!pax || pax.ptc === 'INF') {
    throw new AirlineRefusal('PAX_MISMATCH', `${request.paxId} cannot take this service.`, `/AddServiceItem/${index}`);
  }
  if (request.kind === 'SERVICE') {
    const service = book.deps.services(order.offer).find((s) => s.id === request.serviceId);
    if (!service) throw new AirlineRefusal('SERVICE_NOT_FOUND', undefined, `/AddServiceItem/${index}/ServiceID`);
    return {
      kind: 'SERVICE',
      code: service.code,
      name: service.name,
      paxId: pax.id,
      journeyIndex: service.journeyIndex,
      ...(service.flightKey ? { flightKey: service.flightKey } : {}),
      priceMinor: service.priceMinor,
    };
  }
  const journeyIndex = order.journeys.findIndex((j) => j.segments.some((s) => s.flight.key === request.flightKey));
  const segment = order.journeys[journeyIndex]?.segments.find((s) => s.flight.key === request.flightKey);
  if (!segment)
    throw new AirlineRefusal('SEAT_UNAVAILABLE', 'No such flight in the order.', `/AddServiceItem/${index}`);
  const { offer } = order;
  const map = seatMapFor(book.deps.seed, segment.flight, offer.cabin, offer.family === 2, roeFor(offer.currency));
  const seat = map.rows.find((r) => r.number === request.row)?.seats.find((s) => s.column === request.column);
  const mine = order.services.find(
    (s) =>
      active(s) &&
      s.flightKey === segment.flight.key &&
      s.paxId === pax.id &&
      s.seat?.row === request.row &&
      s.seat.column === request.column,
  );
  const taken = !mine && takenSeats(book, segment.flight.key).has(`${request.row}${request.column}`);
  if (!seat || seat.occupied || taken) {
    throw new AirlineRefusal(
      'SEAT_UNAVAILABLE',
      `Seat ${request.row}${request.column} is not available.`,
      `/AddServiceItem/${index}`,
    );
  }
  return {
    kind: 'SEAT',
    code: 'SEAT',
    name: `Seat ${request.row}${request.column}`,
    paxId: pax.id,
    journeyIndex,
    flightKey: segment.flight.key,
    seat: { row: request.row, column: request.column },
    priceMinor: seat.priceMinor ?? 0,
  };
}
