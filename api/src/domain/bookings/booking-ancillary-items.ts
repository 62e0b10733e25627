// What an agent asks to add (a service by id, or a seat) checked against what the airline offers
// for the booking, and the same item found again on the airline's order. Services on an order carry
// the airline's order-item id, not the offer's service id, so an item is recognised by what it is:
// code, passenger, journey, flight and seat.
import type {
  OrderService,
  ProviderOrder,
  SeatMap,
  ServiceOption,
  ServiceRequest,
} from '../../providers/airline-provider.js';
import { DomainError, throwAll } from '../errors.js';
import { fromMinor, toMinor, type Money } from '../../money.js';
import type { BookingAncillary, BookingPassenger, BookingSegment } from './booking.js';

export type AncillaryInput =
  | { service_id: string; passenger_id: string }
  | { seat: { segment_id: string; row: number; column: string }; passenger_id: string };

/** One item, resolved against the airline's offer: what it is and what it costs. Kept as JSON. */
export interface ResolvedItem {
  request: ServiceRequest;
  kind: BookingAncillary['kind'];
  code: string;
  name: string;
  passengerId: string;
  journeyIndex: number;
  segmentId: string | null;
  seat: { row: number; column: string } | null;
  price: Money;
}

const invalid = (pointer: string, detail: string) => new DomainError('ancillary_invalid', detail, { pointer });

export function resolveItems(
  input: readonly AncillaryInput[],
  booking: { passengers: readonly BookingPassenger[]; segments: readonly BookingSegment[]; currency: string },
  offered: { services: readonly ServiceOption[]; seatMaps: readonly SeatMap[] },
): ResolvedItem[] {
  const problems: DomainError[] = [];
  const resolved: ResolvedItem[] = [];
  const seen = new Set<string>();
  input.forEach((item, i) => {
    const at = `/items/${i}`;
    const passenger = booking.passengers.find((p) => p.id === item.passenger_id);
    if (!passenger)
      return problems.push(invalid(`${at}/passenger_id`, `No passenger ${item.passenger_id} on the booking.`));
    const found =
      'service_id' in item
        ? serviceItem(item, passenger, offered.services, at)
        : seatItem(item, passenger, booking.segments, offered.seatMaps, booking.currency, at);
    if (found instanceof DomainError) return problems.push(found);
    if (found.price.currency !== booking.currency)
      return problems.push(invalid(at, `Priced in ${found.price.currency}, the booking in ${booking.currency}.`));
    if (seen.has(itemKey(found))) return problems.push(invalid(at, 'The same item is listed twice.'));
    seen.add(itemKey(found));
    resolved.push(found);
  });
  throwAll(problems);
  return resolved;
}

function serviceItem(
  item: { service_id: string; passenger_id: string },
  passenger: BookingPassenger,
  services: readonly ServiceOption[],
  at: string,
): ResolvedItem | DomainError {
  const service = services.find((s) => s.id === item.service_id);
  if (!service)
    return invalid(`${at}/service_id`, `The airline offers no service ${item.service_id} for this booking.`);
  if (!service.passengerTypes.includes(passenger.type))
    return invalid(`${at}/passenger_id`, `${service.name} cannot be bought for a passenger of type ${passenger.type}.`);
  return {
    request: { serviceId: service.id, passengerId: passenger.id },
    kind: service.kind,
    code: service.code,
    name: service.name,
    passengerId: passenger.id,
    journeyIndex: Math.max(0, service.journeyIndex),
    segmentId: service.segmentId,
    seat: null,
    price: service.price,
  };
}

function seatItem(
  item: { seat: { segment_id: string; row: number; column: string }; passenger_id: string },
  passenger: BookingPassenger,
  segments: readonly BookingSegment[],
  seatMaps: readonly SeatMap[],
  currency: string,
  at: string,
): ResolvedItem | DomainError {
  const { segment_id: segmentId, row, column } = item.seat;
  const segment = segments.find((s) => s.flight_id === segmentId);
  if (!segment) return invalid(`${at}/seat/segment_id`, `No flight ${segmentId} on the booking.`);
  // Infants travel on a lap: airlines sell them no seat.
  if (passenger.type === 'INF') return invalid(`${at}/passenger_id`, 'An infant has no seat of their own.');
  const seat = seatMaps
    .find((m) => m.segmentId === segmentId)
    ?.rows.find((r) => r.number === row)
    ?.seats.find((s) => s.column === column);
  if (!seat) return invalid(`${at}/seat`, `Seat ${row}${column} is not on the seat map of ${segment.flight_number}.`);
  if (!seat.available) return invalid(`${at}/seat`, `Seat ${row}${column} on ${segment.flight_number} is taken.`);
  return {
    request: { seat: { segmentId, row, column }, passengerId: passenger.id },
    kind: 'seat',
    code: 'SEAT',
    name: `Seat ${row}${column}`,
    passengerId: passenger.id,
    journeyIndex: segment.origin_destination,
    segmentId,
    seat: { row, column },
    // A free seat costs nothing, in the booking's currency.
    price: seat.price ?? { amount: '0.00', currency },
  };
}

/** What makes two items the same thing: an airline takes each once. */
export function itemKey(
  item: Pick<ResolvedItem, 'code' | 'passengerId' | 'journeyIndex' | 'segmentId' | 'seat'>,
): string {
  const seat = item.seat ? `${item.seat.row}${item.seat.column}` : '';
  return [item.code, item.passengerId, item.journeyIndex, item.segmentId ?? '', seat].join('|');
}

/** The order's live service that is this item, if the airline has it. */
export function onOrder(item: ResolvedItem, order: ProviderOrder): OrderService | undefined {
  const journeyIndex = (s: OrderService) => order.journeys.findIndex((j) => j.id === s.journeyId);
  return order.services.find(
    (s) =>
      s.status !== 'voided' &&
      s.status !== 'refunded' &&
      s.code === item.code &&
      s.passengerIds.includes(item.passengerId) &&
      (item.segmentId !== null ? s.segmentId === item.segmentId : journeyIndex(s) === item.journeyIndex) &&
      (item.seat === null || (s.seat?.row === item.seat.row && s.seat.column === item.seat.column)),
  );
}

export const totalMinor = (items: readonly ResolvedItem[]) =>
  items.reduce((sum, i) => sum + toMinor(i.price.amount), 0);

/** An item of a request, as the booking shows it until the airline has it. */
export function requestedView(requestId: string, items: readonly ResolvedItem[]) {
  return items.map((item, i) => ({
    request_id: requestId,
    id: `${requestId}-${i + 1}`,
    kind: item.kind,
    code: item.code,
    name: item.name,
    passenger_id: item.passengerId,
    flight_id: item.segmentId,
    seat: item.seat ? `${item.seat.row}${item.seat.column}` : null,
    price: { amount: fromMinor(toMinor(item.price.amount)), currency: item.price.currency },
    status: 'pending' as const,
    emd_number: null,
  }));
}
