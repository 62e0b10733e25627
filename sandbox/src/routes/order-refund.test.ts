import { afterAll, describe, expect, it } from 'vitest';
import { bookOrder, change, issuedOrder } from '../testing/order.fixture.js';
import { buildSandbox } from '../testing/sandbox.fixture.js';

const sandbox = buildSandbox();
afterAll(async () => (await sandbox).app.close());

type FlightItem = { TypeCode: string; Price: { BaseAmount: { Amount: string }; TotalTaxAmount: { Amount: string } } };

describe('OrderChange: refund quote and confirm', () => {
  it('a Flex fare refunds everything: quote with amount, no penalty and an expiry; confirm ends the order', async () => {
    const s = await sandbox;
    const issued = await issuedOrder(s, { carrier: 'LH', family: 2 });
    const quoted = await change(s, issued.Order.OrderID, { RequestRefundQuote: true });
    expect(quoted.statusCode).toBe(200);
    const quote = quoted.json().RefundQuote;
    expect(quote.RefundAmount).toEqual(issued.Order.TotalPrice.TotalAmount);
    expect(quote.PenaltyAmount.Amount).toBe('0.00');
    expect(Date.parse(quote.ExpirationDateTime) - Date.parse(quoted.json().PayloadAttributes.Timestamp)).toBe(
      20 * 60_000,
    );
    const confirmed = await change(s, issued.Order.OrderID, {
      AcceptRefundQuote: { RefundQuoteID: quote.RefundQuoteID },
    });
    expect(confirmed.statusCode).toBe(200);
    expect(confirmed.json().Order.StatusCode).toBe('REFUNDED');
    expect(confirmed.json().TicketDocInfo[0].StatusCode).toBe('REFUNDED');
  });

  it('a Light fare keeps the fare as penalty and refunds the taxes', async () => {
    const s = await sandbox;
    const issued = await issuedOrder(s, { carrier: 'LH', family: 0 });
    const item = (issued.Order.OrderItem as FlightItem[]).find((i) => i.TypeCode === 'FLIGHT')!;
    const quote = (await change(s, issued.Order.OrderID, { RequestRefundQuote: true })).json().RefundQuote;
    expect(quote.RefundAmount.Amount).toBe(item.Price.TotalTaxAmount.Amount);
    expect(quote.PenaltyAmount.Amount).toBe(item.Price.BaseAmount.Amount);
  });

  it('refuses a confirm after the quote expired, a stale quote id, and quotes for unissued orders', async () => {
    const s = await sandbox;
    const issued = await issuedOrder(s, { carrier: 'LH', family: 2 });
    const quote = (await change(s, issued.Order.OrderID, { RequestRefundQuote: true })).json().RefundQuote;
    await s.moveClock(20 * 60 + 1);
    const late = await change(s, issued.Order.OrderID, { AcceptRefundQuote: { RefundQuoteID: quote.RefundQuoteID } });
    expect(late.statusCode).toBe(410);
    expect(late.json().Errors.Error[0].Code).toBe('REFUND_QUOTE_EXPIRED');
    const other = await change(s, issued.Order.OrderID, { AcceptRefundQuote: { RefundQuoteID: 'RQNOPE' } });
    expect(other.json().Errors.Error[0].Code).toBe('REFUND_QUOTE_NOT_FOUND');
    expect((await s.ndc('OrderRetrieve', { OrderID: issued.Order.OrderID })).json().Order.StatusCode).toBe('ISSUED');
    const held = await bookOrder(s);
    const unissued = await change(s, held.Order.OrderID, { RequestRefundQuote: true });
    expect(unissued.json().Errors.Error[0].Code).toBe('ORDER_NOT_ISSUED');
  });
});
