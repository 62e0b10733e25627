// Schedule changes: the one face the handlers and the worker see. Reading and listing follow the
// bookings visibility (booking-access.ts) and a token's mode; deciding claims the decision once
// (schedule-change-decide.ts); the deadline pass carries out each consequence of inaction; and the
// sandbox's "disrupt this order" makes a test airline change a test booking and push its notice.
import {
  dueScheduleChanges,
  findScheduleChange,
  findScheduleChanges,
  type ScheduleChangeRow,
} from '../../db/schedule-changes.repository.js';
import type { AirlineChangeKind } from '../../providers/airline-provider.js';
import { bookingFor, visibilityOf } from '../bookings/booking-access.js';
import { asDomainError } from '../bookings/booking-airline-errors.js';
import type { BookingDeps } from '../bookings/booking-deps.js';
import { orderRefOf } from '../bookings/booking-order-ref.js';
import { effectiveStatus } from '../bookings/booking.js';
import { DomainError, notFound } from '../errors.js';
import { liveModeOf, type Principal } from '../principal.js';
import { retryAcknowledgements } from './schedule-change-acknowledge.js';
import { carryOut, claimDecision, settleStale, type Decider } from './schedule-change-decide.js';
import { scheduleChangeView, type ScheduleChange, type ScheduleChangeAction } from './schedule-change.js';

export interface ScheduleChangeQuery {
  status?: ScheduleChange['status'];
  deadlineBefore?: Date;
  locator?: string;
  page: number;
  perPage: number;
}

export interface DisruptInput {
  kind: AirlineChangeKind;
  minutes?: number;
  notice: 'full' | 'light';
  action_deadline: string;
  consequence_of_inaction: 'auto_accept' | 'auto_cancel';
  repeat?: number;
}

/** How long a claimed decision may run before the deadline pass takes it for one a dead process left. */
const staleDecisionMs = 5 * 60_000;

export function createScheduleChangesService(deps: BookingDeps) {
  const { db, clock } = deps;

  /** The change if its booking is in the caller's reach (and mode); any other id is not found. */
  async function changeFor(principal: Principal, id: string): Promise<ScheduleChangeRow> {
    const row = await findScheduleChange(db, id);
    if (!row) throw notFound('schedule change');
    try {
      await bookingFor(db, principal, row.locator);
    } catch (error) {
      if (error instanceof DomainError && error.code === 'not_found') throw notFound('schedule change');
      throw error;
    }
    return row;
  }

  async function decide(principal: Principal, id: string, action: ScheduleChangeAction) {
    const row = await changeFor(principal, id);
    const by: Decider = { accountId: principal.accountId, byDeadline: false };
    const claimed = await claimDecision(deps, row, action, by);
    return scheduleChangeView(await carryOut(deps, claimed, by));
  }

  return {
    async list(principal: Principal, query: ScheduleChangeQuery) {
      const { rows, total } = await findScheduleChanges(
        db,
        {
          scope: await visibilityOf(db, principal),
          liveMode: liveModeOf(principal),
          status: query.status,
          deadlineBefore: query.deadlineBefore,
          locator: query.locator,
        },
        query,
      );
      return { items: rows.map(scheduleChangeView), total };
    },

    get: async (principal: Principal, id: string) => scheduleChangeView(await changeFor(principal, id)),
    accept: (principal: Principal, id: string) => decide(principal, id, 'accept'),
    cancel: (principal: Principal, id: string) => decide(principal, id, 'cancel'),
    change: (principal: Principal, id: string) => decide(principal, id, 'change'),

    /**
     * One deadline pass (the worker runs it on its sweep): every pending change past its deadline
     * gets its consequence of inaction, exactly once however many workers run it; a decision a dead
     * process left claimed is finished or released. Answers how many were settled.
     */
    async resolveDue(options: { limit?: number } = {}): Promise<number> {
      const now = clock.now();
      const staleBefore = new Date(now.getTime() - staleDecisionMs);
      const due = await dueScheduleChanges(db, now, staleBefore, options.limit ?? 50);
      let settled = 0;
      for (const { id } of due) {
        const row = await findScheduleChange(db, id);
        if (!row) continue;
        try {
          if (row.status === 'deciding') {
            // Only a claim left long ago is another process's dead one; a fresh claim (another
            // pass or a person, a moment ago) is theirs to finish.
            if (row.claimed_at && row.claimed_at < staleBefore) settled += (await settleStale(deps, row)) ? 1 : 0;
            continue;
          }
          const by: Decider = { accountId: null, byDeadline: true };
          const action = row.consequence === 'auto_accept' ? 'accept' : 'cancel';
          await carryOut(deps, await claimDecision(deps, row, action, by), by);
          settled += 1;
        } catch (error) {
          // Another worker or a person decided first; or the airline failed, and the next pass tries again.
          if (!(error instanceof DomainError)) throw error;
        }
      }
      return settled;
    },

    /** One pass telling the airline the decisions it could not be told before (the worker's sweep). */
    retryAcknowledgements: (options: { limit?: number } = {}) => retryAcknowledgements(deps, options),

    /** `POST /sandbox/bookings/{locator}/disrupt`: test bookings, test tokens and the console only. */
    async disrupt(principal: Principal, locator: string, input: DisruptInput) {
      if (principal.via.kind === 'token' && principal.via.mode === 'live')
        throw new DomainError('sandbox_only', 'A live token cannot disrupt bookings; use a test token.');
      const row = await bookingFor(db, principal, locator);
      if (!row.fake_booking) throw new DomainError('sandbox_only', `${locator} is a live booking.`);
      const deadline = new Date(input.action_deadline);
      if (deadline <= clock.now())
        throw new DomainError('validation_failed', 'The action deadline must be in the future.', {
          pointer: '/action_deadline',
        });
      const status = effectiveStatus(row, clock.now());
      if (status !== 'new' && status !== 'issued')
        throw new DomainError('booking_closed', `The booking is ${status}; only held or ticketed bookings change.`);
      if (input.kind === 'time_limit_change' && status !== 'new')
        throw new DomainError('validation_failed', 'Only a held booking has a time limit to change.', {
          pointer: '/kind',
        });
      const { channel } = await deps.channels.forBooking(row);
      try {
        const { changeId } = await deps.provider.disruptOrder(channel, orderRefOf(row), {
          kind: input.kind,
          ...(input.minutes === undefined ? {} : { minutes: input.minutes }),
          notice: input.notice,
          actionDeadline: deadline,
          consequenceOfInaction: input.consequence_of_inaction,
          ...(input.repeat === undefined ? {} : { repeat: input.repeat }),
        });
        return {
          locator,
          notice_id: changeId,
          kind: input.kind,
          notice: input.notice,
          action_deadline: deadline.toISOString(),
          consequence_of_inaction: input.consequence_of_inaction,
        };
      } catch (error) {
        throw asDomainError(error);
      }
    },
  };
}

export type ScheduleChangesService = ReturnType<typeof createScheduleChangesService>;
