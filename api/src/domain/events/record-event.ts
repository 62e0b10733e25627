// Appending an event: always inside the transaction of the change it records (the caller's `trx`),
// so the two commit or roll back together. The envelope is fixed here, once:
// {id, type, created_at, live_mode, agency_id, data: {object, …context}, request}.
import type { Db } from '../../db/database.js';
import { insertEvent, type NewEventRow } from '../../db/events.repository.js';
import { newId } from '../ids.js';
import type { EventType } from './event-types.js';
import { callingRequest } from './request-context.js';

export interface EventInput {
  type: EventType;
  /** null: a platform-wide event only staff see. */
  agencyId: string | null;
  companyId?: string | null;
  bookingId?: string | null;
  /** The booking's agent: an agent sees the events of their own bookings only. */
  agentId?: string | null;
  liveMode: boolean;
  /** The resource as its own GET answers it, at the moment of the change. */
  object: unknown;
  /** What the event adds beside its object (e.g. `fare_watch` on Fare Watch's booking events). */
  context?: Record<string, unknown>;
  at: Date;
  /** Set for facts that must be raised once (a repeat with the same key writes nothing). */
  dedupeKey?: string;
  /**
   * The airline (or the clock) made the change: no API call caused it, even when a caller's read is
   * what noticed it, so the event names no request.
   */
  fromAirline?: boolean;
}

/** Appends the event in `trx`; false when its dedupe key was raised already. */
export async function recordEvent(trx: Db, input: EventInput): Promise<boolean> {
  return insertEvent(trx, eventRowOf(input));
}

/**
 * The event's row, for a change whose own statement appends it (a sale's, on the issue path):
 * read in the calling request's context, as `recordEvent` reads it.
 */
export function eventRowOf(input: EventInput): NewEventRow {
  const request = input.fromAirline ? null : callingRequest();
  return {
    id: newId('evt'),
    type: input.type,
    agency_id: input.agencyId,
    company_id: input.companyId ?? null,
    booking_id: input.bookingId ?? null,
    agent_id: input.agentId ?? null,
    live_mode: input.liveMode,
    data: JSON.stringify({ object: input.object, ...input.context }),
    request_id: request?.id ?? null,
    idempotency_key: request?.idempotencyKey ?? null,
    dedupe_key: input.dedupeKey ?? null,
    created_at: input.at,
  };
}
