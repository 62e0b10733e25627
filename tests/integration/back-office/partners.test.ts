// Partners through the SDK: create, gate lists, flags, duplicate (no secrets), archive, supervisors,
// support users and transaction fees; each with its refusals by role, other partner and bad input.
import {
  createAgency,
  createSupervisor,
  createSupport,
  deleteAgency,
  deleteSupervisor,
  duplicateAgency,
  getAgency,
  getSupervisor,
  listAgencies,
  listAgencyTransactionFees,
  listSupervisors,
  listSupports,
  getSupport,
  getAgencyTransactionFee,
  setAgencyCorporateNumber,
  setAgencyGhostSegmentsRemarks,
  setAgencyProductionApi,
  setPartnerGate,
  updateAgency,
  updateAgencyTransactionFee,
  updateSupervisor,
  resetConfig,
} from '@contrail/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../../support/factories.js';
import { as, refusal } from '../../support/sdk-calls.js';
import { startStack, tokens, type Stack } from '../../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
let supervisor: TestAccount;
let agent: TestAccount;
let stranger: TestAccount;
const asAdmin = () => as(stack.apiUrl, tokens.Admin);
const asSupport = () => as(stack.apiUrl, tokens.Support);

beforeAll(async () => {
  stack = await startStack();
  tenant = await createTenant(stack.ctx.db);
  supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  stranger = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: await createTenant(stack.ctx.db) });
});
afterAll(async () => {
  resetConfig();
  await stack.close();
});

const unique = () => Math.random().toString(36).slice(2, 8);

describe('partners', () => {
  it('creates a partner with its fees and moves it between the open and closed gate lists', async () => {
    asSupport();
    const name = `Gate Travel ${unique()}`;
    const agency = await createAgency({ name, corporate_number_on: true });
    expect(agency).toMatchObject({
      name,
      status: 'active',
      ticketing_active: true,
      corporate_number_on: true,
      supervisors_count: 0,
    });
    expect(agency.agency_transaction_fees.map((f) => f.kind).sort()).toEqual([
      'emd',
      'exchange',
      'issue',
      'refund',
      'void',
    ]);

    const inList = async (gate: 'open' | 'closed') =>
      (await listAgencies({ gate, q: name })).data.map((a) => a.id).includes(agency.id);
    expect(await inList('open')).toBe(true);
    expect((await setPartnerGate(agency.id, { active: false })).ticketing_active).toBe(false);
    expect(await inList('open')).toBe(false);
    expect(await inList('closed')).toBe(true);

    expect(await refusal(createAgency({ name: '' }))).toMatchObject({ status: 400 });
    as(stack.apiUrl, supervisor.token);
    expect(await refusal(createAgency({ name: 'Mine' }))).toEqual({ status: 403, code: 'forbidden' });
    expect(await refusal(listAgencies())).toEqual({ status: 403, code: 'forbidden' });
  });

  it('switches the three flags and changes fields, staff only', async () => {
    asAdmin();
    const agency = await createAgency({ name: `Flags ${unique()}` });
    expect((await setAgencyProductionApi(agency.id, { active: true })).production_api_on).toBe(true);
    expect((await setAgencyCorporateNumber(agency.id, { active: true })).corporate_number_on).toBe(true);
    expect((await setAgencyGhostSegmentsRemarks(agency.id, { active: true })).ghost_segments_remarks_on).toBe(true);
    expect(await updateAgency(agency.id, { name: 'Renamed', status: 'suspended' })).toMatchObject({
      name: 'Renamed',
      status: 'suspended',
    });
    expect(await refusal(updateAgency(agency.id, {}))).toMatchObject({ status: 400 });
    expect(await refusal(updateAgency('agy_missing', { name: 'x' }))).toEqual({ status: 404, code: 'not_found' });
    as(stack.apiUrl, supervisor.token);
    expect(await refusal(setAgencyProductionApi(tenant.agencyId, { active: true }))).toMatchObject({ status: 403 });
    expect((await getAgency(tenant.agencyId)).id).toBe(tenant.agencyId);
    expect(await refusal(getAgency(agency.id))).toEqual({ status: 404, code: 'not_found' });
  });

  it('duplicates configuration without secrets: channels lose credentials and cards', async () => {
    asAdmin();
    await stack.ctx.db
      .updateTable('agency_channels')
      .set({ nego_code: 'NEGO1' })
      .where('agency_id', '=', tenant.agencyId)
      .execute();
    await updateAgencyTransactionFee(`fee_${tenant.agencyId}_issue`, { amount: { amount: '3.50', currency: 'EUR' } });
    const copy = await duplicateAgency(tenant.agencyId);
    expect(copy.id).not.toBe(tenant.agencyId);
    expect(copy.agency_transaction_fees.find((f) => f.kind === 'issue')?.amount).toEqual({
      amount: '3.50',
      currency: 'EUR',
    });
    const channels = await stack.ctx.db
      .selectFrom('agency_channels')
      .selectAll()
      .where('agency_id', '=', copy.id)
      .execute();
    expect(channels.length).toBeGreaterThan(0);
    for (const c of channels) {
      expect(c.credential_ciphertext).toBeNull();
      expect(c.credential_active).toBe(false);
      expect(c.ticketing_credit_card_id).toBeNull();
      expect(c.nego_code).toBe('NEGO1');
    }
    const cards = await stack.ctx.db.selectFrom('credit_cards').select('id').where('agency_id', '=', copy.id).execute();
    expect(cards).toEqual([]);
    as(stack.apiUrl, supervisor.token);
    expect(await refusal(duplicateAgency(tenant.agencyId))).toMatchObject({ status: 403 });
  });

  it('archives a deleted partner (Admin only): gate closed, out of the lists, records kept', async () => {
    asAdmin();
    const agency = await createAgency({ name: `Archive ${unique()}` });
    asSupport();
    expect(await refusal(deleteAgency(agency.id))).toEqual({ status: 403, code: 'forbidden' });
    asAdmin();
    await deleteAgency(agency.id);
    const archived = await getAgency(agency.id);
    expect(archived).toMatchObject({ status: 'archived', ticketing_active: false });
    expect(archived.archived_at).not.toBeNull();
    expect((await listAgencies({ q: agency.name })).data).toEqual([]);
    expect((await listAgencies({ q: agency.name, status: 'archived' })).data.map((a) => a.id)).toEqual([agency.id]);
    expect(await refusal(deleteAgency('agy_missing'))).toMatchObject({ status: 404 });
  });
});

describe('supervisors', () => {
  it('are added, read, changed and removed by staff or their own partner, counted on the partner', async () => {
    as(stack.apiUrl, supervisor.token);
    const added = await createSupervisor(tenant.agencyId, {
      email: `sup-${unique()}@example.com`,
      first_name: 'Nia',
      last_name: 'Lead',
    });
    expect(added).toMatchObject({ user_type: 'Supervisor', agency_id: tenant.agencyId });
    expect((await getSupervisor(tenant.agencyId, added.id)).email).toBe(added.email);
    expect((await updateSupervisor(tenant.agencyId, added.id, { last_name: 'Head' })).last_name).toBe('Head');
    expect((await listSupervisors(tenant.agencyId)).data.map((s) => s.id)).toContain(added.id);
    expect((await getAgency(tenant.agencyId)).supervisors_count).toBe(2);
    expect(
      await refusal(createSupervisor(tenant.agencyId, { email: added.email, first_name: 'A', last_name: 'B' })),
    ).toEqual({
      status: 409,
      code: 'already_in_use',
    });
    expect(
      await refusal(createSupervisor(tenant.agencyId, { email: 'not-an-email', first_name: 'A', last_name: 'B' })),
    ).toMatchObject({ status: 400 });
    expect(await refusal(deleteSupervisor(tenant.agencyId, supervisor.id))).toEqual({
      status: 409,
      code: 'cannot_remove_self',
    });

    as(stack.apiUrl, stranger.token);
    expect(await refusal(getSupervisor(tenant.agencyId, added.id))).toMatchObject({ status: 404 });
    expect(await refusal(listSupervisors(tenant.agencyId))).toMatchObject({ status: 404 });
    as(stack.apiUrl, agent.token);
    expect(await refusal(listSupervisors(tenant.agencyId))).toEqual({ status: 403, code: 'forbidden' });

    as(stack.apiUrl, supervisor.token);
    await deleteSupervisor(tenant.agencyId, added.id);
    expect(await refusal(getSupervisor(tenant.agencyId, added.id))).toMatchObject({ status: 404 });
  });
});

describe('roles', () => {
  it("lets a supervisor make an agent of their partner a supervisor and back, nobody else's", async () => {
    const colleague = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
    as(stack.apiUrl, supervisor.token);
    const promoted = await updateSupervisor(tenant.agencyId, colleague.id, { user_type: 'Supervisor' });
    expect(promoted).toMatchObject({ user_type: 'Supervisor', company_id: null });
    expect((await listSupervisors(tenant.agencyId)).data.map((p) => p.id)).toContain(colleague.id);
    expect((await updateSupervisor(tenant.agencyId, colleague.id, { user_type: 'Agent' })).user_type).toBe('Agent');
    expect(await refusal(updateSupervisor(tenant.agencyId, colleague.id, { last_name: 'X' }))).toMatchObject({
      status: 404,
    });
    expect(await refusal(updateSupervisor(tenant.agencyId, supervisor.id, { user_type: 'Agent' }))).toEqual({
      status: 409,
      code: 'cannot_remove_self',
    });
    expect(
      await refusal(updateSupervisor(tenant.agencyId, colleague.id, { user_type: 'Admin' as 'Agent' })),
    ).toMatchObject({ status: 400 });
    as(stack.apiUrl, stranger.token);
    expect(await refusal(updateSupervisor(tenant.agencyId, colleague.id, { user_type: 'Supervisor' }))).toMatchObject({
      status: 404,
    });
  });
});

describe('support users and fees', () => {
  it('lets only Admin add support users', async () => {
    asAdmin();
    const support = await createSupport({
      email: `sup-${unique()}@contrail.example`,
      first_name: 'Sky',
      last_name: 'Help',
    });
    expect(support).toMatchObject({ user_type: 'Support', agency_id: null });
    expect((await getSupport(support.id)).id).toBe(support.id);
    expect((await listSupports({ per_page: 100 })).data.map((s) => s.id)).toContain(support.id);
    asSupport();
    expect(
      await refusal(createSupport({ email: `x-${unique()}@example.com`, first_name: 'A', last_name: 'B' })),
    ).toMatchObject({ status: 403 });
    as(stack.apiUrl, supervisor.token);
    expect(await refusal(listSupports())).toMatchObject({ status: 403 });
  });

  it('sets fees as staff; a supervisor reads only their own', async () => {
    asSupport();
    const fee = await updateAgencyTransactionFee(`fee_${tenant.agencyId}_void`, {
      amount: { amount: '1.25', currency: 'EUR' },
    });
    expect(fee).toMatchObject({ kind: 'void', amount: { amount: '1.25', currency: 'EUR' } });
    expect(
      await refusal(updateAgencyTransactionFee(fee.id, { amount: { amount: '-1', currency: 'EUR' } })),
    ).toMatchObject({ status: 400 });
    as(stack.apiUrl, supervisor.token);
    expect((await listAgencyTransactionFees()).data.every((f) => f.agency_id === tenant.agencyId)).toBe(true);
    expect((await getAgencyTransactionFee(fee.id)).amount.amount).toBe('1.25');
    expect(
      await refusal(updateAgencyTransactionFee(fee.id, { amount: { amount: '0', currency: 'EUR' } })),
    ).toMatchObject({ status: 403 });
    as(stack.apiUrl, stranger.token);
    expect(await refusal(getAgencyTransactionFee(fee.id))).toMatchObject({ status: 404 });
    expect(await refusal(listAgencyTransactionFees({ agency_id: tenant.agencyId }))).toMatchObject({ status: 404 });
  });
});
