// The browser extension's credential: a token whose source is `extension`, made, listed and revoked
// like an API token, of the agent's mode. Searches made with it use only the source channels whose
// `extension` flag is on; the surface comes from the credential, never from a header the caller sets.
import request from 'supertest';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTenant } from '../support/factories.js';
import { asSession, signInWithPassword } from '../support/sessions.js';
import { startStack, tokens, type Stack } from '../support/stack.js';
import { TestClock } from '../support/test-clock.js';

let stack: Stack;
beforeAll(async () => {
  stack = await startStack({ clock: new TestClock() });
});
afterAll(async () => {
  await stack.close();
});

const api = () => request(stack.baseUrl);
const bearer = (token: string) => ({ Authorization: `Bearer ${token}` });
const inDays = (days: number) => new Date(Date.now() + days * 86_400_000).toISOString().slice(0, 10);
const searchCarriers = async (headers: Record<string, string>, origin: string, destination: string) => {
  const res = await api()
    .post('/api/v1/offers')
    .set(headers)
    .send({ origin_destinations: [{ origin, destination, departure_date: inDays(30) }], passengers: { adults: 1 } });
  expect(res.status).toBe(201);
  return (res.body.meta.channels as { carrier: string }[]).map((c) => c.carrier);
};
const setSurface = (carrier: string, surface: 'api' | 'web' | 'extension', active: boolean) =>
  api()
    .patch(`/api/v1/ticketing/source_channels/src_${carrier.toLowerCase()}?type=${surface}`)
    .set(bearer(tokens.Admin))
    .send({ active })
    .expect(200);

async function agentWithExtension() {
  const tenant = await createTenant(stack.ctx.db);
  const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  const created = await api()
    .post('/api/v1/account/api_token')
    .set(bearer(agent.token))
    .send({ mode: 'test', source: 'extension', name: 'Chrome on the front desk' });
  expect(created.status).toBe(201);
  return { agent, extension: created.body as { id: string; token: string; source: string; mode: string } };
}

describe('the extension credential', () => {
  it('is made, listed apart from API tokens, and revoked like a token', async () => {
    const { agent, extension } = await agentWithExtension();
    expect(extension).toMatchObject({ source: 'extension', mode: 'test' });
    expect(extension.token).toMatch(/^ctr_test_/);

    const list = async (source?: string) =>
      (
        await api()
          .get(`/api/v1/account/api_tokens${source ? `?source=${source}` : ''}`)
          .set(bearer(agent.token))
          .expect(200)
      ).body.data as { id: string; source: string }[];
    expect((await list('extension')).map((t) => t.id)).toEqual([extension.id]);
    expect((await list('api')).map((t) => t.id)).not.toContain(extension.id);
    expect((await list()).find((t) => t.id === extension.id)?.source).toBe('extension');

    await api().get('/api/v1/account/details').set(bearer(extension.token)).expect(200);
    await api().delete(`/api/v1/account/api_tokens/${extension.id}`).set(bearer(agent.token)).expect(204);
    await api().get('/api/v1/account/details').set(bearer(extension.token)).expect(401);
  });

  it('refuses an unknown source and a live credential while the production API is off, making nothing', async () => {
    const { agent } = await agentWithExtension();
    const bad = await api()
      .post('/api/v1/account/api_token')
      .set(bearer(agent.token))
      .send({ mode: 'test', source: 'plugin' });
    expect(bad.status).toBe(400);
    expect(bad.body.errors[0].source).toBeDefined();
    const live = await api()
      .post('/api/v1/account/api_token')
      .set(bearer(agent.token))
      .send({ mode: 'live', source: 'extension' });
    expect(live.status).toBeGreaterThanOrEqual(400);
    expect(live.status).toBeLessThan(500);
    const after = await api().get('/api/v1/account/api_tokens?source=extension').set(bearer(agent.token)).expect(200);
    expect(after.body.data).toHaveLength(1);
  });
});

describe('searching from the extension', () => {
  it('uses only the channels whose extension flag is on, whatever the api and web flags say', async () => {
    const { agent, extension } = await agentWithExtension();
    const session = asSession(await signInWithPassword(stack.baseUrl, agent.email, agent.password));
    await setSurface('OS', 'extension', false);
    await setSurface('LX', 'api', false);
    await setSurface('LX', 'web', false);
    try {
      const fromExtension = await searchCarriers(bearer(extension.token), 'WAW', 'VIE');
      expect(fromExtension).not.toContain('OS');
      expect(fromExtension).toContain('LX');
      const fromApi = await searchCarriers(bearer(agent.token), 'WAW', 'VIE');
      expect(fromApi).toContain('OS');
      expect(fromApi).not.toContain('LX');
      const fromConsole = await searchCarriers(session, 'WAW', 'VIE');
      expect(fromConsole).toContain('OS');
      expect(fromConsole).not.toContain('LX');
      // A console session cannot claim the extension's surface with a header.
      const claimed = await searchCarriers({ ...session, 'X-Contrail-Surface': 'extension' }, 'WAW', 'VIE');
      expect(claimed).toEqual(fromConsole);
    } finally {
      await setSurface('OS', 'extension', true);
      await setSurface('LX', 'api', true);
      await setSurface('LX', 'web', true);
    }
    // Back on: the extension searches the airline again.
    expect(await searchCarriers(bearer(extension.token), 'WAW', 'VIE')).toContain('OS');
  });
});
