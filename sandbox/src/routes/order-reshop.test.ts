import Value from 'typebox/value';
import { afterAll, describe, expect, it } from 'vitest';
import { routeTriggers } from '../engine/scenarios.js';
import { OrderReshopRS } from '../messages/order-reshop.schema.js';
import { bookOrder, change, issuedOrder, payment } from '../testing/order.fixture.js';
import { buildSandbox } from '../testing/sandbox.fixture.js';

const sandbox = buildSandbox();
afterAll(async () => (await sandbox).app.close());

type Doc = { TicketNumber: string; TicketDocTypeCode: string; StatusCode: string; ExchangedFromTicketNumber?: string };

describe('POST /ndc/OrderReshop and accepting its offers', () => {
  it('re-prices the same flights now: no difference on an ordinary route', async () => {
    const s = await sandbox;
    const held = await bookOrder(s, { carrier: 'LH' });
    const res = await s.ndc('OrderReshop', { OrderID: held.Order.OrderID, Reprice: true });
    expect(res.statusCode).toBe(200);
    expect(Value.Check(OrderReshopRS, res.json())).toBe(true);
    const [offer] = res.json().ReshopOffers;
    expect(offer).toMatchObject({ TypeCode: 'REPRICE', NewTotalAmount: held.Order.TotalPrice.TotalAmount });
    expect(offer.PriceDifferenceAmount.Amount).toBe('0.00');
  });

  it('cheaper class later: on CPH-FRA a day after booking the re-price finds a lower class; accepting rebooks it', async () => {
    const s = await sandbox;
    const held = await bookOrder(s, { route: routeTriggers.cheaper_class_later, family: 1 });
    const before = (await s.ndc('OrderReshop', { OrderID: held.Order.OrderID, Reprice: true })).json().ReshopOffers[0];
    expect(before.PriceDifferenceAmount.Amount).toBe('0.00');
    await s.moveClock(86_400);
    const later = (await s.ndc('OrderReshop', { OrderID: held.Order.OrderID, Reprice: true })).json().ReshopOffers[0];
    expect(Number(later.PriceDifferenceAmount.Amount)).toBeLessThan(0);
    expect(later.TotalDueAmount.Amount).toBe('0.00');
    const accepted = await change(s, held.Order.OrderID, { AcceptReshopOffer: { ReshopOfferID: later.ReshopOfferID } });
    expect(accepted.statusCode).toBe(200);
    expect(accepted.json().Order.TotalPrice.TotalAmount).toEqual(later.NewTotalAmount);
    expect(accepted.json().Order.JourneyOverview[0].RBD[0].RBDCode).toBe(later.JourneyOverview[0].RBD[0].RBDCode);
  });

  it('flight change: alternatives with difference and fee; accepting reissues with new ticket numbers', async () => {
    const s = await sandbox;
    const issued = await issuedOrder(s, { carrier: 'LH', family: 1 });
    const journey = issued.Order.JourneyOverview[0]!.PaxJourneyRefID;
    const res = await s.ndc('OrderReshop', {
      OrderID: issued.Order.OrderID,
      ChangeJourney: [{ PaxJourneyRefID: journey, DepDate: '2025-06-02' }],
    });
    expect(res.statusCode).toBe(200);
    const offers = res.json().ReshopOffers;
    expect(offers.length).toBeGreaterThan(0);
    const offer = offers[0];
    expect(offer.TypeCode).toBe('CHANGE');
    expect(offer.PenaltyAmount).toEqual({ Amount: '64.00', CurCode: 'EUR' });
    const due = Math.max(0, Number(offer.PriceDifferenceAmount.Amount)) + 64;
    expect(Number(offer.TotalDueAmount.Amount)).toBeCloseTo(due, 2);
    const accepted = await change(s, issued.Order.OrderID, {
      AcceptReshopOffer: { ReshopOfferID: offer.ReshopOfferID },
      PaymentFunctions: payment(offer.TotalDueAmount),
    });
    expect(accepted.statusCode).toBe(200);
    const docs = accepted.json().TicketDocInfo as Doc[];
    const old = docs.find((d) => d.StatusCode === 'EXCHANGED')!;
    const fresh = docs.find((d) => d.StatusCode === 'ISSUED' && d.TicketDocTypeCode === 'T')!;
    expect(old.TicketNumber).toBe(issued.TicketDocInfo[0]!.TicketNumber);
    expect(fresh.ExchangedFromTicketNumber).toBe(old.TicketNumber);
    expect(fresh.TicketNumber).not.toBe(old.TicketNumber);
    expect(accepted.json().DataLists.PaxSegmentList[0].Dep.AircraftScheduledDateTime).toMatch(/^2025-06-02/);
  });

  it('refuses changes a Light fare does not allow, and expired or unknown reshop offers', async () => {
    const s = await sandbox;
    const light = await issuedOrder(s, { carrier: 'LH', family: 0 });
    const refused = await s.ndc('OrderReshop', {
      OrderID: light.Order.OrderID,
      ChangeJourney: [{ PaxJourneyRefID: light.Order.JourneyOverview[0]!.PaxJourneyRefID, DepDate: '2025-06-02' }],
    });
    expect(refused.statusCode).toBe(409);
    expect(refused.json().Errors.Error[0].Code).toBe('CHANGE_NOT_ALLOWED');
    const held = await bookOrder(s, { carrier: 'LH' });
    const offer = (await s.ndc('OrderReshop', { OrderID: held.Order.OrderID, Reprice: true })).json().ReshopOffers[0];
    await s.moveClock(30 * 60 + 1);
    const late = await change(s, held.Order.OrderID, { AcceptReshopOffer: { ReshopOfferID: offer.ReshopOfferID } });
    expect(late.json().Errors.Error[0].Code).toBe('RESHOP_OFFER_EXPIRED');
    const unknown = await change(s, held.Order.OrderID, { AcceptReshopOffer: { ReshopOfferID: 'RONOPE' } });
    expect(unknown.json().Errors.Error[0].Code).toBe('RESHOP_OFFER_NOT_FOUND');
  });

  it('reissue error: surname REISSUEFAIL answers an airline error with its message; tickets unchanged', async () => {
    const s = await sandbox;
    const issued = await issuedOrder(s, { carrier: 'LH', family: 2, surnames: ['Reissuefail'] });
    const offer = (
      await s.ndc('OrderReshop', {
        OrderID: issued.Order.OrderID,
        ChangeJourney: [{ PaxJourneyRefID: issued.Order.JourneyOverview[0]!.PaxJourneyRefID, DepDate: '2025-06-03' }],
      })
    ).json().ReshopOffers[0];
    const res = await change(s, issued.Order.OrderID, {
      AcceptReshopOffer: { ReshopOfferID: offer.ReshopOfferID },
      PaymentFunctions: payment(offer.TotalDueAmount),
    });
    expect(res.statusCode).toBe(422);
    expect(res.json().Errors.Error[0]).toMatchObject({ Code: 'REISSUE_FAILED', TypeCode: 'AIRLINE' });
    expect(res.json().Errors.Error[0].DescText).toMatch(/REISSUE NOT PERMITTED/);
    const after = (await s.ndc('OrderRetrieve', { OrderID: issued.Order.OrderID })).json();
    expect(after.TicketDocInfo).toEqual(issued.TicketDocInfo);
  });
});
