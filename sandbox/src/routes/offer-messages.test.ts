import Value from 'typebox/value';
import { afterAll, describe, expect, it } from 'vitest';
import { OfferPriceRS } from '../messages/offer-price.schema.js';
import { SeatAvailabilityRS } from '../messages/seat-availability.schema.js';
import { ServiceListRS } from '../messages/service-list.schema.js';
import { buildSandbox, offersOf, shoppingRQ } from '../testing/sandbox.fixture.js';

const sandbox = buildSandbox();
afterAll(async () => (await sandbox).app.close());

const firstOffer = async () => {
  const { ndc } = await sandbox;
  return offersOf((await ndc('AirShopping', shoppingRQ({ CarrierCriteria: ['LH'] }))).json())[0]!;
};

describe('offer messages', () => {
  it('OfferPrice answers a schema-valid priced offer', async () => {
    const { ndc } = await sandbox;
    const offer = await firstOffer();
    const body = (await ndc('OfferPrice', { OfferID: offer.OfferID })).json();
    expect(Value.Check(OfferPriceRS, body)).toBe(true);
    expect(body.PricedOffer.TotalPrice).toEqual(offer.TotalPrice);
  });

  it('ServiceList offers bags, meals and other services with prices', async () => {
    const { ndc } = await sandbox;
    const body = (await ndc('ServiceList', { OfferID: (await firstOffer()).OfferID })).json();
    expect(Value.Check(ServiceListRS, body)).toBe(true);
    const codes = body.ServiceDefinitionList.map((d: { ServiceDefinitionID: string }) => d.ServiceDefinitionID);
    expect(codes).toEqual(expect.arrayContaining(['BAG2', 'PRIORITY']));
    expect(
      body.ALaCarteOffer.OfferItem.every((i: { UnitPrice: { Amount: string } }) => Number(i.UnitPrice.Amount) > 0),
    ).toBe(true);
  });

  it('SeatAvailability answers a seat map per flight with some seats taken and some priced', async () => {
    const { ndc } = await sandbox;
    const body = (await ndc('SeatAvailability', { OfferID: (await firstOffer()).OfferID })).json();
    expect(Value.Check(SeatAvailabilityRS, body)).toBe(true);
    const seats = body.SeatMap[0].CabinCompartment.SeatRow.flatMap((r: { Seat: unknown[] }) => r.Seat);
    expect(seats.some((s: { OccupationStatusCode: string }) => s.OccupationStatusCode === 'O')).toBe(true);
    expect(seats.some((s: { OccupationStatusCode: string }) => s.OccupationStatusCode === 'F')).toBe(true);
    expect(seats.some((s: { Price?: unknown }) => s.Price)).toBe(true);
  });

  it('refuses unknown offers and offers past their expiry', async () => {
    const { ndc, clock } = await sandbox;
    const unknown = await ndc('OfferPrice', { OfferID: 'OFNOPE' });
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().Errors.Error[0].Code).toBe('OFFER_NOT_FOUND');
    const offer = await firstOffer();
    clock.advance(31 * 60);
    const expired = await ndc('ServiceList', { OfferID: offer.OfferID });
    expect(expired.statusCode).toBe(410);
    expect(expired.json().Errors.Error[0].Code).toBe('OFFER_EXPIRED');
  });
});
