// Two dispatchers can hand over the same events at once (a batch, and a second pass or another
// worker repeating part of it). Each writes the notifications of its events in one statement; 30
// such statements at once, each with the same rows in its own shuffled order, must all finish (no
// deadlock) and leave one notification per person and event.
import { inject } from 'vitest';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { createDb, type Db } from '../../api/src/db/database.js';
import { insertNotifications, type NotificationInsert } from '../../api/src/db/notifications.repository.js';
import { recordEvent } from '../../api/src/domain/events/record-event.js';
import { newId } from '../../api/src/domain/ids.js';
import { createAccount, createTenant, type TestAccount } from '../support/factories.js';
import { raceRounds } from '../support/races.js';

let db: Db;
let people: TestAccount[];
let agencyId: string;

beforeAll(async () => {
  db = createDb(inject('databaseUrl'), 32);
  const tenant = await createTenant(db);
  agencyId = tenant.agencyId;
  people = [];
  for (let i = 0; i < 6; i++) people.push(await createAccount(db, { userType: 'Agent', tenant }));
});
afterAll(async () => {
  await db.destroy();
});

function shuffled<T>(items: readonly T[]): T[] {
  const out = [...items];
  for (let i = out.length - 1; i > 0; i--) {
    const j = Math.floor(Math.random() * (i + 1));
    [out[i], out[j]] = [out[j]!, out[i]!];
  }
  return out;
}

it('writes each person one notification per event when 30 hand-overs of the same events race', async () => {
  for (let round = 0; round < raceRounds() * 3; round++) {
    const dedupe = newId('tst');
    const events: string[] = [];
    await db.transaction().execute(async (trx) => {
      for (let i = 0; i < 8; i++)
        await recordEvent(trx, {
          type: 'balance.low',
          agencyId,
          liveMode: false,
          object: { round, i },
          at: new Date(),
          dedupeKey: `${dedupe}:${i}`,
        });
    });
    for (const row of await db.selectFrom('events').select('id').where('dedupe_key', 'like', `${dedupe}:%`).execute())
      events.push(row.id);
    const rows = (): NotificationInsert[] =>
      events.flatMap((eventId) =>
        people.map((p) => ({
          id: newId('ntf'),
          recipient_id: p.id,
          event_id: eventId,
          event_type: 'balance.low',
          live_mode: false,
          in_app: true,
          params: '{}',
          created_at: new Date(),
        })),
      );
    const written = await Promise.all(
      Array.from({ length: 30 }, () =>
        db.transaction().execute(async (trx) => {
          const fresh = await insertNotifications(trx, shuffled(rows()));
          // Held a moment, as a dispatcher holds its batch's transaction while it mails.
          await new Promise((resolve) => setTimeout(resolve, 5));
          return fresh.length;
        }),
      ),
    );
    expect(written.reduce((a, b) => a + b, 0)).toBe(events.length * people.length);
    const stored = await db
      .selectFrom('notifications')
      .select((eb) => eb.fn.countAll<string>().as('n'))
      .where('event_id', 'in', events)
      .executeTakeFirstOrThrow();
    expect(Number(stored.n)).toBe(events.length * people.length);
  }
}, 120_000);
