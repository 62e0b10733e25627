// The reconciler's repeatable job: one round of settling airline intents left open
// (booking-reconcile.ts holds the rules). Safe to run twice or concurrently: every settlement is a
// compare-and-set under the booking's row lock, so money moves once.
import { reconcileIntents } from '../../domain/bookings/booking-reconcile.js';
import type { BookingDeps } from '../../domain/bookings/booking-deps.js';

export function airlineReconcileProcessor(deps: BookingDeps, options: { staleMs: number }) {
  return async () => reconcileIntents(deps, { staleMs: options.staleMs });
}
