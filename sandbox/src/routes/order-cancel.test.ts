import { afterAll, describe, expect, it } from 'vitest';
import { bookOrder, change, issuedOrder, shopOffer } from '../testing/order.fixture.js';
import { buildSandbox } from '../testing/sandbox.fixture.js';

const sandbox = buildSandbox();
afterAll(async () => (await sandbox).app.close());

describe('OrderChange: cancel and void', () => {
  it('cancels a held order and gives its seats back', async () => {
    const s = await sandbox;
    const offer = await shopOffer(s, { carrier: 'LH', route: ['FRA', 'LIS'] });
    const found = s.engine.findOffer(offer.OfferID);
    if (!found.ok) throw new Error('offer not stored');
    const flightKey = found.offer.journeys[0]!.segments[0]!.flight.key;
    const rbd = found.offer.rbds[0]![0]!;
    const before = s.engine.inventory.seatsLeft(flightKey, rbd);
    const held = (
      await s.ndc('OrderCreate', {
        OfferID: offer.OfferID,
        PaxList: [
          { PaxID: 'P1', PTC: 'ADT', Birthdate: '1990-01-01', Individual: { GivenName: 'Jan', Surname: 'Nowak' } },
        ],
        ContactInfoList: [
          { ContactInfoID: 'C', EmailAddress: { EmailAddressText: 'a@b.pl' }, Phone: { PhoneNumber: '+48123456789' } },
        ],
      })
    ).json();
    expect(s.engine.inventory.seatsLeft(flightKey, rbd)).toBe(before - 1);
    const res = await change(s, held.Order.OrderID, { CancelOrder: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().Order.StatusCode).toBe('CANCELLED');
    expect(s.engine.inventory.seatsLeft(flightKey, rbd)).toBe(before);
    const twice = await change(s, held.Order.OrderID, { CancelOrder: true });
    expect(twice.statusCode).toBe(409);
    expect(twice.json().Errors.Error[0].Code).toBe('ORDER_CLOSED');
  });

  it('refuses to cancel an issued order (void or refund it) and to void a held one', async () => {
    const s = await sandbox;
    const issued = await issuedOrder(s);
    const cancel = await change(s, issued.Order.OrderID, { CancelOrder: true });
    expect(cancel.statusCode).toBe(409);
    expect(cancel.json().Errors.Error[0].Code).toBe('ORDER_ALREADY_ISSUED');
    const held = await bookOrder(s);
    expect((await change(s, held.Order.OrderID, { VoidTickets: true })).json().Errors.Error[0].Code).toBe(
      'ORDER_NOT_ISSUED',
    );
  });

  it('voids inside the carrier void window (LH: 24 h): tickets VOIDED, order VOIDED', async () => {
    const s = await sandbox;
    const issued = await issuedOrder(s, { carrier: 'LH' });
    await s.moveClock(23 * 3600);
    const res = await change(s, issued.Order.OrderID, { VoidTickets: true });
    expect(res.statusCode).toBe(200);
    expect(res.json().Order.StatusCode).toBe('VOIDED');
    expect(res.json().TicketDocInfo.every((t: { StatusCode: string }) => t.StatusCode === 'VOIDED')).toBe(true);
  });

  it('refuses a void after the window with a distinct error that points to a refund', async () => {
    const s = await sandbox;
    const issued = await issuedOrder(s, { carrier: 'LH' });
    await s.moveClock(24 * 3600 + 1);
    const res = await change(s, issued.Order.OrderID, { VoidTickets: true });
    expect(res.statusCode).toBe(409);
    expect(res.json().Errors.Error[0].Code).toBe('VOID_WINDOW_CLOSED');
    expect(res.json().Errors.Error[0].DescText).toMatch(/refund/);
  });

  it('same-day carriers (AF) accept voids only until 23:59 local time of the issue day', async () => {
    const s = await sandbox;
    s.clock.set(new Date('2025-05-03T08:00:00Z'));
    const issued = await issuedOrder(s, { carrier: 'AF', route: ['CDG', 'LIS'], date: '2025-06-10' });
    expect(issued.Order.VoidDeadlineDateTime).toBe('2025-05-03T21:59:59.000Z');
    s.clock.set(new Date('2025-05-03T22:00:00Z'));
    const res = await change(s, issued.Order.OrderID, { VoidTickets: true });
    expect(res.json().Errors.Error[0].Code).toBe('VOID_WINDOW_CLOSED');
  });
});
