// Telling people of one event without claiming the shared log: the event is recorded, then handed
// straight to the notification consumer, as the dispatcher would hand it (other test files' events
// are left alone). Tests that run a real dispatcher use a scratch database instead.
import type { Db } from '../../api/src/db/database.js';
import { findEvent } from '../../api/src/db/events.repository.js';
import {
  dispatchedEvent,
  type DispatchedEvent,
  type EventConsumer,
} from '../../api/src/domain/events/event-dispatch.js';
import { recordEvent, type EventInput } from '../../api/src/domain/events/record-event.js';
import { newId } from '../../api/src/domain/ids.js';

export async function dispatchedOf(db: Db, id: string): Promise<DispatchedEvent> {
  const row = await findEvent(db, id);
  if (!row) throw new Error(`no event ${id}`);
  return dispatchedEvent({ ...row, data_json: JSON.stringify(row.data) });
}

/** Records the event and hands it to the consumer; answers the event's id. */
export async function tell(db: Db, consumer: EventConsumer, input: Omit<EventInput, 'at'> & { at?: Date }) {
  const key = newId('tst');
  await db.transaction().execute((trx) => recordEvent(trx, { at: new Date(), ...input, dedupeKey: key }));
  const { id } = await db.selectFrom('events').select('id').where('dedupe_key', '=', key).executeTakeFirstOrThrow();
  const event = await dispatchedOf(db, id);
  const after = await db.transaction().execute((trx) => consumer.fanOut(trx, [event]));
  if (after) await after();
  return id;
}
