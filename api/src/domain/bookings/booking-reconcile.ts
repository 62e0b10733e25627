// The reconciler: settles every airline intent left open — its answer was lost (unknown), or its
// process died or deadlocked before settling it (pending and stale) — from the airline's order as
// the airline has it now. The order shows the operation done: it is finished (the credit or debit
// moves, exactly once: each finish is a compare-and-set on the booking or its request under the
// booking's row lock). The order shows it not done: it is rolled back (what was debited goes back).
// The airline cannot say: the intent waits for the next round. What it did is written to the
// booking's history.
import { orderRefOf } from './booking-order-ref.js';
import { closeIntent, openIntentsBefore, type AirlineIntentRow } from '../../db/airline-intents.repository.js';
import { findRequest } from '../../db/booking-requests.repository.js';
import { findBookingById, lockBookingRow } from '../../db/bookings.repository.js';
import type { ProviderOrder } from '../../providers/airline-provider.js';
import { finishCancel, finishVoid } from './booking-cancel.js';
import { retrieveQuietly, type BookingDeps } from './booking-deps.js';
import { settleStaleChange } from './booking-exchange-confirm.js';
import { recordHistory } from './booking-history.js';
import { settleStaleIssue } from './booking-issue.js';
import { settleStaleRefund } from './booking-refund.js';
import { settleExchangeOfRequest, settleStaleExchanges } from '../fare-watch/fare-watch-exchange.js';
import { settleStaleRebook } from '../fare-watch/fare-watch-rebook.js';

export type IntentOutcome = 'finished' | 'rolled_back' | 'settled_before' | 'waiting';

/** One round: every open intent untouched for `staleMs` (and every unknown one), oldest first. */
export async function reconcileIntents(deps: BookingDeps, options: { staleMs: number; limit?: number }) {
  const before = new Date(deps.clock.now().getTime() - options.staleMs);
  const intents = await openIntentsBefore(deps.db, before, options.limit ?? 100);
  const outcomes: Record<IntentOutcome, number> = { finished: 0, rolled_back: 0, settled_before: 0, waiting: 0 };
  for (const intent of intents) outcomes[await reconcileIntent(deps, intent, options.staleMs)] += 1;
  // Fare Watch exchange accepts whose process died between their claim and the flight change's.
  outcomes.rolled_back += await settleStaleExchanges(deps, before);
  return outcomes;
}

export async function reconcileIntent(
  deps: BookingDeps,
  intent: AirlineIntentRow,
  staleMs: number,
): Promise<IntentOutcome> {
  const row = await findBookingById(deps.db, intent.booking_id);
  if (!row) return 'waiting';
  const { channel } = await deps.channels.forBooking(row);
  const order = await retrieveQuietly(deps.provider, channel, orderRefOf(row));
  if (!order) return 'waiting';
  const done = await settle(deps, intent, order, staleMs);
  if (done === 'waiting' || done === 'settled_before') return done;
  await recordHistory(deps.db, {
    bookingId: row.id,
    action: 'intent_reconciled',
    actorAccountId: null,
    at: deps.clock.now(),
    detail: `The ${intent.operation} left open (${intent.state}) was ${done === 'finished' ? 'finished' : 'rolled back'} from the airline's order (${order.status}).`,
  });
  return done;
}

async function settle(
  deps: BookingDeps,
  intent: AirlineIntentRow,
  order: ProviderOrder,
  staleMs: number,
): Promise<IntentOutcome> {
  const row = (await findBookingById(deps.db, intent.booking_id))!;
  switch (intent.operation) {
    case 'issue':
      if (row.status === 'issuing') {
        const settled = await settleStaleIssue(deps, row, order, staleMs);
        if (!settled) return 'waiting';
        return order.status === 'issued' ? 'finished' : 'rolled_back';
      }
      // The claim was settled (by a reader of the booking) without its intent: close it as it ended.
      return close(deps, intent, row.status === 'issued' ? 'succeeded' : 'failed');
    case 'void':
      if (order.status === 'voided')
        return (await finishVoid(deps, row.id, order, null)) ? 'finished' : 'settled_before';
      return order.status === 'issued' ? rollBack(deps, intent) : 'waiting';
    case 'cancel':
      if (order.status === 'cancelled')
        return (await finishCancel(deps, row.id, order, null)) ? 'finished' : 'settled_before';
      return order.status === 'held' ? rollBack(deps, intent) : 'waiting';
    case 'rebook': {
      const done = await settleStaleRebook(deps, row, intent.request_id);
      return done;
    }
    case 'refund':
    case 'change': {
      const request = intent.request_id
        ? await findRequest(deps.db, row.id, intent.request_id, intent.operation)
        : undefined;
      if (!request || request.status !== 'confirming')
        return close(deps, intent, request?.status === 'confirmed' ? 'succeeded' : 'failed');
      const settleRequest = intent.operation === 'refund' ? settleStaleRefund : settleStaleChange;
      if (!(await settleRequest(deps, row, request, order))) return 'waiting';
      const after = await findRequest(deps.db, row.id, request.id, intent.operation);
      // A Fare Watch exchange follows its flight change.
      if (after && intent.operation === 'change') await settleExchangeOfRequest(deps, after);
      return after?.status === 'confirmed' ? 'finished' : 'rolled_back';
    }
  }
}

/** The airline did not carry the operation out: the intent closes and nothing moves. */
async function rollBack(deps: BookingDeps, intent: AirlineIntentRow): Promise<IntentOutcome> {
  const closed = await deps.db.transaction().execute(async (trx) => {
    // Lock order: the booking row only (nothing was debited or credited for a void or cancel yet).
    await lockBookingRow(trx, intent.booking_id);
    return closeIntent(
      trx,
      intent.booking_id,
      intent.operation,
      'rolled_back',
      'Not done at the airline.',
      deps.clock.now(),
    );
  });
  return closed ? 'rolled_back' : 'settled_before';
}

/** The intent's operation was settled without it (by a reader of the booking): close it as it ended. */
async function close(
  deps: BookingDeps,
  intent: AirlineIntentRow,
  state: 'succeeded' | 'failed',
): Promise<IntentOutcome> {
  await closeIntent(deps.db, intent.booking_id, intent.operation, state, 'Settled before.', deps.clock.now());
  return 'settled_before';
}
