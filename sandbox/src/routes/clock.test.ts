import { afterAll, describe, expect, it } from 'vitest';
import { buildSandbox, testNow } from '../testing/sandbox.fixture.js';

const sandbox = buildSandbox();
afterAll(async () => (await sandbox).app.close());

describe('/sandbox/clock', () => {
  it('reads, advances and sets the sandbox time', async () => {
    const { app } = await sandbox;
    expect((await app.inject({ url: '/sandbox/clock' })).json()).toEqual({ now: new Date(testNow).toISOString() });
    const moved = await app.inject({ method: 'POST', url: '/sandbox/clock', payload: { advance_seconds: 3600 } });
    expect(moved.json().now).toBe('2025-05-01T09:00:00.000Z');
    const set = await app.inject({ method: 'POST', url: '/sandbox/clock', payload: { set: '2025-07-01T00:00:00Z' } });
    expect(set.json().now).toBe('2025-07-01T00:00:00.000Z');
    expect((await app.inject({ url: '/sandbox/clock' })).json().now).toBe('2025-07-01T00:00:00.000Z');
  });

  it('refuses a body that neither advances nor sets', async () => {
    const { app } = await sandbox;
    const res = await app.inject({ method: 'POST', url: '/sandbox/clock', payload: { advance_seconds: -5 } });
    expect(res.statusCode).toBe(400);
    expect(res.json().Errors.Error[0].Code).toBe('INVALID_REQUEST');
  });

  it('drives offer time limits: the same search later has later expiries', async () => {
    const { ndc, app } = await sandbox;
    await app.inject({ method: 'POST', url: '/sandbox/clock', payload: { set: '2025-05-01T08:00:00Z' } });
    const rq = {
      OriginDestCriteria: [{ OriginCode: 'WAW', DestCode: 'FRA', DepDate: '2025-06-01' }],
      PaxList: [{ PTC: 'ADT', Quantity: 1 }],
    };
    const before = (await ndc('AirShopping', rq)).json().OffersGroup.CarrierOffers[0].Offer[0];
    await app.inject({ method: 'POST', url: '/sandbox/clock', payload: { advance_seconds: 86_400 } });
    const after = (await ndc('AirShopping', rq)).json().OffersGroup.CarrierOffers[0].Offer[0];
    expect(Date.parse(after.OfferExpirationDateTime) - Date.parse(before.OfferExpirationDateTime)).toBe(86_400_000);
  });
});
