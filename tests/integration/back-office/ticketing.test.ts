// Gates, source channels, agency and company channels, credit cards and the audit log through the
// SDK. The API's log lines are captured: no card number may appear in them or in any response.
import {
  addAgencyChannelCreditCard,
  configure,
  createAgencyChannel,
  createCreditCard,
  deleteAgencyChannel,
  deleteCreditCard,
  getAgencyChannel,
  getCompanyChannel,
  getCreditCard,
  getTicketingGates,
  listAgencyChannels,
  listAuditEntries,
  listCompanyChannels,
  listCreditCards,
  listSourceChannels,
  removeAgencyChannelCreditCard,
  resetConfig,
  setChannelGate,
  setMainGate,
  setSourceChannelSurface,
  updateAgencyChannel,
  updateCompanyChannel,
  updateCreditCard,
} from '@contrail/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createSecretBox } from '../../../api/src/domain/crypto/secret-box.js';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../../support/factories.js';
import { as, refusal } from '../../support/sdk-calls.js';
import { testSecretKey } from '../../support/services.js';
import { createScratchDatabase } from '../../support/scratch-database.js';
import { startStack, tokens, type Stack } from '../../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
let supervisor: TestAccount;
let stranger: TestAccount;
const logLines: string[] = [];
const bodies: string[] = [];
let scratch: Awaited<ReturnType<typeof createScratchDatabase>>;
const cardNumbers = ['4111111111111111', '5555555555554444', '4111111111111112'];
const channelOf = (agencyId: string) => `ach_${agencyId}_lh`;
const asAdmin = () => as(stack.apiUrl, tokens.Admin);

beforeAll(async () => {
  // A database of its own: closing the platform's main gate on the run's would refuse every other
  // file's issues while it is closed.
  scratch = await createScratchDatabase('ticketing');
  stack = await startStack({
    env: { DATABASE_URL: scratch.url, LOG_LEVEL: 'debug', ACCESS_LOG: 'true' },
    logStream: { write: (line) => void logLines.push(line) },
  });
  // Every response body the SDK receives, to grep for card numbers (as() keeps this fetch).
  configure({
    fetch: async (input, init) => {
      const response = await fetch(input, init);
      bodies.push(await response.clone().text());
      return response;
    },
  });
  tenant = await createTenant(stack.ctx.db);
  supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
  stranger = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: await createTenant(stack.ctx.db) });
});
afterAll(async () => {
  resetConfig();
  await stack?.close();
  await scratch?.drop();
});

describe('gates', () => {
  it('open and close the platform gates, staff only; the channel flags follow', async () => {
    as(stack.apiUrl, tokens.Support);
    try {
      expect(await setMainGate({ active: false })).toMatchObject({ main: false });
      const channel = await getAgencyChannel(channelOf(tenant.agencyId));
      expect(channel).toMatchObject({ active_by_main_gate: false, active: false });
      expect(await setChannelGate({ active: false })).toMatchObject({ channel: false });
    } finally {
      await setMainGate({ active: true });
      await setChannelGate({ active: true });
    }
    expect(await getTicketingGates()).toEqual({ main: true, agency: true, channel: true });
    expect((await getAgencyChannel(channelOf(tenant.agencyId))).active).toBe(true);
    expect(await refusal(setMainGate({} as { active: boolean }))).toMatchObject({ status: 400 });
    as(stack.apiUrl, supervisor.token);
    expect(await refusal(setMainGate({ active: false }))).toEqual({ status: 403, code: 'forbidden' });
    expect(await refusal(getTicketingGates())).toMatchObject({ status: 403 });
  });

  it('switches a source channel per surface', async () => {
    asAdmin();
    expect((await listSourceChannels({ per_page: 100 })).data.map((s) => s.id)).toContain('src_lh');
    try {
      expect(await setSourceChannelSurface('src_lh', { active: false }, { type: 'extension' })).toMatchObject({
        extension: false,
        web: true,
      });
      expect((await getAgencyChannel(channelOf(tenant.agencyId))).extension).toBe(false);
    } finally {
      await setSourceChannelSurface('src_lh', { active: true }, { type: 'extension' });
    }
    expect(await refusal(setSourceChannelSurface('src_zz', { active: true }, { type: 'api' }))).toMatchObject({
      status: 404,
    });
    expect(await refusal(setSourceChannelSurface('src_lh', { active: true }, { type: 'fax' as 'api' }))).toMatchObject({
      status: 400,
    });
  });
});

describe('agency channels', () => {
  it('seal a credential and report it only as active', async () => {
    asAdmin();
    const secret = 'lh-secret-credential-XYZ';
    const channel = await createAgencyChannel({
      agency_id: tenant.agencyId,
      name: 'LH direct',
      source_channel_id: 'src_lh',
      credential: { secret },
    });
    expect(channel).toMatchObject({
      title: 'LH direct',
      credential: { active: true },
      active_credential: true,
      carrier: 'LH',
    });
    expect(JSON.stringify(channel)).not.toContain(secret);
    const row = await stack.ctx.db
      .selectFrom('agency_channels')
      .select('credential_ciphertext')
      .where('id', '=', channel.id)
      .executeTakeFirstOrThrow();
    expect(row.credential_ciphertext).not.toContain(secret);
    expect(createSecretBox(testSecretKey, 'channel-credential').open(row.credential_ciphertext!)).toBe(secret);
    expect(
      await refusal(createAgencyChannel({ agency_id: tenant.agencyId, name: 'x', source_channel_id: 'src_zz' })),
    ).toMatchObject({ status: 404 });
    as(stack.apiUrl, supervisor.token);
    expect(
      await refusal(createAgencyChannel({ agency_id: tenant.agencyId, name: 'x', source_channel_id: 'src_lh' })),
    ).toMatchObject({ status: 403 });
    expect(await refusal(deleteAgencyChannel(channel.id))).toMatchObject({ status: 403 });
    asAdmin();
    await deleteAgencyChannel(channel.id);
    expect(await refusal(getAgencyChannel(channel.id))).toMatchObject({ status: 404 });
  });

  it("lets a supervisor set their channel's form of payment, card and codes, and nothing else", async () => {
    as(stack.apiUrl, supervisor.token);
    const id = channelOf(tenant.agencyId);
    expect(await refusal(updateAgencyChannel(id, { form_of_payment: 'credit_card' }))).toEqual({
      status: 422,
      code: 'credit_card_required',
    });
    const withCard = await addAgencyChannelCreditCard(id, {
      number: '4111 1111 1111 1111',
      exp_month: 12,
      exp_year: 2035,
      holder: 'OLENA S',
      cvv: '123',
    });
    expect(withCard.credit_card).toMatchObject({
      brand: 'visa',
      last4: '1111',
      exp_month: 12,
      exp_year: 2035,
      holder: 'OLENA S',
    });
    const set = await updateAgencyChannel(id, {
      form_of_payment: 'credit_card',
      nego_code: 'NEG42',
      resident_fares_code: 'RES1',
      active_by_supervisor: true,
    });
    expect(set).toMatchObject({ form_of_payment: 'credit_card', nego_code: 'NEG42', resident_fares_code: 'RES1' });
    expect(await refusal(updateAgencyChannel(id, { on_by_admin: false }))).toEqual({ status: 403, code: 'forbidden' });
    expect(await refusal(updateAgencyChannel(id, { credential: { secret: 'mine' } }))).toEqual({
      status: 403,
      code: 'forbidden',
    });
    expect(await refusal(updateAgencyChannel(id, { form_of_payment: 'cheque' as 'bsp_cash' }))).toMatchObject({
      status: 400,
    });
    expect((await listAgencyChannels()).data.every((c) => c.agency_id === tenant.agencyId)).toBe(true);

    as(stack.apiUrl, stranger.token);
    expect(await refusal(updateAgencyChannel(id, { nego_code: 'X' }))).toMatchObject({ status: 404 });
    const foreignCard = await createCardFor(stranger);
    as(stack.apiUrl, supervisor.token);
    expect(await refusal(updateAgencyChannel(id, { ticketing_credit_card_id: foreignCard }))).toEqual({
      status: 422,
      code: 'credit_card_invalid',
    });

    await removeAgencyChannelCreditCard(id, withCard.ticketing_credit_card_id!);
    const after = await getAgencyChannel(id);
    expect(after).toMatchObject({ ticketing_credit_card_id: null, credit_card: null, form_of_payment: 'bsp_cash' });

    asAdmin();
    expect((await updateAgencyChannel(id, { on_by_admin: false })).active_by_admin).toBe(false);
    await updateAgencyChannel(id, { on_by_admin: true, credential: { secret: 'rotated' } });
  });
});

async function createCardFor(account: TestAccount): Promise<string> {
  const agencyId = (
    await stack.ctx.db.selectFrom('accounts').select('agency_id').where('id', '=', account.id).executeTakeFirstOrThrow()
  ).agency_id!;
  asAdmin();
  return (
    await createCreditCard({
      agency_id: agencyId,
      number: '5555555555554444',
      exp_month: 1,
      exp_year: 2040,
      holder: 'OTHER',
    })
  ).id;
}

describe('credit cards', () => {
  it('are Luhn-checked, sealed, and shown only as brand, last four, expiry and holder', async () => {
    asAdmin();
    expect(
      await refusal(
        createCreditCard({
          agency_id: tenant.agencyId,
          number: '4111111111111112',
          exp_month: 1,
          exp_year: 2040,
          holder: 'X',
        }),
      ),
    ).toEqual({
      status: 422,
      code: 'card_number_invalid',
    });
    expect(
      await refusal(
        createCreditCard({
          agency_id: tenant.agencyId,
          number: '4111111111111111',
          exp_month: 1,
          exp_year: 2001,
          holder: 'X',
        }),
      ),
    ).toEqual({
      status: 422,
      code: 'card_expired',
    });
    expect(
      await refusal(
        createCreditCard({ agency_id: tenant.agencyId, number: '41x1', exp_month: 1, exp_year: 2040, holder: 'X' }),
      ),
    ).toMatchObject({ status: 400 });
    const card = await createCreditCard({
      agency_id: tenant.agencyId,
      number: '5555 5555 5555 4444',
      exp_month: 6,
      exp_year: 2038,
      holder: 'ADA ADMIN',
      cvv: '987',
    });
    expect(Object.keys(card).sort()).toEqual([
      'agency_id',
      'brand',
      'created_at',
      'exp_month',
      'exp_year',
      'holder',
      'id',
      'last4',
    ]);
    expect(card).toMatchObject({ brand: 'mastercard', last4: '4444' });
    const row = await stack.ctx.db
      .selectFrom('credit_cards')
      .selectAll()
      .where('id', '=', card.id)
      .executeTakeFirstOrThrow();
    expect(JSON.stringify(row)).not.toContain('5555555555554444');
    expect(JSON.stringify(row)).not.toContain('987');
    expect(createSecretBox(testSecretKey, 'card-number').open(row.number_ciphertext)).toBe('5555555555554444');
    expect((await updateCreditCard(card.id, { holder: 'ADA A. ADMIN' })).holder).toBe('ADA A. ADMIN');
    expect((await listCreditCards({ agency_id: tenant.agencyId })).data.map((c) => c.id)).toContain(card.id);

    as(stack.apiUrl, supervisor.token);
    expect((await getCreditCard(card.id)).last4).toBe('4444');
    expect(
      await refusal(
        createCreditCard({
          agency_id: tenant.agencyId,
          number: '4111111111111111',
          exp_month: 1,
          exp_year: 2040,
          holder: 'X',
        }),
      ),
    ).toMatchObject({ status: 403 });
    expect(await refusal(deleteCreditCard(card.id))).toMatchObject({ status: 403 });
    as(stack.apiUrl, stranger.token);
    expect(await refusal(getCreditCard(card.id))).toMatchObject({ status: 404 });
    asAdmin();
    await deleteCreditCard(card.id);
    expect(await refusal(getCreditCard(card.id))).toMatchObject({ status: 404 });
  });
});

describe('company channels', () => {
  it("switch a partner's channel for one company; the derived flags follow", async () => {
    as(stack.apiUrl, supervisor.token);
    const list = await listCompanyChannels({ company_id: tenant.companyId, per_page: 100 });
    expect(list.data.length).toBeGreaterThan(0);
    const first = list.data[0]!;
    expect(first).toMatchObject({ company_id: tenant.companyId, active_by_company: true });
    const off = await updateCompanyChannel(first.id, { active: false });
    expect(off).toMatchObject({ active_by_company: false, active: false });
    expect((await getCompanyChannel(first.id)).active_by_company).toBe(false);
    expect(await refusal(listCompanyChannels({ company_id: 'cmp_missing' }))).toMatchObject({ status: 404 });
    as(stack.apiUrl, stranger.token);
    expect(await refusal(updateCompanyChannel(first.id, { active: true }))).toMatchObject({ status: 404 });
    expect(await refusal(listCompanyChannels({ company_id: tenant.companyId }))).toMatchObject({ status: 404 });
  });
});

describe('the audit log and secrets', () => {
  it('records every change with actor, before and after; staff only', async () => {
    asAdmin();
    const entries = await listAuditEntries({
      entity_type: 'agency_channel',
      entity_id: channelOf(tenant.agencyId),
      per_page: 100,
    });
    const bySupervisor = entries.data.find(
      (e) => e.actor_account_id === supervisor.id && e.action === 'updateAgencyChannel',
    );
    expect(bySupervisor).toMatchObject({ actor_user_type: 'Supervisor', agency_id: tenant.agencyId });
    expect(bySupervisor!.before).toMatchObject({ form_of_payment: 'bsp_cash' });
    expect(bySupervisor!.after).toMatchObject({ form_of_payment: 'credit_card', nego_code: 'NEG42' });
    expect((await listAuditEntries({ actor_account_id: 'acc_demo_support' })).data.map((e) => e.action)).toContain(
      'set_main_gate',
    );
    as(stack.apiUrl, supervisor.token);
    expect(await refusal(listAuditEntries())).toMatchObject({ status: 403 });
  });

  it('never puts a card number, a CVV or a credential in a response or a log line', () => {
    expect(logLines.length).toBeGreaterThan(20);
    const everything = [...logLines, ...bodies].join('\n');
    for (const number of [...cardNumbers, '4111 1111 1111 1111', '5555 5555 5555 4444'])
      expect(everything).not.toContain(number);
    expect(everything).not.toContain('lh-secret-credential-XYZ');
    expect(everything).not.toContain('"cvv"');
  });
});
