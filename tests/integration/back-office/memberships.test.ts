// Companies join partners by connection requests; agents belong to companies by relationships.
import {
  answerJoinAgencyRequest,
  createAgentCompanyRelationship,
  createCompany,
  createJoinAgencyRequest,
  deleteAgentCompanyRelationship,
  deleteJoinAgencyRequest,
  getAgentCompanyRelationship,
  getCompany,
  getJoinAgencyRequest,
  listAgentCompanyRelationships,
  listJoinAgencyRequests,
  resetConfig,
} from '@contrail/sdk';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createAccount, createTenant, type TestAccount, type TestTenant } from '../../support/factories.js';
import { as, refusal } from '../../support/sdk-calls.js';
import { startStack, tokens, type Stack } from '../../support/stack.js';

let stack: Stack;
let tenant: TestTenant;
let supervisor: TestAccount;
let stranger: TestAccount;
const asAdmin = () => as(stack.apiUrl, tokens.Admin);

beforeAll(async () => {
  stack = await startStack();
  tenant = await createTenant(stack.ctx.db);
  supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
  stranger = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: await createTenant(stack.ctx.db) });
});
afterAll(async () => {
  resetConfig();
  await stack.close();
});

describe('connection requests', () => {
  it('are sent by a company, answered by the partner (leaving the list), and disconnected', async () => {
    // A company of no partner, with one agent who sends the request.
    asAdmin();
    const company = await createCompany({ name: `Joining ${Date.now()}` });
    const agentTenant = { agencyId: tenant.agencyId, companyId: company.id };
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: agentTenant });
    await stack.ctx.db.updateTable('accounts').set({ agency_id: null }).where('id', '=', agent.id).execute();

    as(stack.apiUrl, agent.token);
    const sent = await createJoinAgencyRequest({ agency_id: tenant.agencyId });
    expect(sent).toMatchObject({ status: 'pending', company_id: company.id, agency_id: tenant.agencyId });
    expect(await refusal(createJoinAgencyRequest({ agency_id: tenant.agencyId }))).toEqual({
      status: 409,
      code: 'join_request_exists',
    });
    expect(await refusal(createJoinAgencyRequest({ agency_id: 'agy_missing' }))).toMatchObject({ status: 404 });
    expect((await listJoinAgencyRequests()).data.map((r) => r.id)).toEqual([sent.id]);
    expect(await refusal(answerJoinAgencyRequest(sent.id, { answer: 'accept' }))).toMatchObject({ status: 403 });

    as(stack.apiUrl, stranger.token);
    expect(await refusal(answerJoinAgencyRequest(sent.id, { answer: 'accept' }))).toMatchObject({ status: 404 });
    expect((await listJoinAgencyRequests()).data.map((r) => r.id)).not.toContain(sent.id);

    as(stack.apiUrl, supervisor.token);
    expect((await listJoinAgencyRequests()).data.map((r) => r.id)).toContain(sent.id);
    expect(await refusal(answerJoinAgencyRequest(sent.id, { answer: 'maybe' as 'accept' }))).toMatchObject({
      status: 400,
    });
    const accepted = await answerJoinAgencyRequest(sent.id, { answer: 'accept' });
    expect(accepted.status).toBe('accepted');
    expect((await listJoinAgencyRequests()).data.map((r) => r.id)).not.toContain(sent.id);
    expect((await listJoinAgencyRequests({ status: 'accepted' })).data.map((r) => r.id)).toContain(sent.id);
    expect(await refusal(answerJoinAgencyRequest(sent.id, { answer: 'decline' }))).toEqual({
      status: 409,
      code: 'join_request_answered',
    });
    expect((await getCompany(company.id)).agency_id).toBe(tenant.agencyId);
    const agentRow = await stack.ctx.db
      .selectFrom('accounts')
      .select('agency_id')
      .where('id', '=', agent.id)
      .executeTakeFirstOrThrow();
    expect(agentRow.agency_id).toBe(tenant.agencyId);

    // Disconnecting resets: the company has no partner and may ask again.
    await deleteJoinAgencyRequest(sent.id);
    asAdmin();
    expect((await getCompany(company.id)).agency_id).toBeNull();
    as(stack.apiUrl, agent.token);
    const again = await createJoinAgencyRequest({ agency_id: tenant.agencyId });
    expect((await getJoinAgencyRequest(again.id)).status).toBe('pending');
    as(stack.apiUrl, supervisor.token);
    expect((await answerJoinAgencyRequest(again.id, { answer: 'decline' })).status).toBe('declined');
    expect(await refusal(getJoinAgencyRequest(again.id))).toMatchObject({ status: 404 });
  });
});

describe('agents of companies', () => {
  it('adds new and existing agents, keeps the current company one of theirs, removes them', async () => {
    as(stack.apiUrl, supervisor.token);
    const added = await createAgentCompanyRelationship({
      company_id: tenant.companyId,
      email: `agent-${Date.now()}@example.com`,
      first_name: 'Ola',
      last_name: 'Agent',
    });
    expect(added).toMatchObject({
      company_id: tenant.companyId,
      current: true,
      agent: { user_type: 'Agent', agency_id: tenant.agencyId },
    });
    expect((await getAgentCompanyRelationship(added.id)).agent.email).toBe(added.agent.email);

    const second = await createCompany({ name: 'Second branch' });
    const also = await createAgentCompanyRelationship({ company_id: second.id, account_id: added.agent.id });
    expect(also.current).toBe(false);
    expect(
      await refusal(createAgentCompanyRelationship({ company_id: second.id, account_id: added.agent.id })),
    ).toMatchObject({
      status: 409,
    });
    expect(await refusal(createAgentCompanyRelationship({ company_id: second.id }))).toMatchObject({ status: 400 });
    expect((await listAgentCompanyRelationships({ company_id: second.id })).data.map((r) => r.id)).toEqual([also.id]);

    await deleteAgentCompanyRelationship(added.id);
    const moved = await getAgentCompanyRelationship(also.id);
    expect(moved.current).toBe(true);
    expect(moved.agent.company_id).toBe(second.id);

    as(stack.apiUrl, stranger.token);
    expect(await refusal(getAgentCompanyRelationship(also.id))).toMatchObject({ status: 404 });
    expect(
      await refusal(createAgentCompanyRelationship({ company_id: second.id, account_id: added.agent.id })),
    ).toMatchObject({
      status: 404,
    });
    as(stack.apiUrl, (await createAccount(stack.ctx.db, { userType: 'Agent', tenant })).token);
    expect(await refusal(listAgentCompanyRelationships())).toMatchObject({ status: 403 });
  });
});
