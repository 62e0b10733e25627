// "Disrupt this order": the sandbox airline changes one of its orders on its own, as a real airline
// does when it delays, retimes, renumbers or cancels a flight or shortens a hold, and asks the seller
// to answer before a deadline (accept, cancel with an involuntary refund, or change flights free of
// fee). The change is applied to the order at once; its notice is pushed full (with the new order)
// or light (only that something changed), and the seller's answer is acknowledged with OrderChange.
import { AirlineRefusal } from './airline-refusal.js';
import { addDays, toLocalIso } from './local-time.js';
import type { OrderBook } from './order-book-types.js';
import { retimed } from './order-events.js';
import { assertStatus } from './order-lifecycle.js';
import type { Disruption, DisruptionKind, Order } from './order-model.js';
import type { Journey, SegmentSale } from './schedule-connections.js';

export interface DisruptRequest {
  readonly kind: DisruptionKind;
  /** DELAY: later by this much (default 45); RETIME: moved by this much (default 90 earlier). */
  readonly minutes?: number;
  readonly notice: 'FULL' | 'LIGHT';
  readonly deadline: Date;
  readonly consequence: 'AUTO_ACCEPT' | 'AUTO_CANCEL';
  /** How many times the notice is pushed (an airline resending an unanswered notice). */
  readonly repeat?: number;
}

export type DisruptionAnswer = 'ACCEPT' | 'CANCEL' | 'CHANGE';

const reasons: Record<DisruptionKind, string> = {
  DELAY: 'Operational delay: late inbound aircraft.',
  RETIME: 'Schedule change: the flight was retimed in the new season schedule.',
  FLIGHT_NUMBER_CHANGE: 'Schedule change: the flight operates under a new flight number.',
  CANCELLATION: 'Flight cancelled: passengers are protected on the same flight the next day.',
  TIME_LIMIT_CHANGE: 'The payment time limit of the booking was shortened.',
};

export function disruptOrder(book: OrderBook, order: Order, rq: DisruptRequest): Disruption {
  const now = book.now();
  if (rq.kind === 'TIME_LIMIT_CHANGE') {
    assertStatus(order, 'HELD');
    const limit = order.paymentTimeLimit ?? new Date(now.getTime() + 24 * 3600_000);
    // Half the time left, and never less than ten minutes from now.
    order.paymentTimeLimit = new Date(Math.max(now.getTime() + 600_000, (now.getTime() + limit.getTime()) / 2));
  } else {
    assertStatus(order, 'HELD', 'ISSUED');
    const [first, ...rest] = order.journeys;
    order.journeys = [changedJourney(book, first!, rq), ...rest];
  }
  const disruption: Disruption = {
    id: book.store.nextId('NTD'),
    kind: rq.kind,
    notice: rq.notice,
    deadline: rq.deadline,
    consequence: rq.consequence,
    reason: reasons[rq.kind],
    occurredAt: now,
    state: 'PENDING',
  };
  // A newer disruption replaces one the seller has not answered: the airline asks about the order as it is now.
  order.disruptions = [...(order.disruptions ?? []).filter((d) => d.state !== 'PENDING'), disruption];
  order.remarks.push(`${now.toISOString()} ${disruption.reason}`);
  book.store.touch(order);
  const type = rq.kind === 'TIME_LIMIT_CHANGE' ? 'TIME_LIMIT_CHANGE' : 'SCHEDULE_CHANGE';
  for (let i = 0; i < Math.max(1, rq.repeat ?? 1); i += 1)
    book.emit({
      type,
      order,
      occurredAt: now,
      text: disruption.reason,
      notice: { notifId: disruption.id, full: rq.notice === 'FULL' },
    });
  return disruption;
}

/** The seller's answer to a disruption; the same answer twice is the same state. */
export function acknowledgeDisruption(book: OrderBook, order: Order, id: string, answer: DisruptionAnswer): void {
  const disruption = (order.disruptions ?? []).find((d) => d.id === id);
  if (!disruption)
    throw new AirlineRefusal(
      'CHANGE_NOT_FOUND',
      `No change ${id} on this order.`,
      '/ChangeOrder/AcknowledgeChange/NotifID',
    );
  const state = ({ ACCEPT: 'ACCEPTED', CANCEL: 'CANCELLED', CHANGE: 'CHANGED' } as const)[answer];
  if (disruption.state !== 'PENDING' && disruption.state !== state)
    throw new AirlineRefusal('ORDER_CLOSED', `Change ${id} was already answered: ${disruption.state}.`);
  disruption.state = state;
  disruption.acknowledgedAt ??= book.now();
  book.store.touch(order);
}

function changedJourney(book: OrderBook, journey: Journey, rq: DisruptRequest): Journey {
  switch (rq.kind) {
    case 'DELAY':
      return retimed(journey, Math.abs(rq.minutes ?? 45));
    case 'RETIME':
      return retimed(journey, rq.minutes ?? -90);
    case 'FLIGHT_NUMBER_CHANGE': {
      const [first, ...rest] = journey.segments;
      const number = renumbered(first!.marketingNumber);
      const renamed: SegmentSale = {
        ...first!,
        marketingNumber: number,
        flight: first!.marketingCarrier === first!.flight.carrier ? { ...first!.flight, number } : first!.flight,
      };
      return { ...journey, segments: [renamed, ...rest] };
    }
    case 'CANCELLATION':
      // The flights of the day are cancelled; the airline protects on the same flights a day later.
      return {
        ...journey,
        segments: journey.segments.map((s) => {
          const date = addDays(s.flight.date, 1);
          const next = book.deps.schedule.flight(s.flight.carrier.code, s.flight.number, date);
          if (next) return { ...s, flight: next };
          const departure = new Date(s.flight.departure.getTime() + 86_400_000);
          const arrival = new Date(s.flight.arrival.getTime() + 86_400_000);
          return {
            ...s,
            flight: {
              ...s.flight,
              key: `${s.flight.carrier.code}${s.flight.number}/${date}`,
              date,
              departure,
              arrival,
              departureLocal: toLocalIso(departure, s.flight.from.timeZone),
              arrivalLocal: toLocalIso(arrival, s.flight.to.timeZone),
            },
          };
        }),
      };
    default:
      return journey;
  }
}

/** Another number in the carrier's band: 1000 up, within four digits. */
const renumbered = (n: number) => (((n + 1000) % 9000) + 1000 === n ? n + 1 : ((n + 1000) % 9000) + 1000);
