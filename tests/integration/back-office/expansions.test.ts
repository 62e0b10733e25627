// `expand=` on partners and companies: each embedded field equals what the real rows and the
// dedicated list operations say, on list and on get; unknown values are a 400 in the errors format;
// no credential or card number leaks through an embedded channel.
import {
  addAgencyChannelCreditCard,
  createAgencyChannel,
  createAgentCompanyRelationship,
  createMarkup,
  getAgency,
  getCompany,
  listAgencies,
  listCompanies,
  listCompanyChannels,
  listMarkups,
  listSupervisors,
  resetConfig,
  updateCompanyChannel,
} from '@contrail/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../../support/factories.js';
import { as } from '../../support/sdk-calls.js';
import { startStack, tokens, type Stack } from '../../support/stack.js';

const tag = `xp${Date.now().toString(36)}`;
let stack: Stack;
let tenant: TestTenant;
let other: TestTenant;
let supervisors: TestAccount[];
let agents: TestAccount[];
const secret = 'expand-secret-credential-Q7';
const cardNumber = '4111111111111111';
const asAdmin = () => as(stack.apiUrl, tokens.Admin);

beforeAll(async () => {
  stack = await startStack();
  // Named apart, so the list pages below find both however many partners other files made.
  tenant = await createTenant(stack.ctx.db, `Expansions ${tag} one`);
  other = await createTenant(stack.ctx.db, `Expansions ${tag} two`);
  supervisors = [
    await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant }),
    await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant }),
  ];
  await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: other });
  agents = [
    await createAccount(stack.ctx.db, { userType: 'Agent', tenant }),
    await createAccount(stack.ctx.db, { userType: 'Agent', tenant }),
  ];
  asAdmin();
  for (const a of agents) await createAgentCompanyRelationship({ account_id: a.id, company_id: tenant.companyId });
  const channel = await createAgencyChannel({
    agency_id: tenant.agencyId,
    name: 'Expand LH',
    source_channel_id: 'src_lh',
    credential: { secret },
  });
  await addAgencyChannelCreditCard(channel.id, {
    number: cardNumber,
    exp_month: 12,
    exp_year: 2035,
    holder: 'EXPAND HOLDER',
    cvv: '321',
  });
  await createMarkup(tenant.companyId, { kind: 'fixed', value: '7.50', currency: 'EUR', carrier: 'LH' });
  await createMarkup(tenant.companyId, { kind: 'percentage', value: '2' });
  await createMarkup(other.companyId, { kind: 'percentage', value: '9' });
});
afterAll(async () => {
  resetConfig();
  await stack.close();
});

const ids = (xs: { id: string }[]) => xs.map((x) => x.id).sort();

async function rawGet(path: string, token = tokens.Admin) {
  const res = await fetch(`${stack.apiUrl}${path}`, { headers: { authorization: `Bearer ${token}` } });
  return { status: res.status, body: (await res.json()) as Record<string, unknown> };
}

describe('partner expansions', () => {
  it('embeds channels and supervisors from the real rows on get, and nothing unasked', async () => {
    asAdmin();
    const plain = await getAgency(tenant.agencyId);
    expect(plain).not.toHaveProperty('channels');
    expect(plain).not.toHaveProperty('supervisors');

    const agency = await getAgency(tenant.agencyId, { expand: 'channels,supervisors' });
    const rows = await stack.ctx.db
      .selectFrom('agency_channels')
      .select(['id', 'title', 'on_by_admin', 'active_by_supervisor', 'credential_active', 'form_of_payment'])
      .where('agency_id', '=', tenant.agencyId)
      .execute();
    expect(rows.length).toBeGreaterThan(1);
    expect(ids(agency.channels!)).toEqual(ids(rows));
    for (const r of rows)
      expect(agency.channels!.find((c) => c.id === r.id)).toEqual({
        id: r.id,
        title: r.title,
        on_by_admin: r.on_by_admin,
        active_by_supervisor: r.active_by_supervisor,
        active_credential: r.credential_active,
        form_of_payment: r.form_of_payment,
      });
    expect(agency.channels!.find((c) => c.title === 'Expand LH')).toMatchObject({ active_credential: true });

    expect(ids(agency.supervisors!)).toEqual(supervisors.map((s) => s.id).sort());
    expect(agency.supervisors!.length).toBe(agency.supervisors_count);
    const listed = await listSupervisors(tenant.agencyId, { per_page: 100 });
    expect(ids(agency.supervisors!)).toEqual(ids(listed.data));
    const first = supervisors[0]!;
    expect(agency.supervisors!.find((s) => s.id === first.id)).toEqual({
      id: first.id,
      first_name: 'Test',
      last_name: 'Supervisor',
      email: first.email,
    });
    expect(Object.keys(await getAgency(tenant.agencyId, { expand: 'supervisors' }))).not.toContain('channels');
  });

  it('embeds per row on a list page, each partner with its own', async () => {
    asAdmin();
    const page = await listAgencies({ per_page: 100, q: tag, expand: 'supervisors,channels' });
    const mine = page.data.find((a) => a.id === tenant.agencyId)!;
    const theirs = page.data.find((a) => a.id === other.agencyId)!;
    expect(ids(mine.supervisors!)).toEqual(supervisors.map((s) => s.id).sort());
    expect(theirs.supervisors).toHaveLength(1);
    expect(mine.channels!.some((c) => c.title === 'Expand LH')).toBe(true);
    expect(theirs.channels!.some((c) => c.title === 'Expand LH')).toBe(false);
    for (const a of page.data) {
      expect(a.supervisors!.length).toBe(a.supervisors_count);
      expect(a.channels).toBeDefined();
    }
  });

  it('lets a supervisor expand their own partner', async () => {
    as(stack.apiUrl, supervisors[0]!.token);
    const agency = await getAgency(tenant.agencyId, { expand: 'channels' });
    expect(agency.channels!.length).toBeGreaterThan(0);
  });
});

describe('company expansions', () => {
  it('embeds channels, avia managers and markups from the real rows on get', async () => {
    as(stack.apiUrl, supervisors[0]!.token);
    const listedChannels = await listCompanyChannels({ company_id: tenant.companyId, per_page: 100 });
    const off = listedChannels.data[0]!;
    await updateCompanyChannel(off.id, { active: false });

    const company = await getCompany(tenant.companyId, { expand: 'channels,avia_managers,markups' });
    expect(company.channels!.map((c) => c.agency_channel_id).sort()).toEqual(
      listedChannels.data.map((c) => c.agency_channel_id).sort(),
    );
    expect(company.channels!.find((c) => c.agency_channel_id === off.agency_channel_id)).toEqual({
      agency_channel_id: off.agency_channel_id,
      title: off.title,
      active: false,
    });
    expect(company.channels!.filter((c) => !c.active)).toHaveLength(1);

    expect(ids(company.avia_managers!)).toEqual(agents.map((a) => a.id).sort());
    expect(company.avia_managers!.length).toBe(company.agents_count);

    asAdmin();
    const markups = await listMarkups(tenant.companyId, { per_page: 100 });
    expect(company.markups!.slice().sort((a, b) => a.id.localeCompare(b.id))).toEqual(
      markups.data.slice().sort((a, b) => a.id.localeCompare(b.id)),
    );
    expect(company.markups!.map((m) => m.value).sort()).toEqual(['2.00', '7.50'].sort());
  });

  it('embeds per row on a list page and only what was asked', async () => {
    asAdmin();
    const page = await listCompanies({ per_page: 100, q: tag, expand: 'markups' });
    const mine = page.data.find((c) => c.id === tenant.companyId)!;
    const theirs = page.data.find((c) => c.id === other.companyId)!;
    expect(mine.markups).toHaveLength(2);
    expect(theirs.markups!.map((m) => m.company_id)).toEqual([other.companyId]);
    expect(mine).not.toHaveProperty('channels');
    expect(mine).not.toHaveProperty('avia_managers');
    const empty = await listCompanies({ per_page: 100, q: 'no company has this name zz' });
    expect(empty.data).toEqual([]);
  });
});

describe('refusals and secrets', () => {
  it.each([
    '/agencies?expand=credential',
    '/agencies?expand=channels,',
    `/agencies/{agency}?expand=supervisors,cards`,
    '/companies?expand=supervisors',
    '/companies/{company}?expand=',
    '/companies/{company}?expand=markups;channels',
  ])('refuses %s with a 400 in the errors format', async (template) => {
    const path = template.replace('{agency}', tenant.agencyId).replace('{company}', tenant.companyId);
    const { status, body } = await rawGet(path);
    expect(status).toBe(400);
    expect(Array.isArray(body.errors)).toBe(true);
    expect((body.errors as { code: string }[])[0]!.code).toBeTruthy();
  });

  it('never shows a credential, a card number or an API token through an expansion', async () => {
    const texts = [
      (await rawGet(`/agencies/${tenant.agencyId}?expand=channels,supervisors`)).body,
      (await rawGet('/agencies?per_page=100&expand=channels,supervisors')).body,
      (await rawGet(`/companies/${tenant.companyId}?expand=channels,avia_managers,markups`)).body,
      (await rawGet('/companies?per_page=100&expand=channels,avia_managers,markups')).body,
    ].map((b) => JSON.stringify(b));
    const ciphertexts = await stack.ctx.db
      .selectFrom('agency_channels')
      .select('credential_ciphertext')
      .where('agency_id', '=', tenant.agencyId)
      .where('credential_ciphertext', 'is not', null)
      .execute();
    expect(ciphertexts.length).toBeGreaterThan(0);
    for (const text of texts) {
      expect(text).not.toContain(secret);
      expect(text).not.toContain(cardNumber);
      // The card itself (the channel view's `credit_card` object), not a channel paying by card: the
      // lists show every agency, and another file's agency may pay by credit card at this moment.
      expect(text).not.toContain('"credit_card":');
      for (const c of ciphertexts) expect(text).not.toContain(c.credential_ciphertext!);
      for (const a of [...supervisors, ...agents]) {
        expect(text).not.toContain(a.token);
        expect(text).not.toContain(a.password);
      }
    }
  });
});
