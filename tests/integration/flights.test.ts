// Flight search across every channel, against the sandbox airlines over real HTTP: which channels
// a caller reaches, offers normalised with markups, a failing or late airline left out and
// reported, filters, fare details re-priced, ancillaries, reference data.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../api/src/domain/crypto/secret-box.js';
import { newId } from '../../api/src/domain/ids.js';
import { fromMinor, toMinor } from '../../api/src/money.js';
import { rateBookAt } from '../../api/src/domain/exchange-rates.js';
import { createAccount, createTenant, type TestTenant } from '../support/factories.js';
import { asSession, signInWithPassword } from '../support/sessions.js';
import { testSecretKey } from '../support/services.js';
import { startStack, tokens, type Stack } from '../support/stack.js';
import { TestClock } from '../support/test-clock.js';

let stack: Stack;
const clock = new TestClock();
beforeAll(async () => {
  stack = await startStack({ clock });
});
afterAll(async () => {
  await stack.close();
});

const api = () => request(stack.baseUrl);
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const oneWay = (origin: string, destination: string, extra: object = {}) => ({
  origin_destinations: [{ origin, destination, departure_date: inDays(30) }],
  passengers: { adults: 1 },
  ...extra,
});
const search = (headers: Record<string, string>, body: object) => api().post('/api/v1/offers').set(headers).send(body);

async function tenantWithAgent() {
  const tenant = await createTenant(stack.ctx.db);
  const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  return { tenant, agent, headers: bearer(agent.token) };
}
const channelId = (tenant: TestTenant, carrier: string) => `ach_${tenant.agencyId}_${carrier.toLowerCase()}`;

describe('POST /offers', () => {
  it('searches every active channel and answers offers cheapest first, with the airline price kept', async () => {
    const res = await search(bearer(tokens.Agent), {
      ...oneWay('WAW', 'FRA'),
      passengers: { adults: 2, children: 1, infants: 1 },
    });
    expect(res.status).toBe(201);
    const timing = /airlines;dur=([\d.]+), total;dur=([\d.]+), request;dur=([\d.]+)/.exec(
      res.headers['server-timing'] ?? '',
    );
    // Each phase holds the one before it: the airline calls within the search, the search within the request.
    const [airlines, total, request] = timing!.slice(1).map(Number) as [number, number, number];
    expect(airlines).toBeLessThanOrEqual(total);
    expect(total).toBeLessThanOrEqual(request);
    const { offers, meta } = res.body;
    expect(meta.channels).toHaveLength(13);
    expect(meta.complete).toBe(true);
    expect(meta.total_offers).toBe(offers.length);
    expect(new Set(offers.map((o: { owner: { code: string } }) => o.owner.code)).size).toBeGreaterThan(2);
    for (const offer of offers) {
      expect(offer.origin_destinations[0]).toMatchObject({ origin: 'WAW', destination: 'FRA' });
      for (const fare of offer.fares) {
        expect(fare.price.perPass.map((p: { type: string }) => p.type)).toEqual(['ADT', 'CHD', 'INF']);
        const sum = fare.price.perPass.reduce(
          (s: number, p: { amount: string; count: number }) => s + toMinor(p.amount) * p.count,
          0,
        );
        expect(sum).toBe(toMinor(fare.price.amount));
        expect(fare.original_price_detail.total).toEqual(fare.price_detail.total); // no markups for the demo company
        expect(fare.fare_segments).toHaveLength(offer.origin_destinations[0].flights.length);
      }
    }
    // Cheapest first across currencies: each offer's first fare, in EUR at the admins' rates, never falls.
    const rates = await rateBookAt(stack.ctx.db, new Date());
    const firstFareEur = offers.map((o: { fares: { price: { amount: string; currency: string } }[] }) =>
      rates.rankingEurMinor(toMinor(o.fares[0]!.price.amount), o.fares[0]!.price.currency),
    );
    expect(firstFareEur.length).toBe(offers.length);
    expect(firstFareEur).toEqual([...firstFareEur].sort((a: number, b: number) => a - b));
    // Each fare in another currency carries the EUR amount it is ranked and filtered by, so both are shown.
    type PricedFare = {
      price: { amount: string; currency: string };
      price_eur: { amount: string; currency: string } | null;
    };
    const fares: PricedFare[] = offers.flatMap((o: { fares: PricedFare[] }) => o.fares);
    expect(fares.some((f) => f.price.currency !== 'EUR')).toBe(true);
    expect(fares.some((f) => f.price_eur !== null)).toBe(true);
    for (const fare of fares) {
      const eur = rates.eurMinor(toMinor(fare.price.amount), fare.price.currency);
      expect(fare.price_eur).toEqual(eur === null ? null : { amount: fromMinor(eur), currency: 'EUR' });
    }
  });

  it('searches a return and a multi-city itinerary', async () => {
    const back = await search(bearer(tokens.Agent), {
      origin_destinations: [
        { origin: 'WAW', destination: 'VIE', departure_date: inDays(20) },
        { origin: 'VIE', destination: 'WAW', departure_date: inDays(25) },
      ],
      passengers: { adults: 1 },
    });
    expect(back.status).toBe(201);
    expect(back.body.offers[0].origin_destinations.map((od: { origin: string }) => od.origin)).toEqual(['WAW', 'VIE']);
    const multi = await search(bearer(tokens.Agent), {
      origin_destinations: [
        { origin: 'WAW', destination: 'FRA', departure_date: inDays(20) },
        { origin: 'FRA', destination: 'LHR', departure_date: inDays(22) },
        { origin: 'LHR', destination: 'WAW', departure_date: inDays(27) },
      ],
      passengers: { adults: 1 },
      cabin: 'business',
    });
    expect(multi.status).toBe(201);
    expect(multi.body.offers.length).toBeGreaterThan(0);
    expect(multi.body.offers[0].fares[0].cabin).toBe('business');
  });

  it('refuses what no airline could sell, with a pointer to each problem', async () => {
    const res = await search(bearer(tokens.Agent), {
      origin_destinations: [
        { origin: 'WAW', destination: 'WAW', departure_date: inDays(10) },
        { origin: 'XXX', destination: 'FRA', departure_date: '2020-01-01' },
      ],
      passengers: { adults: 1, infants: 2 },
    });
    expect(res.status).toBe(400);
    expect(res.body.errors.map((e: { source: { pointer: string } }) => e.source.pointer).sort()).toEqual([
      '/origin_destinations/0/destination',
      '/origin_destinations/1/departure_date',
      '/origin_destinations/1/departure_date',
      '/origin_destinations/1/origin',
      '/passengers/infants',
    ]);
  });

  it('answers an empty result for a route no airline flies (the no-offers scenario)', async () => {
    const res = await search(bearer(tokens.Agent), oneWay('VNO', 'TLL'));
    expect(res.status).toBe(201);
    expect(res.body.offers).toEqual([]);
    expect(res.body.facets.price).toBeNull();
  });

  it('leaves out an airline that refuses the credential and reports it, without failing the search', async () => {
    const { tenant, headers } = await tenantWithAgent();
    // First with the credential that works, so a credential opened before is in the process's memo.
    const before = await search(headers, oneWay('WAW', 'FRA'));
    expect(before.body.meta.channels.find((c: { carrier: string }) => c.carrier === 'LO').status).toBe('ok');
    await stack.ctx.db
      .updateTable('agency_channels')
      .set({ credential_ciphertext: createSecretBox(testSecretKey, 'channel-credential').seal('sbx_revoked_LO') })
      .where('id', '=', channelId(tenant, 'LO'))
      .execute();
    const res = await search(headers, oneWay('WAW', 'FRA'));
    expect(res.status).toBe(201);
    expect(res.body.meta.complete).toBe(false);
    expect(res.body.meta.channels.find((c: { carrier: string }) => c.carrier === 'LO')).toMatchObject({
      status: 'failed',
      error: 'The channel credential was refused by the airline.',
    });
    expect(res.body.offers.some((o: { owner: { code: string } }) => o.owner.code === 'LO')).toBe(false);
    expect(res.body.offers.length).toBeGreaterThan(0);
  });

  it('applies the company’s most specific markup and keeps the airline price as the original', async () => {
    const { tenant, headers } = await tenantWithAgent();
    const markup = (carrier: string | null, kind: 'fixed' | 'percentage', value: string) => ({
      id: newId('mkp'),
      company_id: tenant.companyId,
      carrier,
      cabin: null,
      kind,
      value,
      currency: kind === 'fixed' ? 'PLN' : null,
    });
    await stack.ctx.db
      .insertInto('markups')
      .values([markup(null, 'fixed', '10.00'), markup('LH', 'percentage', '5.00')])
      .execute();
    const res = await search(headers, { ...oneWay('WAW', 'FRA'), passengers: { adults: 2 } });
    const fares = res.body.offers.flatMap((o: { fares: unknown[] }) => o.fares) as {
      fare_id: string;
      price_detail: { markup: { amount: string }; total: { amount: string } };
      original_price_detail: { total: { amount: string }; markup: { amount: string } };
      price: { currency: string };
    }[];
    const lh = res.body.offers.find((o: { owner: { code: string } }) => o.owner.code === 'LH').fares[0];
    const airline = toMinor(lh.original_price_detail.total.amount);
    expect(toMinor(lh.price_detail.markup.amount)).toBe(2 * Math.round((airline / 2) * 0.05));
    // LOT files in PLN and gets the catch-all: 10.00 PLN per passenger.
    const lo = res.body.offers.find((o: { owner: { code: string } }) => o.owner.code === 'LO').fares[0];
    expect(lo.price_detail.markup).toEqual({ amount: '20.00', currency: 'PLN' });
    for (const fare of fares) expect(fare.original_price_detail.markup.amount).toBe('0.00');
  });

  it('searches only channels switched on for the caller: supervisor, company and surface', async () => {
    const { tenant, agent, headers } = await tenantWithAgent();
    const db = stack.ctx.db;
    await db
      .updateTable('agency_channels')
      .set({ active_by_supervisor: false })
      .where('id', '=', channelId(tenant, 'LH'))
      .execute();
    await db
      .insertInto('company_channels')
      .values({
        id: newId('cch'),
        company_id: tenant.companyId,
        agency_channel_id: channelId(tenant, 'LO'),
        active: false,
      })
      .execute();
    const carriers = (body: { meta: { channels: { carrier: string }[] } }) => body.meta.channels.map((c) => c.carrier);
    const byToken = (await search(headers, oneWay('WAW', 'FRA'))).body;
    expect(carriers(byToken)).not.toContain('LH');
    expect(carriers(byToken)).not.toContain('LO');
    expect(carriers(byToken)).toHaveLength(11);

    // The source channel's API surface off: tokens lose the airline, the console keeps it.
    await db.updateTable('source_channels').set({ api: false }).where('carrier', '=', 'OS').execute();
    try {
      const session = asSession(await signInWithPassword(stack.baseUrl, agent.email, agent.password));
      expect(carriers((await search(headers, oneWay('WAW', 'VIE'))).body)).not.toContain('OS');
      expect(carriers((await search(session, oneWay('WAW', 'VIE'))).body)).toContain('OS');
    } finally {
      await db.updateTable('source_channels').set({ api: true }).where('carrier', '=', 'OS').execute();
    }
  });

  it('says so when no channel is active, and when only unavailable carriers were asked for', async () => {
    const { tenant, headers } = await tenantWithAgent();
    await stack.ctx.db
      .updateTable('agency_channels')
      .set({ on_by_admin: false })
      .where('agency_id', '=', tenant.agencyId)
      .execute();
    const none = await search(headers, oneWay('WAW', 'FRA'));
    expect(none.status).toBe(422);
    expect(none.body.errors[0].code).toBe('no_active_channels');
    const staff = await search(bearer(tokens.Admin), oneWay('WAW', 'FRA'));
    expect(staff.status).toBe(422);
  });

  it('shows nego and resident fares only when the channel has the code', async () => {
    const { tenant, headers } = await tenantWithAgent();
    const types = async () =>
      new Set(
        (await search(headers, { ...oneWay('WAW', 'FRA'), carriers: ['LO'] })).body.offers.flatMap(
          (o: { fares: { fare_type: string }[] }) => o.fares.map((f) => f.fare_type),
        ),
      );
    expect([...(await types())]).toEqual(['public']);
    await stack.ctx.db
      .updateTable('agency_channels')
      .set({ nego_code: 'CORP42', resident_fares_code: 'RES-PL' })
      .where('id', '=', channelId(tenant, 'LO'))
      .execute();
    expect([...(await types())].sort()).toEqual(['nego', 'public', 'resident']);
  });
});

describe('search results and filters', () => {
  it('filters, sorts and removes one filter at a time', async () => {
    const result = (await search(bearer(tokens.Agent), oneWay('WAW', 'LIS'))).body;
    expect(result.facets.stops.length).toBeGreaterThan(0);
    const filter = (filters: object) =>
      api().post('/api/v1/search_results').set(bearer(tokens.Agent)).send({ search_result_id: result.id, filters });

    const carrier = result.facets.carriers[0].code;
    const one = await filter({ carriers: [carrier], max_stops: 1 });
    expect(one.status).toBe(200);
    expect(one.body.filters).toEqual({ carriers: [carrier], max_stops: 1 });
    expect(one.body.offers.every((o: { owner: { code: string } }) => o.owner.code === carrier)).toBe(true);
    expect(one.body.meta.shown_offers).toBe(one.body.offers.length);

    const bags = await filter({ baggage_included: true, sort: 'duration' });
    expect(bags.body.filters).toMatchObject({ carriers: [carrier], baggage_included: true, sort: 'duration' });
    const durations = bags.body.offers.map(
      (o: { origin_destinations: { duration_minutes: number }[] }) => o.origin_destinations[0]!.duration_minutes,
    );
    expect(durations).toEqual([...durations].sort((a, b) => a - b));
    for (const o of bags.body.offers) for (const f of o.fares) expect(f.baggage.checked.pieces).toBeGreaterThan(0);

    const morning = await filter({ departure_windows: [{ origin_destination: 0, from: '00:00', to: '11:59' }] });
    for (const o of morning.body.offers)
      expect(o.origin_destinations[0].departure_at.slice(11, 16) <= '11:59').toBe(true);

    const removed = await api()
      .delete(`/api/v1/search_results/${result.id}?filter_key=carriers`)
      .set(bearer(tokens.Agent));
    expect(removed.status).toBe(200);
    expect(removed.body.filters.carriers).toBeUndefined();
    const again = await api().get(`/api/v1/search_results/${result.id}`).set(bearer(tokens.Agent));
    expect(again.body.filters).toEqual(removed.body.filters);
  });

  it('answers a stored result as its search answered it, and to the account that searched only', async () => {
    const result = (await search(bearer(tokens.Agent), oneWay('WAW', 'LIS'))).body;
    const again = await api().get(`/api/v1/search_results/${result.id}`).set(bearer(tokens.Agent));
    expect(again.status).toBe(200);
    expect(again.body).toEqual(result);
    const other = await tenantWithAgent();
    const foreign = await api().get(`/api/v1/search_results/${result.id}`).set(other.headers);
    expect(foreign.status).toBe(404);
    // Asked for again, the result read back once is the one answered again.
    const third = await api().get(`/api/v1/search_results/${result.id}`).set(bearer(tokens.Agent));
    expect(third.body).toEqual(result);
  });

  it('keeps a fare inside a price range in EUR', async () => {
    const result = (await search(bearer(tokens.Agent), oneWay('WAW', 'FRA'))).body;
    const { min } = result.facets.price;
    const res = await api()
      .post('/api/v1/search_results')
      .set(bearer(tokens.Agent))
      .send({ search_result_id: result.id, filters: { price: { max: min.amount } } });
    expect(res.body.offers.length).toBeGreaterThan(0);
    expect(res.body.offers.every((o: { fares: unknown[] }) => o.fares.length >= 1)).toBe(true);
    expect(res.body.meta.shown_offers).toBeLessThan(result.meta.total_offers);
  });

  it('refuses a price range end longer than an amount can be, naming the field', async () => {
    const result = (await search(bearer(tokens.Agent), oneWay('WAW', 'FRA'))).body;
    const res = await api()
      .post('/api/v1/search_results')
      .set(bearer(tokens.Agent))
      .send({ search_result_id: result.id, filters: { price: { max: '1'.repeat(41) } } });
    expect(res.status).toBe(400);
    expect(JSON.stringify(res.body.errors)).toContain('price');
  });

  it('answers 410 once the offers have expired', async () => {
    const result = (await search(bearer(tokens.Agent), oneWay('WAW', 'FRA'))).body;
    clock.advance(Date.parse(result.expires_at) - Date.now() + 1_000);
    try {
      const res = await api().get(`/api/v1/search_results/${result.id}`).set(bearer(tokens.Agent));
      expect(res.status).toBe(410);
      expect(res.body.errors[0].code).toBe('offer_expired');
    } finally {
      clock.advance(-(Date.parse(result.expires_at) - Date.now() + 1_000));
    }
  });
});

describe('fare details and ancillaries', () => {
  it('re-prices a fare and shows its rules; the price-change route shows the change', async () => {
    const plain = (await search(bearer(tokens.Agent), oneWay('WAW', 'FRA'))).body;
    const fare = plain.offers[0].fares[0];
    const details = await api()
      .get(`/api/v1/offers/${fare.fare_id}/details?search_result_id=${plain.id}`)
      .set(bearer(tokens.Agent));
    expect(details.status).toBe(200);
    expect(details.body).toMatchObject({ price_changed: false, previous_price: { amount: fare.price.amount } });
    expect(details.body.fare_rules.map((r: { category: string }) => r.category)).toEqual([
      'fare',
      'changes',
      'refunds',
      'baggage',
      'ticketing',
    ]);

    const changing = (await search(bearer(tokens.Agent), oneWay('VIE', 'ZAG'))).body;
    const first = changing.offers[0].fares[0];
    const changed = await api()
      .get(`/api/v1/offers/${first.fare_id}/details?search_result_id=${changing.id}`)
      .set(bearer(tokens.Agent));
    expect(changed.body.price_changed).toBe(true);
    expect(toMinor(changed.body.fare.price.amount)).toBeGreaterThan(toMinor(first.price.amount));
  });

  it('lists bags, other services and seat maps', async () => {
    const result = (await search(bearer(tokens.Agent), oneWay('WAW', 'FRA'))).body;
    const fareId = result.offers[0].fares[0].fare_id;
    const list = (type: string) =>
      api().get(`/api/v1/offers/${fareId}/ancillaries?type=${type}`).set(bearer(tokens.Agent));
    const bags = await list('bags');
    expect(bags.status).toBe(200);
    expect(bags.body.services.length).toBeGreaterThan(0);
    expect(bags.body.services.every((s: { rfic: string }) => s.rfic === 'C')).toBe(true);
    const other = await list('other');
    expect(other.body.services.some((s: { name: string }) => /meal|wifi|priority|lounge/i.test(s.name))).toBe(true);
    const seats = await list('seats');
    expect(seats.body.seat_maps).toHaveLength(result.offers[0].origin_destinations[0].flights.length);
    expect(seats.body.seat_maps[0].rows.length).toBeGreaterThan(5);
    const bad = await api().get(`/api/v1/offers/fr_bm9wZQ/ancillaries?type=bags`).set(bearer(tokens.Agent));
    expect(bad.status).toBe(404);
  });
});

describe('reference data', () => {
  it('finds airports and airlines by code or name, codes first', async () => {
    const airports = await api().get('/api/v1/airports?query=war').set(bearer(tokens.Agent));
    expect(airports.body.data[0]).toMatchObject({ code: 'WAW', city: 'Warsaw', country: 'PL' });
    const byCity = await api().get('/api/v1/airports?query=paris').set(bearer(tokens.Agent));
    expect(byCity.body.data.map((a: { code: string }) => a.code).sort()).toEqual(['CDG', 'ORY']);
    const carriers = await api().get('/api/v1/carriers?query=lh').set(bearer(tokens.Agent));
    expect(carriers.body.data[0]).toEqual({ code: 'LH', name: 'Lufthansa' });
    const all = await api().get('/api/v1/airports?per_page=100').set(bearer(tokens.Agent));
    expect(all.body.meta.total).toBeGreaterThanOrEqual(40);
  });
});

describe('a search no airline answers in time', () => {
  it('fails with 504 at the deadline instead of waiting for the airlines (the search-timeout scenario)', async () => {
    const late = await startStack({ env: { SEARCH_DEADLINE_MS: '400' } });
    try {
      const started = Date.now();
      const res = await request(late.baseUrl)
        .post('/api/v1/offers')
        .set(bearer(tokens.Agent))
        .send(oneWay('OTP', 'SOF'));
      expect(res.status).toBe(504);
      expect(res.body.errors[0].code).toBe('airline_timeout');
      expect(Date.now() - started).toBeLessThan(3_000);
    } finally {
      await late.close();
    }
    // A stack of its own: starting and closing it under the whole suite's load takes a while.
  }, 90_000);
});
