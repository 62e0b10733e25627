// "Action required": the bookings that need a person, from every source of need, in one queue
// sorted by deadline (soonest first; none last) and then by departure. A source is one kind of
// need with its query: held bookings near their time limit, refused EMDs and schedule changes
// awaiting a decision, cheaper fares Fare Watch found. A new kind is one more entry in `sources` and its text in
// notification-texts.ts. Only bookings the caller reaches (the bookings
// visibility) and, for a token, of its mode.
import {
  cheaperFaresOpen,
  failedEmdsUnresolved,
  heldUntil,
  scheduleChangesPending,
  type NeedQuery,
  type NeedyBooking,
} from '../../db/action-required.repository.js';
import type { Db } from '../../db/database.js';
import { visibilityOf } from '../bookings/booking-access.js';
import type { Clock } from '../clock.js';
import type { Principal } from '../principal.js';
import { bookingLink } from './console-links.js';
import { firstDeparture, routeOfSegments } from './notification-content.js';
import { actionTexts } from './notification-texts.js';
import { languageOf } from './notifications.service.js';

export type ActionKind = keyof (typeof actionTexts)['en'];

export interface ActionItem {
  kind: ActionKind;
  booking_locator: string;
  deadline: string | null;
  departure: string | null;
  route: string;
  what_to_do: string;
  link: string;
  live_mode: boolean;
}

interface ActionSource {
  kind: ActionKind;
  /** The bookings with this need, and the deadline of each. */
  find(db: Db, query: NeedQuery): Promise<{ booking: NeedyBooking; deadline: Date | null }[]>;
}

/** How far ahead a time limit is a need: a day, as the first time-limit warning. */
const timeLimitWindowMs = 24 * 3_600_000;
const perSourceLimit = 500;

const sources: readonly ActionSource[] = [
  {
    kind: 'time_limit',
    find: async (db, q) =>
      (await heldUntil(db, q, new Date(q.now.getTime() + timeLimitWindowMs))).map((booking) => ({
        booking,
        deadline: booking.time_limit,
      })),
  },
  {
    // A refused service is of use only until the flight leaves: its deadline is the departure.
    kind: 'emd_failed',
    find: async (db, q) =>
      (await failedEmdsUnresolved(db, q)).map((booking) => {
        const departure = firstDeparture(booking.segments);
        return { booking, deadline: departure ? new Date(departure) : null };
      }),
  },
  {
    // The airline changed the flights and waits for an answer; the deadline is the change's own.
    kind: 'schedule_change',
    find: async (db, q) =>
      (await scheduleChangesPending(db, q)).map((booking) => ({ booking, deadline: booking.time_limit })),
  },
  {
    // Fare Watch found a cheaper fare; it is there to take until the airline's offer expires.
    kind: 'cheaper_fare',
    find: async (db, q) =>
      (await cheaperFaresOpen(db, q)).map((booking) => ({ booking, deadline: booking.time_limit })),
  },
];

const instant = (iso: string | null) => (iso ? Date.parse(iso) : Number.POSITIVE_INFINITY);

/** Soonest deadline first (none last), then soonest departure, then locator for a stable order. */
export function byDeadlineThenDeparture(a: ActionItem, b: ActionItem): number {
  return (
    instant(a.deadline) - instant(b.deadline) ||
    instant(a.departure) - instant(b.departure) ||
    a.booking_locator.localeCompare(b.booking_locator) ||
    a.kind.localeCompare(b.kind)
  );
}

export function createActionRequired(deps: { db: Db; clock: Clock }) {
  const { db, clock } = deps;
  return {
    async list(principal: Principal, page: { page: number; perPage: number }) {
      const query: NeedQuery = {
        scope: await visibilityOf(db, principal),
        ...(principal.via.kind === 'token' ? { liveMode: principal.via.mode === 'live' } : {}),
        now: clock.now(),
        limit: perSourceLimit,
      };
      const [found, language] = await Promise.all([
        Promise.all(sources.map(async (s) => ({ kind: s.kind, rows: await s.find(db, query) }))),
        languageOf(db, principal.accountId),
      ]);
      const items = found
        .flatMap(({ kind, rows }) =>
          rows.map(({ booking, deadline }): ActionItem => ({
            kind,
            booking_locator: booking.locator,
            deadline: deadline ? deadline.toISOString() : null,
            departure: firstDeparture(booking.segments),
            route: routeOfSegments(booking.segments) ?? '',
            what_to_do: actionTexts[language][kind],
            link: bookingLink(booking.locator),
            live_mode: !booking.fake_booking,
          })),
        )
        .sort(byDeadlineThenDeparture);
      const start = (page.page - 1) * page.perPage;
      return { items: items.slice(start, start + page.perPage), total: items.length };
    },
  };
}

export type ActionRequired = ReturnType<typeof createActionRequired>;
