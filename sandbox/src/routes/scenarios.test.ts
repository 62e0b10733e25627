// One test per scenario trigger of docs/guides/sandbox.md.
import { afterAll, describe, expect, it } from 'vitest';
import { connectionsOnlyRoute, nameScenarioFor, routeTriggers } from '../engine/scenarios.js';
import { buildSandbox, leg, offersOf, shoppingRQ } from '../testing/sandbox.fixture.js';

const sandbox = buildSandbox();
afterAll(async () => (await sandbox).app.close());

const shop = async (origin: string, destination: string, extra: object = {}) => {
  const { ndc } = await sandbox;
  return ndc('AirShopping', shoppingRQ({ OriginDestCriteria: [leg(origin, destination)], ...extra }));
};

describe('scenario triggers', () => {
  it('no offers: VNO-TLL answers an empty offer list', async () => {
    const res = await shop(...routeTriggers.no_offers);
    expect(res.statusCode).toBe(200);
    expect(offersOf(res.json())).toEqual([]);
  });

  it('search timeout: OTP-SOF keeps the caller waiting, then answers SEARCH_TIMEOUT', async () => {
    const started = Date.now();
    const res = await shop('SOF', 'OTP', { SandboxDelayMs: 150 });
    expect(Date.now() - started).toBeGreaterThanOrEqual(140);
    expect(res.statusCode).toBe(504);
    expect(res.json().Errors.Error[0].Code).toBe('SEARCH_TIMEOUT');
  });

  it('connections only: KRK-LIS has no nonstop flight', async () => {
    const body = (await shop(...connectionsOnlyRoute)).json();
    expect(offersOf(body).length).toBeGreaterThan(0);
    expect(
      body.DataLists.PaxJourneyList.every((j: { PaxSegmentRefID: string[] }) => j.PaxSegmentRefID.length === 2),
    ).toBe(true);
  });

  it('no baggage: BER-BCN fares include no checked bag, even Flex', async () => {
    const offers = offersOf((await shop(...routeTriggers.no_baggage)).json());
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((o) => o.BaggageAllowance.CheckedBags.Pieces === 0)).toBe(true);
  });

  it('instant payment: ATH-HER fares carry no payment time limit', async () => {
    const offers = offersOf((await shop(...routeTriggers.instant_payment)).json());
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((o) => o.InstantPaymentRequired && o.PaymentTimeLimitDateTime === null)).toBe(true);
  });

  it('instant payment also applies to any departure within 72 hours', async () => {
    const offers = offersOf(
      (await shop('WAW', 'FRA', { OriginDestCriteria: [leg('WAW', 'FRA', '2025-05-02')] })).json(),
    );
    expect(offers.length).toBeGreaterThan(0);
    expect(offers.every((o) => o.InstantPaymentRequired)).toBe(true);
  });

  it('price change: VIE-ZAG re-prices higher once at OfferPrice', async () => {
    const { ndc } = await sandbox;
    const offer = offersOf((await shop(...routeTriggers.price_change)).json())[0]!;
    const priced = (await ndc('OfferPrice', { OfferID: offer.OfferID })).json();
    expect(priced.PriceChangeInd).toBe(true);
    expect(priced.Warning[0].Code).toBe('PRICE_CHANGED');
    expect(Number(priced.PricedOffer.TotalPrice.TotalAmount.Amount)).toBeGreaterThan(
      Number(offer.TotalPrice.TotalAmount.Amount),
    );
    expect(priced.PreviousTotalAmount).toEqual(offer.TotalPrice.TotalAmount);
    const again = (await ndc('OfferPrice', { OfferID: offer.OfferID })).json();
    expect(again.PriceChangeInd).toBe(false);
  });

  it('sold out at order: AMS-OSL offers price fine but their class is gone when seats are held', async () => {
    const { ndc, engine } = await sandbox;
    const offer = offersOf((await shop(...routeTriggers.sold_out_at_order)).json())[0]!;
    expect((await ndc('OfferPrice', { OfferID: offer.OfferID })).statusCode).toBe(200);
    const found = engine.findOffer(offer.OfferID);
    if (!found.ok) throw new Error('offer not stored');
    const held = engine.holdOffer(found.offer);
    expect(held.ok).toBe(false);
    expect(held.ok ? [] : held.soldOut.map((s) => s.rbd)).toContain(offer.JourneyOverview[0]!.RBD[0]!.RBDCode);
  });

  it('other routes price without change and hold their seats', async () => {
    const { ndc, engine } = await sandbox;
    const offer = offersOf((await shop('WAW', 'FRA')).json())[0]!;
    expect((await ndc('OfferPrice', { OfferID: offer.OfferID })).json().PriceChangeInd).toBe(false);
    const found = engine.findOffer(offer.OfferID);
    expect(found.ok && engine.holdOffer(found.offer).ok).toBe(true);
  });

  it('order-half triggers are declared: names and routes resolve to their scenario', () => {
    expect(nameScenarioFor('TicketFail')).toBe('ticketing_error');
    expect(nameScenarioFor('slowemd')).toBe('slow_emd');
    expect(nameScenarioFor('ReissueFail')).toBe('reissue_error');
    expect(nameScenarioFor('shorttl')).toBe('time_limit_change');
    expect(nameScenarioFor('Kowalski')).toBeUndefined();
    expect(Object.keys(routeTriggers)).toEqual(
      expect.arrayContaining(['schedule_change', 'airline_cancellation', 'cheaper_class_later']),
    );
  });
});
