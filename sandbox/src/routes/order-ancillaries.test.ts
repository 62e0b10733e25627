import { afterAll, describe, expect, it } from 'vitest';
import { bookOrder, change, issuedOrder, payment } from '../testing/order.fixture.js';
import { buildSandbox } from '../testing/sandbox.fixture.js';

const sandbox = buildSandbox({ slowEmdSeconds: 300 });
afterAll(async () => (await sandbox).app.close());

type Item = {
  OrderItemID: string;
  TypeCode: string;
  StatusCode: string;
  ServiceDefinitionRefID: string;
  EmdDueDateTime?: string;
};
type Doc = { TicketNumber: string; TicketDocTypeCode: string; OrderItemRefID?: string };
type SeatRow = {
  RowNumber: number;
  Seat: Array<{ ColumnID: string; OccupationStatusCode: string; Price?: { Amount: string } }>;
};

const amount = (m: { Amount: string }) => Math.round(Number(m.Amount) * 100);

async function bagFor(orderId: string) {
  const s = await sandbox;
  const list = (await s.ndc('ServiceList', { OrderID: orderId })).json();
  return list.ALaCarteOffer.OfferItem.find(
    (i: { ServiceDefinitionRefID: string }) => i.ServiceDefinitionRefID === 'BAG2',
  );
}

async function paidSeatFor(orderId: string) {
  const s = await sandbox;
  const map = (await s.ndc('SeatAvailability', { OrderID: orderId })).json().SeatMap[0];
  for (const row of map.CabinCompartment.SeatRow as SeatRow[]) {
    const seat = row.Seat.find((x) => x.OccupationStatusCode === 'F' && x.Price);
    if (seat)
      return { segment: map.PaxSegmentRefID as string, row: row.RowNumber, column: seat.ColumnID, price: seat.Price! };
  }
  throw new Error('no paid seat');
}

describe('OrderChange: ancillaries', () => {
  it('before issue: a bag and a seat re-price the order, and issue brings their EMDs', async () => {
    const s = await sandbox;
    const held = await bookOrder(s, { carrier: 'LH', family: 0 });
    const bag = await bagFor(held.Order.OrderID);
    const seat = await paidSeatFor(held.Order.OrderID);
    const res = await change(s, held.Order.OrderID, {
      AddServiceItem: [
        { ServiceID: bag.OfferItemID, PaxRefID: 'PAX1' },
        {
          SeatAssignment: { PaxSegmentRefID: seat.segment, RowNumber: seat.row, ColumnID: seat.column },
          PaxRefID: 'PAX1',
        },
      ],
    });
    expect(res.statusCode).toBe(200);
    const body = res.json();
    const extra = amount(bag.UnitPrice) + amount(seat.price);
    expect(amount(body.Order.TotalPrice.TotalAmount)).toBe(amount(held.Order.TotalPrice.TotalAmount) + extra);
    const services = (body.Order.OrderItem as Item[]).filter((i) => i.TypeCode !== 'FLIGHT');
    expect(services.map((i) => [i.TypeCode, i.StatusCode])).toEqual([
      ['SERVICE', 'PRICED'],
      ['SEAT', 'PRICED'],
    ]);
    const again = await change(s, held.Order.OrderID, {
      AddServiceItem: [{ ServiceID: bag.OfferItemID, PaxRefID: 'PAX1' }],
    });
    expect(again.json().Warning[0].Code).toBe('SERVICE_ALREADY_ADDED');
    expect(again.json().Order.TotalPrice).toEqual(body.Order.TotalPrice);
    const issued = (await change(s, held.Order.OrderID, { PaymentFunctions: payment(body.Order.AmountDue) })).json();
    const emds = (issued.TicketDocInfo as Doc[]).filter((d) => d.TicketDocTypeCode === 'J');
    expect(emds.map((d) => d.OrderItemRefID)).toEqual(services.map((i) => i.OrderItemID));
    expect(emds.every((d) => /^220\d{10}$/.test(d.TicketNumber))).toBe(true);
  });

  it('refuses a seat that is taken and a service the order was not offered', async () => {
    const s = await sandbox;
    const first = await bookOrder(s, { carrier: 'LH' });
    const seat = await paidSeatFor(first.Order.OrderID);
    const assign = {
      SeatAssignment: { PaxSegmentRefID: seat.segment, RowNumber: seat.row, ColumnID: seat.column },
      PaxRefID: 'PAX1',
    };
    expect((await change(s, first.Order.OrderID, { AddServiceItem: [assign] })).statusCode).toBe(200);
    const second = await bookOrder(s, { carrier: 'LH' });
    const taken = await change(s, second.Order.OrderID, { AddServiceItem: [assign] });
    expect(taken.statusCode).toBe(409);
    expect(taken.json().Errors.Error[0].Code).toBe('SEAT_UNAVAILABLE');
    const unknown = await change(s, second.Order.OrderID, {
      AddServiceItem: [{ ServiceID: 'SVNOPE', PaxRefID: 'PAX1' }],
    });
    expect(unknown.json().Errors.Error[0].Code).toBe('SERVICE_NOT_FOUND');
  });

  it('after issue: services are paid on their own and become EMDs at once', async () => {
    const s = await sandbox;
    const issued = await issuedOrder(s, { carrier: 'LH' });
    const bag = await bagFor(issued.Order.OrderID);
    const unpaid = await change(s, issued.Order.OrderID, {
      AddServiceItem: [{ ServiceID: bag.OfferItemID, PaxRefID: 'PAX1' }],
    });
    expect(unpaid.statusCode).toBe(409);
    expect(unpaid.json().Errors.Error[0].Code).toBe('PAYMENT_AMOUNT_MISMATCH');
    const res = await change(s, issued.Order.OrderID, {
      AddServiceItem: [{ ServiceID: bag.OfferItemID, PaxRefID: 'PAX1' }],
      PaymentFunctions: payment(bag.UnitPrice),
    });
    const body = res.json();
    expect((body.Order.OrderItem as Item[]).find((i) => i.TypeCode === 'SERVICE')!.StatusCode).toBe('ISSUED');
    expect((body.TicketDocInfo as Doc[]).filter((d) => d.TicketDocTypeCode === 'J')).toHaveLength(1);
    expect(body.PaymentInfo.map((p: { PurposeCode: string }) => p.PurposeCode)).toEqual(['TICKETS', 'SERVICES']);
  });

  it('slow EMD: surname SLOWEMD leaves the EMD pending until the configured delay has passed on the clock', async () => {
    const s = await sandbox;
    const issued = await issuedOrder(s, { carrier: 'LH', surnames: ['Slowemd'] });
    const bag = await bagFor(issued.Order.OrderID);
    const res = await change(s, issued.Order.OrderID, {
      AddServiceItem: [{ ServiceID: bag.OfferItemID, PaxRefID: 'PAX1' }],
      PaymentFunctions: payment(bag.UnitPrice),
    });
    const pending = (res.json().Order.OrderItem as Item[]).find((i) => i.TypeCode === 'SERVICE')!;
    expect(pending.StatusCode).toBe('PENDING');
    expect(Date.parse(pending.EmdDueDateTime!) - Date.parse(res.json().PayloadAttributes.Timestamp)).toBe(300_000);
    expect((res.json().TicketDocInfo as Doc[]).some((d) => d.TicketDocTypeCode === 'J')).toBe(false);
    await s.moveClock(299);
    const early = (await s.ndc('OrderRetrieve', { OrderID: issued.Order.OrderID })).json();
    expect((early.Order.OrderItem as Item[]).find((i) => i.TypeCode === 'SERVICE')!.StatusCode).toBe('PENDING');
    await s.moveClock(1);
    const done = (await s.ndc('OrderRetrieve', { OrderID: issued.Order.OrderID })).json();
    expect((done.Order.OrderItem as Item[]).find((i) => i.TypeCode === 'SERVICE')!.StatusCode).toBe('ISSUED');
    expect((done.TicketDocInfo as Doc[]).filter((d) => d.TicketDocTypeCode === 'J')).toHaveLength(1);
  });
});
