import { afterAll, describe, expect, it } from 'vitest';
import { nameTriggers, routeTriggers } from '../engine/scenarios.js';
import { bookOrder } from '../testing/order.fixture.js';
import { buildSandbox, testNow } from '../testing/sandbox.fixture.js';

const sandbox = buildSandbox();
afterAll(async () => (await sandbox).app.close());

const own = 'sbx_LH_agency_moves';
const other = 'sbx_LH_agency_waits';
const setClock = async (credential: string, body: object) =>
  (await sandbox).app.inject({
    method: 'PUT',
    url: '/sandbox/channel_clock',
    headers: { authorization: `Bearer ${credential}` },
    payload: body as Record<string, unknown>,
  });
const readClock = async (credential: string) =>
  (
    await (
      await sandbox
    ).app.inject({ url: '/sandbox/channel_clock', headers: { authorization: `Bearer ${credential}` } })
  ).json();
const retrieve = async (credential: string, orderId: string) =>
  (await (await sandbox).ndc('OrderRetrieve', { OrderID: orderId }, credential)).json();

describe('/sandbox/channel_clock', () => {
  it('moves one channel’s time and expires its hold, and leaves another channel’s alone', async () => {
    const s = await sandbox;
    const mine = await bookOrder(s, { credential: own, date: '2025-06-10' });
    const theirs = await bookOrder(s, { credential: other, date: '2025-06-10' });
    const limit = Date.parse(mine.Order.PaymentTimeLimitDateTime!);
    const offsetMs = limit - Date.parse(testNow) + 60_000;
    const moved = await setClock(own, { offset_ms: offsetMs, floor: null, version: 1 });
    expect(moved.statusCode).toBe(200);
    expect(moved.json()).toMatchObject({
      offset_ms: offsetMs,
      version: 1,
      now: new Date(limit + 60_000).toISOString(),
    });
    expect((await retrieve(own, mine.Order.OrderID)).Order.StatusCode).toBe('EXPIRED');
    expect((await retrieve(other, theirs.Order.OrderID)).Order.StatusCode).toBe('HELD');
    expect((await readClock(other)).now).toBe(new Date(testNow).toISOString());
    // Messages answer on the channel's own time.
    const view = await retrieve(own, mine.Order.OrderID);
    expect(view.PayloadAttributes.Timestamp).toBe(new Date(limit + 60_000).toISOString());
    // Back to the sandbox clock: the channel waits at the moment its order expired, never before.
    const reset = await setClock(own, { offset_ms: 0, floor: null, version: 2 });
    expect(reset.json()).toMatchObject({
      offset_ms: 0,
      floor: new Date(limit).toISOString(),
      now: new Date(limit).toISOString(),
    });
  });

  it('keeps the newest version when moves arrive out of order', async () => {
    const credential = 'sbx_LO_agency_versions';
    await setClock(credential, { offset_ms: 7_200_000, floor: null, version: 2 });
    const stale = await setClock(credential, { offset_ms: 3_600_000, floor: null, version: 1 });
    expect(stale.json()).toMatchObject({ offset_ms: 7_200_000, version: 2 });
  });

  it('holds the channel at its floor after a reset, never before it', async () => {
    const credential = 'sbx_LO_agency_reset';
    const floor = new Date(Date.parse(testNow) + 86_400_000).toISOString();
    const reset = await setClock(credential, { offset_ms: 0, floor, version: 1 });
    expect(reset.json()).toMatchObject({ now: floor, offset_ms: 0, floor });
  });

  it('refuses a negative offset and a missing credential', async () => {
    const s = await sandbox;
    expect((await setClock(own, { offset_ms: -1, floor: null, version: 9 })).statusCode).toBe(400);
    expect((await s.app.inject({ url: '/sandbox/channel_clock' })).statusCode).toBe(401);
  });
});

describe('/sandbox/scenarios', () => {
  it('lists every route and surname trigger of scenarios.ts with texts in en, ua and pl', async () => {
    const s = await sandbox;
    const { scenarios } = (await s.app.inject({ url: '/sandbox/scenarios' })).json<{
      scenarios: Array<{
        id: string;
        route: string[];
        surname: string | null;
        texts: Record<string, { title: string }>;
      }>;
    }>();
    for (const [id, route] of Object.entries(routeTriggers))
      expect(scenarios.find((e) => e.id === id)?.route).toEqual([...route]);
    for (const [id, surname] of Object.entries(nameTriggers))
      expect(scenarios.find((e) => e.id === id)?.surname).toBe(surname);
    for (const entry of scenarios) expect(Object.keys(entry.texts).sort()).toEqual(['en', 'pl', 'ua']);
  });
});
