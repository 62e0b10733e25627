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

export function applyDueEvents(book: OrderBook): void {
  const now = book.now();
  for (const order of book.store.all()) {
    const emit = (type: OrderChangeType, occurredAt: Date, text: string) => {
      order.remarks.push(`${occurredAt.toISOString()} ${text}`);
      book.store.touch(order);
      book.emit({ type, order, occurredAt, text });
    };
    const due = (key: string, at: Date) => now >= at && !order.applied.has(key) && order.applied.add(key);

    if (order.status === 'HELD' && order.nameScenarios.includes('time_limit_change')) {
      const at = after(order.createdAt, timings.timeLimitChangeAfterSeconds);
      if (due('TIME_LIMIT_CHANGE', at)) {
        order.paymentTimeLimit = after(at, timings.shortenedTimeLimitSeconds);
        emit('TIME_LIMIT_CHANGE', at, `Payment time limit changed to ${order.paymentTimeLimit.toISOString()}.`);
      }
    }
    if (isLiveStatus(order) && order.routeScenarios.includes('schedule_change')) {
      const at = after(order.createdAt, timings.scheduleChangeAfterSeconds);
      if (due('SCHEDULE_CHANGE', at)) {
        order.journeys = [retimed(order.journeys[0]!, timings.retimeMinutes), ...order.journeys.slice(1)];
        const first = order.journeys[0]!.segments[0]!.flight;
        emit(
          'SCHEDULE_CHANGE',
          at,
          `Schedule change: ${first.carrier.code}${first.number} now departs ${first.departureLocal}.`,
        );
      }
    }
    if (isLiveStatus(order) && order.routeScenarios.includes('airline_cancellation')) {
      const at = after(order.createdAt, timings.airlineCancellationAfterSeconds);
      if (due('AIRLINE_CANCELLATION', at)) {
        closeOrder(book, order, 'AIRLINE_CANCELLED', at);
        emit('AIRLINE_CANCELLATION', at, 'The airline cancelled the order: the flight no longer operates.');
      }
    }
    if (order.status === 'HELD' && order.paymentTimeLimit && now >= order.paymentTimeLimit) {
      closeOrder(book, order, 'EXPIRED', order.paymentTimeLimit);
      emit('HOLD_EXPIRED', order.paymentTimeLimit, 'Unpaid at the payment time limit: the hold was released.');
    }
    issueDueEmds(book, order, now, emit);
    if (order.closedAt && now >= after(order.closedAt, timings.purgeAfterSeconds)) book.store.remove(order.id);
  }
}

function issueDueEmds(
  book: OrderBook,
  order: Order,
  now: Date,
  emit: (type: OrderChangeType, at: Date, text: string) => void,
): void {
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
