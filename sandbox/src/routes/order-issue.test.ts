import { afterAll, describe, expect, it } from 'vitest';
import { bookOrder, change, payment } from '../testing/order.fixture.js';
import { buildSandbox } from '../testing/sandbox.fixture.js';

const sandbox = buildSandbox();
afterAll(async () => (await sandbox).app.close());

type Doc = { TicketNumber: string; TicketDocTypeCode: string; StatusCode: string; PaxRefID: string };

describe('OrderChange: pay and issue', () => {
  it('issues one 13-digit ticket per passenger with the carrier prefix (LH 220) for cash', async () => {
    const s = await sandbox;
    const held = await bookOrder(s, { carrier: 'LH', surnames: ['Kowalska', 'Nowak'] });
    const res = await change(s, held.Order.OrderID, { PaymentFunctions: payment(held.Order.AmountDue) });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body.Order.StatusCode).toBe('ISSUED');
    expect(body.Order.AmountDue.Amount).toBe('0.00');
    expect(body.Order.VoidDeadlineDateTime).toBe('2025-05-02T08:00:00.000Z');
    const tickets = body.TicketDocInfo as Doc[];
    expect(tickets.map((t) => t.PaxRefID)).toEqual(['PAX1', 'PAX2']);
    for (const t of tickets) {
      expect(t.TicketNumber).toMatch(/^220\d{10}$/);
      expect(t).toMatchObject({ TicketDocTypeCode: 'T', StatusCode: 'ISSUED' });
    }
    expect(new Set(tickets.map((t) => t.TicketNumber)).size).toBe(2);
    expect(body.PaymentInfo).toEqual([
      expect.objectContaining({ TypeCode: 'CA', Amount: held.Order.TotalPrice.TotalAmount, PurposeCode: 'TICKETS' }),
    ]);
  });

  it('takes a card (masked) or the agency balance (AGT) as the form of payment', async () => {
    const s = await sandbox;
    const byCard = await bookOrder(s, { carrier: 'LO' });
    const card = (
      await change(s, byCard.Order.OrderID, { PaymentFunctions: payment(byCard.Order.AmountDue, 'CC') })
    ).json();
    expect(card.PaymentInfo[0]).toMatchObject({ TypeCode: 'CC', MaskedCardID: 'XXXXXXXXXXXX1111' });
    expect(card.TicketDocInfo[0].TicketNumber).toMatch(/^080\d{10}$/);
    const byBalance = await bookOrder(s, { carrier: 'LH' });
    const agt = (
      await change(s, byBalance.Order.OrderID, { PaymentFunctions: payment(byBalance.Order.AmountDue, 'AGT') })
    ).json();
    expect(agt.PaymentInfo[0].TypeCode).toBe('AGT');
    const noCard = await change(s, byBalance.Order.OrderID, {
      PaymentFunctions: { PaymentMethod: { TypeCode: 'CC' }, Amount: byBalance.Order.AmountDue },
    });
    expect(noCard.statusCode).toBe(400);
  });

  it('is idempotent: repeated and concurrent issue requests give the same tickets and one payment', async () => {
    const s = await sandbox;
    const held = await bookOrder(s, { carrier: 'LH' });
    const answers = await Promise.all(
      Array.from({ length: 20 }, () =>
        change(s, held.Order.OrderID, { PaymentFunctions: payment(held.Order.AmountDue) }),
      ),
    );
    expect(answers.every((a) => a.statusCode === 200)).toBe(true);
    const numbers = new Set(
      answers.map((a) =>
        a
          .json()
          .TicketDocInfo.map((t: Doc) => t.TicketNumber)
          .join(),
      ),
    );
    expect(numbers.size).toBe(1);
    const last = answers.at(-1)!.json();
    expect(last.PaymentInfo).toHaveLength(1);
    expect(last.Warning[0].Code).toBe('ORDER_ALREADY_ISSUED');
  });

  it('refuses an amount other than the amount due, and changes nothing', async () => {
    const s = await sandbox;
    const held = await bookOrder(s);
    const res = await change(s, held.Order.OrderID, {
      PaymentFunctions: payment({ Amount: '1.00', CurCode: held.Order.AmountDue.CurCode }),
    });
    expect(res.statusCode).toBe(409);
    expect(res.json().Errors.Error[0].Code).toBe('PAYMENT_AMOUNT_MISMATCH');
    expect((await s.ndc('OrderRetrieve', { OrderID: held.Order.OrderID })).json().Order.StatusCode).toBe('HELD');
  });

  it('ticketing error: surname TICKETFAIL answers an airline error with its message; the order stays held', async () => {
    const s = await sandbox;
    const held = await bookOrder(s, { surnames: ['Ticketfail'] });
    const res = await change(s, held.Order.OrderID, { PaymentFunctions: payment(held.Order.AmountDue) });
    expect(res.statusCode).toBe(422);
    expect(res.json().Errors.Error[0]).toMatchObject({ Code: 'TICKETING_FAILED', TypeCode: 'AIRLINE' });
    expect(res.json().Errors.Error[0].DescText).toMatch(/UNABLE TO ISSUE TICKET/);
    const after = (await s.ndc('OrderRetrieve', { OrderID: held.Order.OrderID })).json();
    expect(after.Order.StatusCode).toBe('HELD');
    expect(after.TicketDocInfo).toEqual([]);
    expect(after.PaymentInfo).toEqual([]);
  });

  it('refuses issue after the payment time limit: the hold has expired', async () => {
    const s = await sandbox;
    const held = await bookOrder(s);
    const limit = Date.parse(held.Order.PaymentTimeLimitDateTime!);
    s.clock.set(new Date(limit + 1000));
    const res = await change(s, held.Order.OrderID, { PaymentFunctions: payment(held.Order.AmountDue) });
    expect(res.statusCode).toBe(409);
    expect(res.json().Errors.Error[0].Code).toBe('ORDER_EXPIRED');
    expect((await s.ndc('OrderRetrieve', { OrderID: held.Order.OrderID })).json().Order.StatusCode).toBe('EXPIRED');
  });
});
