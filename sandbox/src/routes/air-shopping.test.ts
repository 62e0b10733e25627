import Value from 'typebox/value';
import { afterEach, describe, expect, it } from 'vitest';
import { AirShoppingRS } from '../messages/air-shopping.schema.js';
import { buildSandbox, leg, offersOf, shoppingRQ } from '../testing/sandbox.fixture.js';

type Sandbox = Awaited<ReturnType<typeof buildSandbox>>;
const opened: Sandbox[] = [];
const open = async (options?: Parameters<typeof buildSandbox>[0]) => {
  const sandbox = await buildSandbox(options);
  opened.push(sandbox);
  return sandbox;
};
afterEach(async () => {
  await Promise.all(opened.splice(0).map((s) => s.app.close()));
});

describe('POST /ndc/AirShopping', () => {
  it('answers a schema-valid offer list with fares, taxes, fare calculation and time limits', async () => {
    const { ndc } = await open();
    const res = await ndc(
      'AirShopping',
      shoppingRQ({
        PaxList: [
          { PTC: 'ADT', Quantity: 2 },
          { PTC: 'CHD', Quantity: 1 },
        ],
      }),
    );
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(Value.Check(AirShoppingRS, body)).toBe(true);
    const offer = offersOf(body).find((o) => o.OwnerCode === 'LO')!;
    expect(offer.OfferItem.map((i) => i.PTC)).toEqual(['ADT', 'CHD']);
    const adt = offer.OfferItem[0]!;
    expect(adt.Price.TaxSummary.Tax.map((t) => t.TaxCode)).toContain('YQ');
    expect(adt.FareDetail.FareCalculation).toMatch(/^WAW LO FRA \d+\.\d\dNUC\d+\.\d\dEND ROE3\.980000$/);
    expect(adt.Price.TotalAmount.CurCode).toBe('PLN');
    expect(offer.PaymentTimeLimitDateTime).not.toBeNull();
    expect(Date.parse(offer.OfferExpirationDateTime)).toBe(Date.parse('2025-05-01T08:30:00Z'));
  });

  it('answers the same offers to the same request and different ones for another seed', async () => {
    const a = await open();
    const first = (await a.ndc('AirShopping', shoppingRQ())).json();
    const second = (await a.ndc('AirShopping', shoppingRQ())).json();
    expect(second).toEqual(first);
    const b = await open({ seed: 'another-seed' });
    const other = (await b.ndc('AirShopping', shoppingRQ())).json();
    expect(offersOf(other).map((o) => o.OfferID)).not.toEqual(offersOf(first).map((o) => o.OfferID));
  });

  it('prices return and multi-city trips as one offer over every leg', async () => {
    const { ndc } = await open();
    const legs = [leg('WAW', 'FRA', '2025-06-01'), leg('FRA', 'WAW', '2025-06-08')];
    const body = (await ndc('AirShopping', shoppingRQ({ OriginDestCriteria: legs }))).json();
    const offers = offersOf(body);
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers)
      expect(offer.JourneyOverview.map((j) => j.OriginDestRefID)).toEqual(['OD-WAWFRA', 'OD-FRAWAW']);
    const multi = [leg('WAW', 'FRA', '2025-06-01'), leg('FRA', 'MAD', '2025-06-04'), leg('MAD', 'WAW', '2025-06-09')];
    const res = await ndc('AirShopping', shoppingRQ({ OriginDestCriteria: multi }));
    expect(offersOf(res.json()).every((o) => o.JourneyOverview.length === 3)).toBe(true);
  });

  it('shows corporate (NEGO) fares only with a nego code and resident fares only with a resident code', async () => {
    const { ndc } = await open();
    const types = async (extra: object) =>
      new Set(offersOf((await ndc('AirShopping', shoppingRQ(extra))).json()).map((o) => o.FareTypeCode));
    expect([...(await types({}))]).toEqual(['PUBLIC']);
    expect([...(await types({ NegoCode: 'CORP123' }))].sort()).toEqual(['NEGO', 'PUBLIC']);
    expect([...(await types({ ResidentCode: 'RES-ES' }))].sort()).toEqual(['PUBLIC', 'RESIDENT']);
  });

  it('filters by carrier, and a carrier-bound credential sees only its airline', async () => {
    const { ndc } = await open();
    const filtered = offersOf((await ndc('AirShopping', shoppingRQ({ CarrierCriteria: ['LH'] }))).json());
    expect(new Set(filtered.map((o) => o.OwnerCode))).toEqual(new Set(['LH']));
    const bound = offersOf((await ndc('AirShopping', shoppingRQ(), 'sbx_LO_channel42')).json());
    expect(new Set(bound.map((o) => o.OwnerCode))).toEqual(new Set(['LO']));
  });

  it('shows fewer seats left after an order holds them', async () => {
    const { ndc, engine } = await open();
    const rq = shoppingRQ({ CarrierCriteria: ['LH'], PaxList: [{ PTC: 'ADT', Quantity: 1 }] });
    const offer = offersOf((await ndc('AirShopping', rq)).json()).find((o) => o.PriceClassRefID.endsWith('2'))!;
    const rbd = offer.JourneyOverview[0]!.RBD[0]!;
    const found = engine.findOffer(offer.OfferID);
    expect(found.ok).toBe(true);
    if (!found.ok) return;
    expect(engine.holdOffer(found.offer)).toEqual({ ok: true });
    const flightKey = found.offer.journeys[0]!.segments[0]!.flight.key;
    expect(engine.inventory.seatsLeft(flightKey, rbd.RBDCode)).toBe(rbd.SeatsLeft - 1);
  });

  it('refuses invalid messages with an NDC error naming the field', async () => {
    const { ndc } = await open();
    const res = await ndc('AirShopping', { PaxList: [] });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors.Error[0]).toMatchObject({ Code: 'INVALID_REQUEST', TypeCode: 'SYNTAX' });
    const unknown = await ndc('AirShopping', shoppingRQ({ OriginDestCriteria: [leg('XXX', 'FRA')] }));
    expect(unknown.json().Errors.Error[0]).toMatchObject({
      Code: 'UNKNOWN_LOCATION',
      TagText: '/OriginDestCriteria/0/OriginCode',
    });
    const infants = await ndc(
      'AirShopping',
      shoppingRQ({
        PaxList: [
          { PTC: 'ADT', Quantity: 1 },
          { PTC: 'INF', Quantity: 2 },
        ],
      }),
    );
    expect(infants.statusCode).toBe(400);
    const notJson = await ndc('AirShopping', 'not json');
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json().Errors.Error[0].Code).toBe('INVALID_REQUEST');
  });
});
