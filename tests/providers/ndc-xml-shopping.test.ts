// The NDC 21.3 XML adapter's shopping half against the sandbox airlines speaking XML over real
// HTTP: offers, pricing, services and seat maps read from 21.3 documents, typed refusals from
// their Error elements, and every document either side sent valid against the official XSDs.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError, type ProviderChannel } from '../../api/src/providers/airline-provider.js';
import { toMinor } from '../../api/src/money.js';
import { createNdcXmlShopping, type NdcXmlShopping } from '../../api/src/providers/ndc-xml/ndc-xml-shopping.js';
import { Agent } from 'undici';
import { createSandboxXmlTransport } from '../../api/src/providers/ndc-xml/transport/sandbox-xml-transport.js';
import { ndcSchemaErrors } from '../support/ndc-xsd.js';
import { readerDifferences } from '../support/saxes-xml-reader.js';
import { startXmlSandbox, type XmlSandbox } from '../support/ndc-xml-sandbox.js';
import { closedPort } from '../support/services.js';

const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const channel: ProviderChannel = {
  id: 'ach_x',
  carrier: 'LH',
  credential: 'sbx_LH_xml',
  negoCode: null,
  residentCode: null,
};
const served = {
  legs: [{ origin: 'WAW', destination: 'FRA', date }],
  passengers: [
    { type: 'ADT' as const, count: 2 },
    { type: 'CHD' as const, count: 1 },
  ],
  cabin: 'Y' as const,
};
const settings = { timeoutMs: 5_000, safeRetries: 1 };

let sandbox: XmlSandbox;
let shopping: NdcXmlShopping;
beforeAll(async () => {
  sandbox = await startXmlSandbox('xml-shopping');
  shopping = createNdcXmlShopping(sandbox.transportOf, settings);
});
afterAll(() => sandbox.close());

const kindOf = async (work: Promise<unknown>) => {
  const error = await work.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return (error as ProviderError).kind;
};

describe('NDC XML adapter: shopping against the XML sandbox', () => {
  it('shops offers with one Pax per traveller, segments through the dated segment lists and totals that add up', async () => {
    const offers = await shopping.shop(channel, served);
    expect(offers.length).toBeGreaterThan(0);
    for (const offer of offers) {
      expect(offer.journeys).toHaveLength(1);
      expect(offer.journeys[0]!.origin).toBe('WAW');
      expect(offer.journeys[0]!.destination).toBe('FRA');
      const segment = offer.journeys[0]!.segments[0]!;
      expect(segment.marketing.carrier).toBe('LH');
      expect(segment.marketing.number).toMatch(/^\d{1,4}$/);
      expect(segment.aircraft).toMatch(/^[0-9A-Z]{3}$/);
      expect(segment.durationMinutes).toBeGreaterThan(0);
      expect(offer.passengers.map((p) => [p.type, p.count])).toEqual([
        ['ADT', 2],
        ['CHD', 1],
      ]);
      const sum = offer.passengers.reduce((s, p) => s + toMinor(p.total.amount) * p.count, 0);
      expect(sum).toBe(toMinor(offer.total.amount));
      expect(offer.bookingClasses.length).toBe(offer.journeys.flatMap((j) => j.segments).length);
      expect(offer.bookingClasses.every((c) => c.code !== '' && c.seatsLeft > 0)).toBe(true);
      expect(offer.passengers[0]!.fareBasis).toHaveLength(1);
      expect(offer.baggage.carryOn.pieces).toBeGreaterThan(0);
    }
    // The same search in JSON: the same offers, prices and classes (the wire is all that differs).
    const json = await fetch(`${sandbox.url}/ndc/AirShopping`, {
      method: 'POST',
      headers: { 'content-type': 'application/json', authorization: `Bearer ${channel.credential}` },
      body: JSON.stringify({
        OriginDestCriteria: [{ OriginCode: 'WAW', DestCode: 'FRA', DepDate: date }],
        PaxList: [
          { PTC: 'ADT', Quantity: 2 },
          { PTC: 'CHD', Quantity: 1 },
        ],
        CabinTypeCode: 'Y',
        CarrierCriteria: ['LH'],
      }),
    }).then(
      (r) =>
        r.json() as Promise<{
          OffersGroup: {
            CarrierOffers: { Offer: { OfferID: string; TotalPrice: { TotalAmount: { Amount: string } } }[] }[];
          };
        }>,
    );
    const jsonTotals = json.OffersGroup.CarrierOffers.flatMap((g) => g.Offer).map((o) => [
      o.OfferID,
      o.TotalPrice.TotalAmount.Amount,
    ]);
    expect(offers.map((o) => [o.offerId, o.total.amount])).toEqual(jsonTotals);
  });

  it('answers an empty list for a route without offers', async () => {
    expect(await shopping.shop(channel, { ...served, legs: [{ origin: 'VNO', destination: 'TLL', date }] })).toEqual(
      [],
    );
  });

  it('prices a shopped offer, lists its services and one seat map per flight', async () => {
    const [offer] = await shopping.shop(channel, served);
    const priced = await shopping.price(channel, offer!.offerId);
    expect(priced.offer.offerId).toBe(offer!.offerId);
    expect(priced.previousTotal).toEqual(offer!.total);
    expect(priced.priceChanged).toBe(priced.offer.total.amount !== offer!.total.amount);
    const services = await shopping.services(channel, offer!.offerId);
    expect(services.some((s) => s.kind === 'bags' && s.weightKg !== null)).toBe(true);
    expect(services.every((s) => s.journeyIndex === 0 && s.passengerTypes.length > 0)).toBe(true);
    const seats = await shopping.seats(channel, offer!.offerId);
    expect(seats.map((m) => m.segmentId).sort()).toEqual(
      offer!.journeys.flatMap((j) => j.segments.map((s) => s.id)).sort(),
    );
    expect(seats[0]!.rows.flatMap((r) => r.seats).some((s) => s.price !== null)).toBe(true);
  });

  it('prices an offer it did not shop itself (another process) from the airline’s warning alone', async () => {
    const [offer] = await shopping.shop(channel, served);
    const other = createNdcXmlShopping(sandbox.transportOf, settings);
    const priced = await other.price(channel, offer!.offerId);
    expect(priced.offer.total).toEqual(offer!.total);
    expect(priced.priceChanged).toBe(false);
  });

  it('turns the airline’s Error elements and transport failures into typed ProviderErrors', async () => {
    expect(await kindOf(shopping.shop({ ...channel, credential: 'sbx_revoked_LH' }, served))).toBe(
      'credential_refused',
    );
    expect(await kindOf(shopping.price(channel, 'NO-SUCH-OFFER'))).toBe('offer_not_found');
    expect(
      await kindOf(shopping.shop(channel, { ...served, legs: [{ origin: 'ZZZ', destination: 'FRA', date }] })),
    ).toBe('invalid_request');
    const port = await closedPort();
    const unreachable = createNdcXmlShopping(
      (c) => createSandboxXmlTransport(`http://127.0.0.1:${port}`, c, { dispatcher: new Agent() }),
      settings,
    );
    expect(await kindOf(unreachable.shop(channel, served))).toBe('unavailable');
  });

  it('gives up at the caller’s deadline with a timeout', async () => {
    const started = Date.now();
    const slow = { ...served, legs: [{ origin: 'OTP', destination: 'SOF', date }] };
    expect(await kindOf(shopping.shop(channel, slow, { signal: AbortSignal.timeout(200) }))).toBe('timeout');
    expect(Date.now() - started).toBeLessThan(2_000);
  });

  it('sent and received only documents valid against the 21.3 XSDs, read as saxes read them', async () => {
    expect(sandbox.documents.length).toBeGreaterThan(10);
    expect(new Set(sandbox.documents.map((d) => d.name))).toEqual(
      new Set([
        'AirShoppingRQ',
        'AirShoppingRS',
        'OfferPriceRQ',
        'OfferPriceRS',
        'ServiceListRQ',
        'ServiceListRS',
        'SeatAvailabilityRQ',
        'SeatAvailabilityRS',
      ]),
    );
    expect(await ndcSchemaErrors(sandbox.documents)).toEqual([]);
    expect(await readerDifferences(sandbox.documents)).toEqual([]);
  }, 60_000);
});
