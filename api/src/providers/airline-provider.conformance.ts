// The port's promises, stated once and run against every adapter (DESIGN §5): a real airline's
// adapter must pass the same suite the sandbox adapter passes in CI. The fixture names routes and
// credentials that exercise each branch on that airline's side.
import { describe, expect, it } from 'vitest';
import { toMinor } from '../money.js';
import { airlineChangesConformance } from './airline-changes.conformance.js';
import { expectProviderError, type ConformanceFixture } from './airline-conformance.fixture.js';
import { airlineOrdersConformance } from './airline-orders.conformance.js';

export type { ConformanceFixture } from './airline-conformance.fixture.js';

export function airlineProviderConformance(name: string, setup: () => Promise<ConformanceFixture>): void {
  describe(`AirlineProvider conformance: ${name}`, () => {
    it('shops offers whose journeys follow the request and whose totals add up', async () => {
      const f = await setup();
      const offers = await f.provider.shop(f.channel, f.served);
      expect(offers.length).toBeGreaterThan(0);
      for (const offer of offers) {
        expect(offer.journeys).toHaveLength(f.served.legs.length);
        offer.journeys.forEach((journey, i) => {
          expect(journey.origin).toBe(f.served.legs[i]!.origin);
          expect(journey.destination).toBe(f.served.legs[i]!.destination);
          expect(journey.segments.length).toBeGreaterThan(0);
        });
        const sum = offer.passengers.reduce((s, p) => s + toMinor(p.total.amount) * p.count, 0);
        expect(sum).toBe(toMinor(offer.total.amount));
        expect(offer.passengers.every((p) => p.total.currency === offer.total.currency)).toBe(true);
        expect(offer.bookingClasses.length).toBe(offer.journeys.flatMap((j) => j.segments).length);
      }
    });

    it('answers an empty list, not an error, for a route without offers', async () => {
      const f = await setup();
      expect(await f.provider.shop(f.channel, f.empty)).toEqual([]);
    });

    it('re-prices a shopped offer and says whether the price changed', async () => {
      const f = await setup();
      const [offer] = await f.provider.shop(f.channel, f.served);
      const priced = await f.provider.price(f.channel, offer!.offerId);
      expect(priced.offer.offerId).toBe(offer!.offerId);
      expect(priced.previousTotal).toEqual(offer!.total);
      expect(priced.priceChanged).toBe(priced.offer.total.amount !== offer!.total.amount);
    });

    it('lists services and seat maps for a shopped offer', async () => {
      const f = await setup();
      const [offer] = await f.provider.shop(f.channel, f.served);
      const services = await f.provider.services(f.channel, offer!.offerId);
      expect(services.some((s) => s.kind === 'bags')).toBe(true);
      const seats = await f.provider.seats(f.channel, offer!.offerId);
      expect(seats.map((m) => m.segmentId).sort()).toEqual(
        offer!.journeys.flatMap((j) => j.segments.map((s) => s.id)).sort(),
      );
    });

    it('turns every failure into a typed ProviderError', async () => {
      const f = await setup();
      await expectProviderError(f.provider.shop(f.refusedChannel, f.served), 'credential_refused');
      await expectProviderError(f.provider.price(f.channel, 'NO-SUCH-OFFER'), 'offer_not_found');
      await expectProviderError(
        f.provider.shop(f.channel, { ...f.served, legs: [{ ...f.served.legs[0]!, origin: 'ZZZ' }] }),
        'invalid_request',
      );
      await expectProviderError(f.unreachable.shop(f.channel, f.served), 'unavailable');
    });

    it('gives up at the caller’s deadline with a timeout', async () => {
      const f = await setup();
      const started = Date.now();
      await expectProviderError(f.provider.shop(f.channel, f.slow, { signal: AbortSignal.timeout(200) }), 'timeout');
      expect(Date.now() - started).toBeLessThan(2_000);
    });

    it('tells its test-system credentials apart and answers a ping', async () => {
      const f = await setup();
      const own = f.provider.sandboxCredential(f.channel.carrier, 'conformance');
      expect(f.provider.isSandboxCredential(own)).toBe(true);
      expect(f.provider.isSandboxCredential(f.liveCredential)).toBe(false);
      expect((await f.provider.shop({ ...f.channel, credential: own }, f.served)).length).toBeGreaterThan(0);
      await expect(f.provider.ping()).resolves.toBeUndefined();
      await expectProviderError(f.unreachable.ping(), 'unavailable');
    });

    airlineOrdersConformance(setup);
    airlineChangesConformance(setup);
  });
}
