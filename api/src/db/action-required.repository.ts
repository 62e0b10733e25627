// The bookings that need a person ("action required"), one query per kind of need, each within the
// caller's bookings visibility and, for a token, its mode. Each answers at most `limit` rows.
import { sql } from 'kysely';
import { withinScope, type VisibilityScope } from './bookings.repository.js';
import type { Db } from './database.js';

export interface NeedyBooking {
  locator: string;
  segments: unknown;
  fake_booking: boolean;
  /** The time limit (held bookings); null for the other kinds. */
  time_limit: Date | null;
}

export interface NeedQuery {
  scope: VisibilityScope;
  /** A token sees only bookings of its mode: true live, false test; undefined both. */
  liveMode?: boolean;
  now: Date;
  limit: number;
}

function within<Q extends { where: (...args: any[]) => Q }>(q: Q, f: NeedQuery): Q {
  q = withinScope(q, f.scope);
  if (f.liveMode !== undefined) q = q.where('b.fake_booking', '=', !f.liveMode);
  return q;
}

/** Held bookings whose time limit is still ahead but no later than `until`, soonest first. */
export function heldUntil(db: Db, f: NeedQuery, until: Date): Promise<NeedyBooking[]> {
  const q = db
    .selectFrom('bookings as b')
    .select(['b.locator', 'b.segments', 'b.fake_booking', 'b.time_limit'])
    .where('b.status', '=', 'new')
    .where('b.time_limit', '>', f.now)
    .where('b.time_limit', '<=', until);
  return within(q, f).orderBy('b.time_limit').limit(f.limit).execute();
}

/**
 * Issued bookings with an EMD request the airline refused and nothing since: no later request of
 * the booking was added or is on its way (adding the services again is what settles it), and the
 * flight has not left yet (after departure a service is of no use).
 */
export function failedEmdsUnresolved(db: Db, f: NeedQuery): Promise<NeedyBooking[]> {
  const q = db
    .selectFrom('bookings as b')
    .select(['b.locator', 'b.segments', 'b.fake_booking', sql<null>`NULL`.as('time_limit')])
    .where('b.status', '=', 'issued')
    .where(sql<boolean>`(b.segments->0->>'departure_at')::timestamptz > ${f.now}`)
    .where((eb) =>
      eb.exists(
        eb
          .selectFrom('booking_emd_requests as r')
          .select('r.id')
          .whereRef('r.booking_id', '=', 'b.id')
          .where('r.status', '=', 'failed')
          .where((inner) =>
            inner.not(
              inner.exists(
                inner
                  .selectFrom('booking_emd_requests as n')
                  .select('n.id')
                  .whereRef('n.booking_id', '=', 'r.booking_id')
                  .whereRef('n.created_at', '>', 'r.created_at')
                  .where('n.status', '<>', 'failed'),
              ),
            ),
          ),
      ),
    );
  return within(q, f).orderBy('b.id').limit(f.limit).execute();
}

/**
 * Bookings with a schedule change awaiting a decision (pending, or being decided), each with the
 * change's deadline: past it the worker carries out the consequence of inaction.
 */
export function scheduleChangesPending(db: Db, f: NeedQuery): Promise<NeedyBooking[]> {
  const q = db
    .selectFrom('schedule_changes as c')
    .innerJoin('bookings as b', 'b.id', 'c.booking_id')
    .select(['b.locator', 'b.segments', 'b.fake_booking', 'c.action_deadline as time_limit'])
    .where('c.status', 'in', ['pending', 'deciding']);
  return within(q, f).orderBy('c.action_deadline').limit(f.limit).execute();
}

/** Bookings with a cheaper fare awaiting a decision, each with the offer's expiry. */
export function cheaperFaresOpen(db: Db, f: NeedQuery): Promise<NeedyBooking[]> {
  const q = db
    .selectFrom('fare_watch_opportunities as o')
    .innerJoin('bookings as b', 'b.id', 'o.booking_id')
    .select(['b.locator', 'b.segments', 'b.fake_booking', 'o.expires_at as time_limit'])
    .where('o.status', 'in', ['open', 'accepting'])
    .where('o.expires_at', '>', f.now);
  return within(q, f).orderBy('o.expires_at').limit(f.limit).execute();
}
