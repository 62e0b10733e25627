// Each agency's own sandbox time (test mode only). The sandbox airlines are shared by every agency,
// so a developer who moves time moves only their agency's: the offset is kept per agency in
// PostgreSQL (sandbox-clocks.repository.ts) and handed whole to each of the agency's sandbox
// channels, whose test orders then live on that time; Contrail's own test-mode timers (hold expiry,
// time-limit warnings, fare-watch passes) read the same offset for the agency's test bookings.
//
// Invariants: time only moves forward for the agency's orders (a reset returns to real time, but
// waits at the latest moment the agency's test orders recorded at the airlines until real time
// passes it); concurrent moves add up, each in one statement on the agency's row;
// the channels keep the highest version they were given, so moves that reach them out of order
// settle on the sum. A channel that did not hear a move (the airline unreachable) hears it on the
// next read or move of the clock: every one sends the current setting again.
import {
  advanceSandboxClock,
  raiseSandboxFloor,
  resetSandboxClock,
  sandboxClockOf,
  type SandboxClockRow,
} from '../../db/sandbox-clocks.repository.js';
import { expireHolds } from '../bookings/booking-expiry.js';
import type { BookingDeps } from '../bookings/booking-deps.js';
import { warnApproachingTimeLimits } from '../bookings/booking-time-limit-warnings.js';
import { asDomainError } from '../bookings/booking-airline-errors.js';
import { DomainError } from '../errors.js';
import type { Principal } from '../principal.js';

export interface SandboxClockView {
  now: string;
  real_now: string;
  offset_seconds: number;
  held_until: string | null;
}

/** How far ahead of real time an agency's sandbox may run (the sandbox airlines take no more). */
export const maxSandboxOffsetMs = 400 * 86_400_000;

export function createSandboxClockService(deps: BookingDeps & { warningMinutes: readonly number[] }) {
  const { db, clock } = deps;

  /** The agency whose clock this is; live tokens and staff without an agency have none. */
  function agencyOf(principal: Principal): string {
    if (principal.via.kind === 'token' && principal.via.mode === 'live')
      throw new DomainError('sandbox_only', 'A live token cannot read or move the sandbox clock; use a test token.');
    if (!principal.agencyId) throw new DomainError('forbidden', 'The sandbox clock belongs to an agency.');
    return principal.agencyId;
  }

  function viewOf(row: SandboxClockRow | undefined): SandboxClockView {
    const real = clock.now();
    const offsetMs = Number(row?.offset_ms ?? 0);
    const floor = row?.floor_at && row.floor_at > real ? row.floor_at : null;
    const now = new Date(Math.max(real.getTime() + offsetMs, floor?.getTime() ?? 0));
    return {
      now: now.toISOString(),
      real_now: real.toISOString(),
      offset_seconds: Math.round(offsetMs / 1000),
      held_until: floor?.toISOString() ?? null,
    };
  }

  /**
   * Hands the setting to every sandbox channel of the agency; each keeps the highest version. A
   * channel whose orders recorded a later moment than the setting reads waits at it (its floor), and
   * the agency's clock takes that floor too, so Contrail's timers and the airlines agree.
   */
  async function tellChannels(
    agencyId: string,
    row: SandboxClockRow,
  ): Promise<{ row: SandboxClockRow; behind: number; failure: unknown }> {
    const setting = { offsetMs: Number(row.offset_ms), floor: row.floor_at, version: Number(row.version) };
    const channels = await deps.channels.sandboxChannels(agencyId);
    const settled = await Promise.allSettled(
      channels.map((channel) => deps.provider.setChannelClock(channel, setting)),
    );
    const answers = settled.flatMap((s) => (s.status === 'fulfilled' ? [s.value] : []));
    const failure = settled.find((s) => s.status === 'rejected')?.reason;
    const behind = settled.length - answers.length;
    const floor = answers.reduce<Date | null>((a, b) => (b.floor && (!a || b.floor > a) ? b.floor : a), null);
    if (!floor || (row.floor_at && row.floor_at >= floor)) return { row, behind, failure };
    return { row: (await raiseSandboxFloor(db, agencyId, floor)) ?? row, behind, failure };
  }

  /** A read or a reset may simply be asked again: a channel that did not hear it fails the answer. */
  async function toldEveryChannel(agencyId: string, row: SandboxClockRow): Promise<SandboxClockRow> {
    const told = await tellChannels(agencyId, row);
    if (told.behind > 0) throw asDomainError(told.failure);
    return told.row;
  }

  return {
    async view(principal: Principal): Promise<SandboxClockView> {
      const agencyId = agencyOf(principal);
      const row = await sandboxClockOf(db, agencyId);
      return viewOf(row && (await toldEveryChannel(agencyId, row)));
    },

    /**
     * Moves the agency's time forward, then does at once what the move made due for its test
     * bookings (hold expiry with the airline, time-limit warnings), so a developer sees it without
     * waiting for the worker's round.
     */
    async advance(principal: Principal, seconds: number) {
      const agencyId = agencyOf(principal);
      const row = await advanceSandboxClock(db, agencyId, seconds * 1000, maxSandboxOffsetMs, clock.now());
      if (!row) throw new DomainError('sandbox_clock_limit');
      // The move is kept whatever the airlines answer: a failure here would invite a retry, which
      // would move the clock a second time. Channels that did not hear it are counted, and hear the
      // agency's time on the next read or move.
      const told = await tellChannels(agencyId, row);
      const { expired } = await expireHolds(deps, { agencyId, limit: 500 });
      const warnings = await warnApproachingTimeLimits(deps, deps.warningMinutes, 500, agencyId);
      return {
        clock: viewOf(told.row),
        holds_expired: expired,
        time_limit_warnings: warnings,
        airlines_behind: told.behind,
      };
    },

    async reset(principal: Principal): Promise<SandboxClockView> {
      const agencyId = agencyOf(principal);
      const row = await resetSandboxClock(db, agencyId, clock.now());
      return viewOf(await toldEveryChannel(agencyId, row));
    },
  };
}

export type SandboxClockService = ReturnType<typeof createSandboxClockService>;
