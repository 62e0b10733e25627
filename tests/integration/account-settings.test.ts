// The account fields an agency expects (demo_user, logo, score), the partner's agency_id, the
// settings entity, and the agency logo's upload rules: PNG or JPEG by first bytes, at most 128 KiB,
// its supervisors change it, its own users read it (cached), everyone else gets 404.
import { sql, type RawBuilder } from 'kysely';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { newId } from '../../api/src/domain/ids.js';
import { createAccount, createTenant, type TestTenant } from '../support/factories.js';
import { startStack, tokens, type Stack } from '../support/stack.js';

let stack: Stack;
let home: TestTenant;
let away: TestTenant;

const png = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const jpegStart = Buffer.from([0xff, 0xd8, 0xff, 0xe0, 0x00, 0x10, 0x4a, 0x46, 0x49, 0x46]);

beforeAll(async () => {
  stack = await startStack();
  home = await createTenant(stack.ctx.db, `A home ${Date.now()}`);
  away = await createTenant(stack.ctx.db, `B away ${Date.now()}`);
});
afterAll(async () => {
  await stack.close();
});

async function call(token: string, path: string, init: { method?: string; body?: unknown } = {}) {
  const res = await fetch(`${stack.apiUrl}${path}`, {
    method: init.method ?? 'GET',
    headers: {
      authorization: `Bearer ${token}`,
      ...(init.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    body: init.body === undefined ? undefined : JSON.stringify(init.body),
  });
  const text = await res.text();
  return {
    res,
    status: res.status,
    body: text && res.headers.get('content-type')?.includes('json') ? JSON.parse(text) : text,
  };
}

async function issued(agentId: string, tenant: TestTenant, count: number, daysAgo: number) {
  for (let i = 0; i < count; i++) {
    const id = newId('bkg');
    await sql`
      INSERT INTO bookings (id, locator, agency_id, company_id, agent_id, channel_id, carrier, airline_locator, status,
        provider_status, fake_booking, airline_total, markup_total, currency, passengers, contacts, segments, fares,
        created_at, updated_at, search_text, issued_at)
      VALUES (${id}, ${id.slice(-6).toUpperCase()}, ${tenant.agencyId}, ${tenant.companyId}, ${agentId}, 'ach_x', 'LH',
        'ZZ1234', 'issued', 'issued', true, 100, 0, 'EUR', '[]', '{"email": "score@example.com", "phone": "+48 600 100 200"}', '[]', '[]', now(), now(), 'x',
        now() - make_interval(days => ${daysAgo}))`.execute(
      stack.ctx.db as unknown as Parameters<RawBuilder<unknown>['execute']>[0],
    );
  }
}

describe('demo_user and score', () => {
  it('marks the seeded demo accounts, staff included, and no one else', async () => {
    expect((await call(tokens.Agent, '/account/details')).body.demo_user).toBe(true);
    expect((await call(tokens.Admin, '/account/details')).body.demo_user).toBe(true);
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: home });
    expect((await call(agent.token, '/account/details')).body.demo_user).toBe(false);
  });

  it("counts an agent's issues over 30 days against its agency's median, and is null for staff", async () => {
    const tenant = await createTenant(stack.ctx.db);
    const [a, b, c] = await Promise.all(
      [1, 2, 3].map(() => createAccount(stack.ctx.db, { userType: 'Agent', tenant })),
    );
    await issued(a!.id, tenant, 5, 1);
    await issued(a!.id, tenant, 4, 45); // outside the 30 days
    await issued(b!.id, tenant, 2, 10);
    // c issued nothing: it still counts, as 0. Median of 5, 2, 0 and the supervisor's 0 is 1.
    const supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
    expect((await call(a!.token, '/account/details')).body.score).toEqual({
      issued_30_days: 5,
      agency_median_30_days: 1,
    });
    expect((await call(c!.token, '/account/details')).body.score).toEqual({
      issued_30_days: 0,
      agency_median_30_days: 1,
    });
    expect((await call(supervisor.token, '/account/details')).body.score).toEqual({
      issued_30_days: 0,
      agency_median_30_days: 1,
    });
    expect((await call(tokens.Support, '/account/details')).body.score).toBeNull();
  });
});

describe('partner agency_id', () => {
  it('is the id a join request names', async () => {
    const { body } = await call(tokens.Admin, `/agencies/${home.agencyId}`);
    expect(body.agency_id).toBe(home.agencyId);
  });
});

describe('agency logo', () => {
  it('is uploaded by a supervisor, shown to its users with a cache header, and hidden from others', async () => {
    const supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: home });
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: home });
    const stranger = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: away });
    expect((await call(agent.token, '/account/details')).body.logo).toBeNull();

    const put = await call(supervisor.token, `/agencies/${home.agencyId}/logo`, {
      method: 'PUT',
      body: { content_type: 'image/png', content_base64: png.toString('base64') },
    });
    expect(put.status, JSON.stringify(put.body)).toBe(200);
    expect(put.body).toMatchObject({ content_type: 'image/png', size: png.length });
    const { logo } = (await call(agent.token, '/account/details')).body as { logo: string };
    expect(logo).toBe(put.body.url);
    expect(logo).toMatch(new RegExp(`^/api/v1/agencies/${home.agencyId}/logo\\?v=\\d+$`));

    const image = await fetch(`${stack.apiUrl.replace(/\/api\/v1$/, '')}${logo}`, {
      headers: { authorization: `Bearer ${agent.token}` },
    });
    expect(image.status).toBe(200);
    expect(image.headers.get('content-type')).toBe('image/png');
    expect(image.headers.get('cache-control')).toBe('private, max-age=86400');
    expect(Buffer.from(await image.arrayBuffer()).equals(png)).toBe(true);

    expect((await call(stranger.token, `/agencies/${home.agencyId}/logo`)).status).toBe(404);
    expect((await call(tokens.Support, `/agencies/${home.agencyId}/logo`)).status).toBe(200);
    // An agent may not change it; a supervisor of another agency cannot even find it.
    expect((await call(agent.token, `/agencies/${home.agencyId}/logo`, { method: 'DELETE' })).status).toBe(403);
    const otherSupervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: away });
    expect((await call(otherSupervisor.token, `/agencies/${home.agencyId}/logo`, { method: 'DELETE' })).status).toBe(
      404,
    );

    expect((await call(supervisor.token, `/agencies/${home.agencyId}/logo`, { method: 'DELETE' })).status).toBe(204);
    expect((await call(agent.token, '/account/details')).body.logo).toBeNull();
    expect((await call(agent.token, `/agencies/${home.agencyId}/logo`)).status).toBe(404);
  });

  it('refuses SVG, bytes that are not what they claim, and files over 128 KiB, changing nothing', async () => {
    const supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: away });
    const path = `/agencies/${away.agencyId}/logo`;
    const put = (content_type: string, bytes: Buffer) =>
      call(supervisor.token, path, { method: 'PUT', body: { content_type, content_base64: bytes.toString('base64') } });
    const svg = Buffer.from('<svg xmlns="http://www.w3.org/2000/svg"><script>alert(1)</script></svg>');
    expect((await put('image/svg+xml', svg)).status).toBe(400);
    const lying = await put('image/png', svg);
    expect(lying.status).toBe(415);
    expect(lying.body.errors[0].code).toBe('logo_type_not_allowed');
    expect((await put('image/png', jpegStart)).status).toBe(415);
    // 131,073 bytes: one over the limit, and still within the body's largest base64.
    const tooBig = await put('image/png', Buffer.concat([png, Buffer.alloc(128 * 1024 + 1 - png.length)]));
    expect(tooBig.status, JSON.stringify(tooBig.body)).toBe(413);
    expect((await call(supervisor.token, path)).status).toBe(404);
    expect((await put('image/jpeg', jpegStart)).status).toBe(200);
  });
});

describe('account settings', () => {
  it("says whether the user is active, has a token, and lists its company's channels with their state", async () => {
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: home });
    const { status, body } = await call(agent.token, '/account/settings');
    expect(status).toBe(200);
    expect(body).toMatchObject({ active: true, active_by_supervisor: true, api_token: true });
    expect(body.channels.length).toBeGreaterThan(0);
    for (const ch of body.channels) {
      expect(ch.company_id).toBe(home.companyId);
      expect(typeof ch.active).toBe('boolean');
    }
    // The agency suspended by staff: the user is no longer active, though its supervisor left it open.
    await stack.ctx.db.updateTable('agencies').set({ status: 'suspended' }).where('id', '=', home.agencyId).execute();
    try {
      const after = await call(agent.token, '/account/settings');
      expect(after.body).toMatchObject({ active: false, active_by_supervisor: true });
    } finally {
      await stack.ctx.db.updateTable('agencies').set({ status: 'active' }).where('id', '=', home.agencyId).execute();
    }
    const staff = await call(tokens.Support, '/account/settings');
    expect(staff.body).toMatchObject({ active: true, active_by_supervisor: true, channels: [] });
  });
});
