// Schedule changes in tests: a pending change made straight in the database for a booking (for
// tests about who reaches it, not about how it came), and the API's sandbox "disrupt this order".
import request from 'supertest';
import { expect } from 'vitest';
import type { Db } from '../../api/src/db/database.js';
import { newId } from '../../api/src/domain/ids.js';

/** A pending delay of the booking's first flight, decided by nobody yet; answers its id. */
export async function pendingChangeOf(db: Db, locator: string): Promise<string> {
  const booking = await db.selectFrom('bookings').selectAll().where('locator', '=', locator).executeTakeFirstOrThrow();
  const segments = booking.segments as { departure_at: string }[];
  const id = newId('sch');
  const now = new Date();
  await db
    .insertInto('schedule_changes')
    .values({
      id,
      booking_id: booking.id,
      channel_id: booking.channel_id,
      notif_id: `NTTEST${id}`,
      change_type: 'delay',
      reason: 'Operational delay.',
      removed_segments: JSON.stringify(segments.slice(0, 1)),
      added_segments: JSON.stringify(segments.slice(0, 1)),
      new_segments: JSON.stringify(segments),
      action_deadline: new Date(now.getTime() + 3600_000),
      consequence: 'auto_accept',
      status: 'pending',
      live_mode: !booking.fake_booking,
      created_at: now,
      updated_at: now,
    })
    .execute();
  return id;
}

export interface Disruption {
  kind: 'delay' | 'retime' | 'flight_number_change' | 'cancellation' | 'time_limit_change';
  notice: 'full' | 'light';
  minutes?: number;
  consequence_of_inaction?: 'auto_accept' | 'auto_cancel';
  action_deadline?: string;
  repeat?: number;
}

/** `POST /sandbox/bookings/{locator}/disrupt`, expecting 202. */
export async function disrupt(baseUrl: string, headers: Record<string, string>, locator: string, d: Disruption) {
  const res = await request(baseUrl)
    .post(`/api/v1/sandbox/bookings/${locator}/disrupt`)
    .set(headers)
    .send({
      consequence_of_inaction: 'auto_accept',
      action_deadline: new Date(Date.now() + 3600_000).toISOString(),
      ...d,
    });
  expect(res.status, JSON.stringify(res.body)).toBe(202);
  return res.body as { notice_id: string };
}
