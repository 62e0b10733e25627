// Test and live, decided on every request from the token's mode and the agency's flags as they are
// now: a test token reaches sandbox channels only, a live token production channels only and only
// while the agency's production API is on; each refusal names its rule. Console sessions reach
// both. Two API instances share the flag: switching it off stops live tokens on both at once.
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateToken } from '../../api/src/domain/auth/api-tokens.js';
import { createSecretBox } from '../../api/src/domain/crypto/secret-box.js';
import { newId } from '../../api/src/domain/ids.js';
import sandboxApp from '../../sandbox/src/app.js';
import { bearer, bookingBody, findFares } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../support/factories.js';
import { testSecretKey } from '../support/services.js';
import { asSession, signInWithPassword, type TestSession } from '../support/sessions.js';
import { startStack, tokens, type Stack } from '../support/stack.js';

let stack: Stack;
let other: Stack;
let tenant: TestTenant;
let agent: TestAccount;
let live: string;
let session: TestSession;
// The production airline the live channel is configured to reach: a sandbox airline of its own on
// loopback (live channels never reach the stacks' sandbox).
let liveAirline: FastifyInstance;
const leg = { origin: 'WAW', destination: 'FRA', days: 20 };

beforeAll(async () => {
  const env = { WEBHOOK_ALLOW_CIDRS: '127.0.0.0/8' };
  [stack, other] = await Promise.all([startStack({ env }), startStack({ env })]);
  liveAirline = Fastify();
  await liveAirline.register(sandboxApp, {});
  await liveAirline.listen({ host: '127.0.0.1', port: 0 });
  const db = stack.ctx.db;
  tenant = await createTenant(db);
  agent = await createAccount(db, { tenant, userType: 'Agent' });
  // The agency's LH channel is a production connection (an airline's own key, not `sbx_`).
  const box = createSecretBox(testSecretKey, 'channel-credential');
  await db
    .updateTable('agency_channels')
    .set({ credential_ciphertext: box.seal(`lh-production-key-${tenant.agencyId}`) })
    .where('agency_id', '=', tenant.agencyId)
    .where('source_channel_id', '=', 'src_lh')
    .execute();
  const lh = await db
    .selectFrom('agency_channels')
    .select('id')
    .where('agency_id', '=', tenant.agencyId)
    .where('source_channel_id', '=', 'src_lh')
    .executeTakeFirstOrThrow();
  await db
    .insertInto('channel_endpoints')
    .values({
      agency_channel_id: lh.id,
      adapter: 'sandbox-json',
      settings: JSON.stringify({ baseUrl: `http://127.0.0.1:${(liveAirline.server.address() as AddressInfo).port}` }),
      secrets_ciphertext: null,
      updated_at: new Date(),
    })
    .execute();
  await db.updateTable('agencies').set({ production_api_on: true }).where('id', '=', tenant.agencyId).execute();
  const generated = generateToken('live');
  await db
    .insertInto('api_tokens')
    .values({
      id: newId('tok'),
      account_id: agent.id,
      prefix: generated.prefix,
      token_hash: generated.hash,
      mode: 'live',
      name: 'live',
    })
    .execute();
  live = generated.token;
  session = await signInWithPassword(stack.baseUrl, agent.email, agent.password);
});
afterAll(async () => {
  await Promise.all([stack.close(), other.close(), liveAirline.close()]);
});

const search = (headers: Record<string, string>, carriers: string[], on = stack) =>
  request(on.baseUrl)
    .post('/api/v1/offers')
    .set(headers)
    .send({
      origin_destinations: [
        {
          origin: leg.origin,
          destination: leg.destination,
          departure_date: new Date(Date.now() + leg.days * 86_400_000).toISOString().slice(0, 10),
        },
      ],
      passengers: { adults: 1 },
      carriers,
    });
const code = (res: request.Response) => res.body.errors?.[0]?.code;

describe('a test token', () => {
  it('is refused a production channel, naming the rule', async () => {
    const res = await search(bearer(agent.token), ['LH']);
    expect(res.status).toBe(403);
    expect(code(res)).toBe('test_token_sandbox_only');
  });

  it('searches only the sandbox channels', async () => {
    const fares = await findFares(stack.baseUrl, bearer(agent.token), leg);
    expect(fares.length).toBeGreaterThan(0);
    expect(fares.some((f) => f.carrier === 'LH')).toBe(false);
  });

  it('cannot book a fare a session found on a production channel, nor touch a real booking', async () => {
    const [fare] = await findFares(stack.baseUrl, asSession(session), leg, { carriers: ['LH'] });
    const refused = await request(stack.baseUrl)
      .post('/api/v1/bookings')
      .set(bearer(agent.token))
      .send(bookingBody(fare!));
    expect(refused.status).toBe(403);
    expect(code(refused)).toBe('test_token_sandbox_only');

    const made = await request(stack.baseUrl).post('/api/v1/bookings').set(asSession(session)).send(bookingBody(fare!));
    expect(made.status, JSON.stringify(made.body)).toBe(201);
    const issue = await request(stack.baseUrl)
      .post('/api/v1/bookings/issue')
      .set(bearer(agent.token))
      .set('Idempotency-Key', newId('idem'))
      .send({ locator: made.body.locator });
    expect(issue.status).toBe(403);
    expect(code(issue)).toBe('test_token_sandbox_only');
  });
});

describe('a live token', () => {
  it('reaches production channels, and is refused sandbox ones, naming the rule', async () => {
    expect((await search(bearer(live), ['LH'])).status).toBe(201);
    const sandbox = await search(bearer(live), ['OS']);
    expect(sandbox.status).toBe(403);
    expect(code(sandbox)).toBe('live_token_production_only');
  });

  it('stops on the next request, on every instance, once production API is switched off', async () => {
    // Warm both instances' principal caches with the live token.
    expect((await search(bearer(live), ['LH'], stack)).status).toBe(201);
    expect((await search(bearer(live), ['LH'], other)).status).toBe(201);
    const admin = { Authorization: `Bearer ${tokens.Admin}` };
    const set = (active: boolean) =>
      request(stack.baseUrl).patch(`/api/v1/agencies/${tenant.agencyId}/production_api_on`).set(admin).send({ active });
    expect((await set(false)).status).toBe(200);
    for (const on of [stack, other]) {
      const res = await search(bearer(live), ['LH'], on);
      expect(res.status).toBe(403);
      expect(code(res)).toBe('production_api_off');
      const details = await request(on.baseUrl).get('/api/v1/account/details').set(bearer(live));
      expect(code(details)).toBe('production_api_off');
    }
    // Test tokens and the console go on working.
    expect((await search(bearer(agent.token), ['OS'], other)).status).toBe(201);
    expect((await search(asSession(session), ['LH'])).status).toBe(201);
    expect((await set(true)).status).toBe(200);
    expect((await search(bearer(live), ['LH'], other)).status).toBe(201);
  });
});
