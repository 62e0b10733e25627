// A restarted sandbox remembers: orders, tickets and counters come back from PostgreSQL, so the
// locators and document numbers it hands out next were never handed out before.
import { afterEach, describe, expect, it } from 'vitest';
import { freshSandboxDatabase as database } from '../testing/database.fixture.js';
import { bookOrder, change, issuedOrder, payment } from '../testing/order.fixture.js';
import { buildSandbox, type Sandbox } from '../testing/sandbox.fixture.js';
import { openOrderPersistence } from './order-persistence.js';

const open: Sandbox[] = [];
const start = async (db: { url: string; schema: string }) => {
  const sandbox = await buildSandbox({ database: db });
  open.push(sandbox);
  return sandbox;
};

afterEach(async () => {
  await Promise.all(open.splice(0).map((s) => s.app.close()));
});

describe('sandbox orders in PostgreSQL', () => {
  it('keeps an issued order across a restart and hands out a new locator and ticket number after it', async () => {
    const db = database();
    const first = await start(db);
    const old = await issuedOrder(first);
    await first.app.close();

    const second = await start(db);
    const retrieved = await second.ndc('OrderRetrieve', { OrderID: old.Order.OrderID });
    expect(retrieved.statusCode).toBe(200);
    expect(retrieved.json().Order.StatusCode).toBe(old.Order.StatusCode);
    expect(retrieved.json().TicketDocInfo).toEqual(old.TicketDocInfo);

    const fresh = await issuedOrder(second);
    expect(fresh.Order.OrderID).not.toBe(old.Order.OrderID);
    const numbers = (view: typeof old) => view.TicketDocInfo.map((t) => t.TicketNumber);
    expect(numbers(fresh)).not.toEqual(expect.arrayContaining(numbers(old)));
  });

  it('never repeats a locator over several restarts', async () => {
    const db = database();
    const seen = new Set<string>();
    for (let restart = 0; restart < 3; restart += 1) {
      const sandbox = await start(db);
      for (let i = 0; i < 4; i += 1) {
        const held = await bookOrder(sandbox);
        expect(seen.has(held.Order.OrderID)).toBe(false);
        seen.add(held.Order.OrderID);
      }
      await sandbox.app.close();
    }
    expect(seen.size).toBe(12);
  });

  it('stores a change before answering it: a paid order stays paid after a restart', async () => {
    const db = database();
    const first = await start(db);
    const held = await bookOrder(first);
    const paid = await change(first, held.Order.OrderID, { PaymentFunctions: payment(held.Order.AmountDue) });
    expect(paid.statusCode).toBe(200);
    await first.app.close();

    const second = await start(db);
    const again = await change(second, held.Order.OrderID, { PaymentFunctions: payment(held.Order.AmountDue) });
    expect(again.json().Order.StatusCode).toBe(paid.json().Order.StatusCode);
    expect(again.json().TicketDocInfo).toEqual(paid.json().TicketDocInfo);
  });

  it("keeps each channel's clock, the newest version only, across a restart", async () => {
    const db = database();
    const first = await openOrderPersistence(db);
    const credential = 'sbx_LH_agency_clock';
    await first.saveChannelClock({ credential, offsetMs: 7_200_000, floorMs: null, version: 2 });
    // A move that arrives late (an older version) does not replace the newer one.
    await first.saveChannelClock({ credential, offsetMs: 3_600_000, floorMs: 1, version: 1 });
    await first.close();
    const second = await openOrderPersistence(db);
    expect((await second.load()).channelClocks).toEqual([
      { credential, offsetMs: 7_200_000, floorMs: null, version: 2 },
    ]);
    await second.close();
  });
});
