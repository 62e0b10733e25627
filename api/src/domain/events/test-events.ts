// Test events: an event a developer asks for to see their receiver work, never written to the event
// log. Its object is the agency's newest event of the type in that mode (a real shape, with real
// data), under a new id and the present time. A webhook endpoint's test delivery and the event
// streams' `contrail trigger` both make them here.
import { latestEventOfType } from '../../db/webhooks.repository.js';
import type { Db } from '../../db/database.js';
import { DomainError } from '../errors.js';
import { newId } from '../ids.js';
import type { EventType } from './event-types.js';

export interface TestEventScope {
  agencyId: string;
  liveMode: boolean;
}

/** The envelope of a test event around `object` (GET /events/{id}'s shape). */
export function testEnvelope<T extends string>(scope: TestEventScope, type: T, object: unknown, at: Date) {
  return {
    id: newId('evt'),
    type,
    created_at: at.toISOString(),
    live_mode: scope.liveMode,
    agency_id: scope.agencyId,
    data: { object },
    request: null,
  };
}

/** A test event of `type`: 422 `test_event_unavailable` while the agency has none in that mode yet. */
export async function testEventOf(db: Db, scope: TestEventScope, type: EventType, at: Date) {
  const sample = await latestEventOfType(db, { ...scope, type });
  if (!sample) throw new DomainError('test_event_unavailable', undefined, { pointer: '/type' });
  return testEnvelope(scope, type, (sample.data as { object: unknown }).object, at);
}
