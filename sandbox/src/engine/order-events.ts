// What the sandbox clock makes happen to orders on its own: unpaid holds expire at their payment
// time limit, slow EMDs issue when due, the scenario routes and surnames retime, cancel or shorten
// a hold, and ended orders are dropped a day later (then OrderRetrieve answers ORDER_NOT_FOUND).
// Each event is stamped with the moment it was due, not the moment the tick noticed it.
import { orderScenarioTimings as timings } from './scenarios.js';
import { toLocalIso } from './local-time.js';
import { issueEmd } from './order-issue.js';
import { closeOrder } from './order-lifecycle.js';
import { isLive as isLiveStatus, type Order } from './order-model.js';
import type { OrderBook, OrderChangeType } from './order-book-types.js';
import type { Journey } from './schedule-connections.js';

const after = (from: Date, seconds: number) => new Date(from.getTime() + seconds * 1000);

type Emit = (type: OrderChangeType, occurredAt: Date, text: string) => void;

/** One thing the clock does to an order: when it is due (null: not for this order), and doing it. */
interface DueRule {
  at(order: Order): Date | null;
  apply(book: OrderBook, order: Order, at: Date, emit: Emit): void;
}

/** A scenario event happens once: due at its moment until applied. */
const scenarioAt = (order: Order, key: string, when: boolean, seconds: number) =>
  when && !order.applied.has(key) ? after(order.createdAt, seconds) : null;

// In this order: a cancellation closes the order before its hold could expire, and so on.
const rules: readonly DueRule[] = [
  {
    at: (o) =>
      scenarioAt(
        o,
        'TIME_LIMIT_CHANGE',
        o.status === 'HELD' && o.nameScenarios.includes('time_limit_change'),
        timings.timeLimitChangeAfterSeconds,
      ),
    apply(_book, order, at, emit) {
      order.applied.add('TIME_LIMIT_CHANGE');
      order.paymentTimeLimit = after(at, timings.shortenedTimeLimitSeconds);
      emit('TIME_LIMIT_CHANGE', at, `Payment time limit changed to ${order.paymentTimeLimit.toISOString()}.`);
    },
  },
  {
    at: (o) =>
      scenarioAt(
        o,
        'SCHEDULE_CHANGE',
        isLiveStatus(o) && o.routeScenarios.includes('schedule_change'),
        timings.scheduleChangeAfterSeconds,
      ),
    apply(_book, order, at, emit) {
      order.applied.add('SCHEDULE_CHANGE');
      order.journeys = [retimed(order.journeys[0]!, timings.retimeMinutes), ...order.journeys.slice(1)];
      const first = order.journeys[0]!.segments[0]!.flight;
      emit(
        'SCHEDULE_CHANGE',
        at,
        `Schedule change: ${first.carrier.code}${first.number} now departs ${first.departureLocal}.`,
      );
    },
  },
  {
    at: (o) =>
      scenarioAt(
        o,
        'AIRLINE_CANCELLATION',
        isLiveStatus(o) && o.routeScenarios.includes('airline_cancellation'),
        timings.airlineCancellationAfterSeconds,
      ),
    apply(book, order, at, emit) {
      order.applied.add('AIRLINE_CANCELLATION');
      closeOrder(book, order, 'AIRLINE_CANCELLED', at);
      emit('AIRLINE_CANCELLATION', at, 'The airline cancelled the order: the flight no longer operates.');
    },
  },
  {
    at: (o) => (o.status === 'HELD' && o.paymentTimeLimit ? o.paymentTimeLimit : null),
    apply(book, order, at, emit) {
      closeOrder(book, order, 'EXPIRED', at);
      emit('HOLD_EXPIRED', at, 'Unpaid at the payment time limit: the hold was released.');
    },
  },
  {
    at: (o) => earliest(o.services.map((line) => (line.status === 'PENDING' ? (line.emdDueAt ?? null) : null))),
    apply: (book, order, _at, emit) => issueDueEmds(book, order, book.now(), emit),
  },
  {
    at: (o) => (o.closedAt ? after(o.closedAt, timings.purgeAfterSeconds) : null),
    apply: (book, order) => book.store.remove(order.id),
  },
];

function earliest(moments: ReadonlyArray<Date | null>): Date | null {
  let first: Date | null = null;
  for (const m of moments) if (m && (!first || m < first)) first = m;
  return first;
}

/**
 * Applies what is due to the orders that may have something due (the store's work list: those
 * changed since, and those whose moment came), then schedules each at its next moment. A lookup
 * costs what changed, not every order the airline holds.
 */
export function applyDueEvents(book: OrderBook): void {
  const clocks = book.deps.channelClocks;
  // The work list is kept in sandbox-clock moments; each order's own rules run on its channel's time.
  for (const order of book.store.takeDue(clocks.base.now())) {
    clocks.within(order.credential, () => applyToOrder(book, order));
    const next = earliest(rules.map((rule) => rule.at(order)));
    const offset = clocks.offsetOf(order.credential);
    book.store.schedule(order, next && new Date(next.getTime() - offset));
  }
}

function applyToOrder(book: OrderBook, order: Order): void {
  const now = book.now();
  const emit: Emit = (type, occurredAt, text) => {
    order.remarks.push(`${occurredAt.toISOString()} ${text}`);
    book.store.touch(order);
    book.emit({ type, order, occurredAt, text });
  };
  for (const rule of rules) {
    const at = rule.at(order);
    if (at && now >= at) rule.apply(book, order, at, emit);
  }
}

function issueDueEmds(book: OrderBook, order: Order, now: Date, emit: Emit): void {
  for (const line of order.services) {
    if (line.status !== 'PENDING' || !line.emdDueAt || now < line.emdDueAt) continue;
    issueEmd(book, order, line.id, line.emdDueAt);
    const number = order.documents.find((d) => d.serviceLineId === line.id)?.number ?? 'without charge';
    emit('EMD_ISSUED', line.emdDueAt, `EMD ${number} issued for ${line.name}.`);
  }
}

/** The whole journey moves, so its connection still works; flight keys (inventory) stay the same. */
export function retimed(journey: Journey, minutes: number): Journey {
  return {
    ...journey,
    segments: journey.segments.map((s) => {
      const departure = new Date(s.flight.departure.getTime() + minutes * 60_000);
      const arrival = new Date(s.flight.arrival.getTime() + minutes * 60_000);
      return {
        ...s,
        flight: {
          ...s.flight,
          departure,
          arrival,
          departureLocal: toLocalIso(departure, s.flight.from.timeZone),
          arrivalLocal: toLocalIso(arrival, s.flight.to.timeZone),
        },
      };
    }),
  };
}
