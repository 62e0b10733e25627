// Fare Watch: the one face the handlers and the worker see. Settings are the agency's (supervisors
// their own, staff any); opportunities and a booking's log follow the bookings visibility and a
// token's mode; accepting rebooks a hold (fare-watch-rebook.ts) or exchanges issued tickets
// (fare-watch-exchange.ts) exactly once; the watch pass checks due held and issued bookings, each channel's reshops paced by the shared rate; and the sandbox's "cheaper
// fare" opens a cheaper class on a test booking and checks it at once.
import {
  checksOf,
  claimDueBookings,
  expireOpportunities,
  findOpportunities,
  findOpportunity,
  saveSettings,
  setOptedOut,
  settingsOf,
  updateOpportunity,
  watchedBookings,
  watchOf,
  type FareWatchSettingsRow,
  type OpportunityRow,
  type OpportunityStatus,
} from '../../db/fare-watch.repository.js';
import { bookingFor, visibilityOf } from '../bookings/booking-access.js';
import { asDomainError } from '../bookings/booking-airline-errors.js';
import { orderRefOf } from '../bookings/booking-order-ref.js';
import { effectiveStatus } from '../bookings/booking.js';
import { DomainError, notFound } from '../errors.js';
import { isStaff, liveModeOf, type Principal } from '../principal.js';
import { checkBooking, type CheckDeps } from './fare-watch-check.js';
import { acceptExchange } from './fare-watch-exchange.js';
import { acceptOpportunity } from './fare-watch-rebook.js';
import { fareWatchSavings, savingsRange } from './fare-watch-savings.js';
import { checkView, defaultSettings, opportunityView, settingsView } from './fare-watch-views.js';

export interface SettingsInput {
  held_enabled?: boolean;
  min_saving_amount?: string;
  min_saving_percent?: number;
  check_every_hours?: number;
  stop_before_hours?: number;
  auto_apply_held?: boolean;
  issued_enabled?: boolean;
  issued_with_ancillaries?: boolean;
  channel_ids?: string[] | null;
}

export interface OpportunityQuery {
  status?: OpportunityStatus;
  agencyId?: string;
  locator?: string;
  page: number;
  perPage: number;
}

export interface PassOptions {
  /** Bookings claimed per pass. */
  limit: number;
  /** Checks in flight per channel (the pacer keeps them to the channel's rate). */
  perChannel: number;
}

/** The last checks a booking's log shows. */
const logLength = 100;

export function createFareWatchService(deps: CheckDeps) {
  const { db, clock } = deps;

  /** The agency whose settings the caller reads or sets: a supervisor's own; staff must name one. */
  function agencyOf(principal: Principal, agencyId: string | undefined): string {
    if (isStaff(principal)) {
      if (!agencyId) throw new DomainError('validation_failed', 'Name the agency.', { parameter: 'agency_id' });
      return agencyId;
    }
    if (!principal.agencyId || (agencyId && agencyId !== principal.agencyId)) throw notFound('agency');
    return principal.agencyId;
  }

  async function opportunityFor(principal: Principal, id: string): Promise<OpportunityRow> {
    const row = await findOpportunity(db, id);
    if (!row) throw notFound('opportunity');
    try {
      await bookingFor(db, principal, row.locator);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'not_found') throw notFound('opportunity');
      throw error;
    }
    const live = liveModeOf(principal);
    if (live !== undefined && live !== row.live_mode) throw notFound('opportunity');
    return row;
  }

  async function settingsFor(agencyId: string): Promise<FareWatchSettingsRow> {
    return (await settingsOf(db, agencyId)) ?? defaultSettings(agencyId, clock.now());
  }

  async function bookingWatch(principal: Principal, locator: string) {
    const row = await bookingFor(db, principal, locator);
    const [watch, checks] = await Promise.all([watchOf(db, row.id), checksOf(db, row.id, logLength)]);
    return {
      locator: row.locator,
      opted_out: watch?.opted_out ?? false,
      last_checked_at: watch?.last_checked_at ? watch.last_checked_at.toISOString() : null,
      next_check_at: watch && !watch.opted_out ? watch.next_check_at.toISOString() : null,
      checks: checks.map(checkView),
    };
  }

  return {
    async getSettings(principal: Principal, agencyId?: string) {
      return settingsView(await settingsFor(agencyOf(principal, agencyId)));
    },

    async updateSettings(principal: Principal, agencyId: string | undefined, input: SettingsInput) {
      const agency = agencyOf(principal, agencyId);
      const defaults = defaultSettings(agency, clock.now());
      const row = await saveSettings(db, {
        agency_id: agency,
        held_enabled: input.held_enabled ?? defaults.held_enabled,
        min_saving_amount: input.min_saving_amount ?? defaults.min_saving_amount,
        min_saving_percent: String(input.min_saving_percent ?? Number(defaults.min_saving_percent)),
        check_every_hours: input.check_every_hours ?? defaults.check_every_hours,
        stop_before_hours: input.stop_before_hours ?? defaults.stop_before_hours,
        auto_apply_held: input.auto_apply_held ?? defaults.auto_apply_held,
        issued_enabled: input.issued_enabled ?? defaults.issued_enabled,
        issued_with_ancillaries: input.issued_with_ancillaries ?? defaults.issued_with_ancillaries,
        channel_ids: input.channel_ids ? JSON.stringify(input.channel_ids) : null,
        updated_by: principal.accountId,
        updated_at: clock.now(),
      });
      return settingsView(row);
    },

    async list(principal: Principal, query: OpportunityQuery) {
      const { rows, total } = await findOpportunities(
        db,
        {
          scope: await visibilityOf(db, principal),
          liveMode: liveModeOf(principal),
          status: query.status,
          agencyId: query.agencyId,
          locator: query.locator,
        },
        query,
      );
      return { items: rows.map((r) => opportunityView(r, clock.now())), total };
    },

    async get(principal: Principal, id: string) {
      return opportunityView(await opportunityFor(principal, id), clock.now());
    },

    async accept(principal: Principal, id: string, input: { accept_earlier_time_limit?: boolean }) {
      const opp = await opportunityFor(principal, id);
      // An issued booking is exchanged through its flight change path; a hold is rebooked.
      if (opp.tier === 'issued') return opportunityView(await acceptExchange(deps, principal, opp), clock.now());
      const done = await acceptOpportunity(
        deps,
        opp,
        { accountId: principal.accountId },
        { acceptEarlierTimeLimit: input.accept_earlier_time_limit === true },
      );
      return opportunityView(done, clock.now());
    },

    async decline(
      principal: Principal,
      id: string,
      input: { reason: OpportunityRow['decline_reason']; note?: string },
    ) {
      const opp = await opportunityFor(principal, id);
      const at = clock.now();
      // A claim on the status alone: whichever of accept and decline comes first wins.
      const declined = await updateOpportunity(db, opp.id, ['open'], {
        status: 'declined',
        decline_reason: input.reason,
        decline_note: input.note ?? null,
        decided_by: principal.accountId,
        decided_at: at,
        updated_at: at,
      });
      if (!declined) throw new DomainError('fare_watch_opportunity_decided');
      return opportunityView((await findOpportunity(db, opp.id))!, clock.now());
    },

    bookingWatch,

    /** `GET /analytics/fare_watch`: found, captured, declined and expired per month, within the bookings visibility. */
    async savings(principal: Principal, range: { from?: string; to?: string }) {
      return fareWatchSavings(
        db,
        { scope: await visibilityOf(db, principal), liveMode: liveModeOf(principal) },
        savingsRange(range, clock),
        clock.now(),
      );
    },

    async setOptOut(principal: Principal, locator: string, optedOut: boolean) {
      const row = await bookingFor(db, principal, locator);
      await setOptedOut(db, row.id, optedOut, clock.now());
      return bookingWatch(principal, locator);
    },

    /** `POST /sandbox/bookings/{locator}/cheaper_fare`: test bookings, test tokens and the console only. */
    async sandboxCheaperFare(principal: Principal, locator: string, conditions: 'equal' | 'worse') {
      if (principal.via.kind === 'token' && principal.via.mode === 'live')
        throw new DomainError('sandbox_only', 'A live token cannot change fares; use a test token.');
      const row = await bookingFor(db, principal, locator);
      if (!row.fake_booking) throw new DomainError('sandbox_only', `${locator} is a live booking.`);
      const status = effectiveStatus(row, clock.now());
      if (status !== 'new' && status !== 'issued')
        throw new DomainError(
          'booking_closed',
          `The booking is ${status}; Fare Watch checks held and issued bookings.`,
        );
      const { channel } = await deps.channels.forBooking(row);
      try {
        await deps.provider.openCheaperFare(channel, orderRefOf(row), conditions);
      } catch (error) {
        const refusal = asDomainError(error);
        if (refusal instanceof DomainError && refusal.code === 'change_not_allowed')
          throw new DomainError('fare_watch_nothing_worse');
        throw refusal;
      }
      const check = await checkBooking(deps, row.id, await settingsFor(row.agency_id));
      if (!check) throw new DomainError('booking_closed', 'The booking is no longer held or issued.');
      return checkView(check);
    },

    /**
     * One watch pass: expired opportunities marked, then up to `limit` due bookings claimed and
     * checked, each channel's checks `perChannel` at a time, paced by the channel's shared rate.
     * Answers how many were checked.
     */
    async runPass(options: PassOptions): Promise<number> {
      await expireOpportunities(db, clock.now());
      const ids = await claimDueBookings(db, clock.now(), options.limit);
      if (ids.length === 0) return 0;
      const settings = new Map<string, FareWatchSettingsRow>();
      const byChannel = new Map<string, { id: string; agencyId: string }[]>();
      for (const row of await watchedBookings(db, ids)) {
        if (!settings.has(row.agency_id)) settings.set(row.agency_id, await settingsFor(row.agency_id));
        const list = byChannel.get(row.channel_id) ?? [];
        list.push({ id: row.id, agencyId: row.agency_id });
        byChannel.set(row.channel_id, list);
      }
      let checked = 0;
      await Promise.all(
        [...byChannel.values()].map(async (queue) => {
          const lane = async () => {
            for (let next = queue.shift(); next; next = queue.shift()) {
              if (await checkBooking(deps, next.id, settings.get(next.agencyId)!)) checked += 1;
            }
          };
          await Promise.all(Array.from({ length: options.perChannel }, lane));
        }),
      );
      return checked;
    },
  };
}

export type FareWatchService = ReturnType<typeof createFareWatchService>;
