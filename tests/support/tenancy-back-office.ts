// Cross-agency cases for the back office: each makes a resource of the owner's partner
// (as the owner supervisor, or as the demo Admin where only staff may make it) and answers the
// call a supervisor of another partner must get 404 for.
import request from 'supertest';
import type { CrossAgencyRegistry } from './tenancy.js';
import { tokens } from './stack.js';

const card = { number: '4111 1111 1111 1111', exp_month: 12, exp_year: 2039, holder: 'OWNER CARD' };
let n = 0;

/** A case whose arrangement failed would pass by accident (404 for a missing id), so it throws. */
function made(res: request.Response, status = 201): request.Response {
  if (res.status !== status) throw new Error(`arrange failed: ${res.status} ${JSON.stringify(res.body)}`);
  return res;
}
const email = () => `tenancy-${Date.now().toString(36)}-${n++}@example.com`;

export function backOfficeCases(baseUrl: () => string): CrossAgencyRegistry {
  const api = () => request(baseUrl());
  const admin = { Authorization: `Bearer ${tokens.Admin}` };
  const channelOf = (agencyId: string) => `ach_${agencyId}_lh`;
  const person = () => ({ email: email(), first_name: 'Tess', last_name: 'Tenancy' });

  async function joinRequest(agencyId: string): Promise<string> {
    const company = made(await api().post('/api/v1/companies').set(admin).send({ name: 'Loose company' }));
    const res = await api()
      .post('/api/v1/join_agency_requests')
      .set(admin)
      .send({ agency_id: agencyId, company_id: company.body.id });
    return made(res).body.id as string;
  }
  async function channelCard(agencyId: string, headers: Record<string, string>): Promise<string> {
    const res = await api()
      .post(`/api/v1/ticketing/agency_channels/${channelOf(agencyId)}/credit_cards`)
      .set(headers)
      .send(card);
    return made(res).body.ticketing_credit_card_id as string;
  }
  async function relationship(companyId: string, headers: Record<string, string>): Promise<string> {
    const res = await api()
      .post('/api/v1/agent_company_relationships')
      .set(headers)
      .send({ company_id: companyId, ...person() });
    return made(res).body.id as string;
  }
  async function companyChannel(companyId: string, headers: Record<string, string>): Promise<string> {
    const res = await api().get(`/api/v1/ticketing/company_channels?company_id=${companyId}`).set(headers);
    return made(res, 200).body.data[0].id as string;
  }

  return {
    getAgency: { arrange: async ({ tenant }) => ({ method: 'get', path: `/api/v1/agencies/${tenant.agencyId}` }) },
    // A logo is there to find: the stranger still gets 404.
    getAgencyLogo: {
      arrange: async ({ tenant, headers }) => {
        const body = {
          content_type: 'image/jpeg',
          content_base64: Buffer.from([0xff, 0xd8, 0xff, 0xe0]).toString('base64'),
        };
        const res = await api().put(`/api/v1/agencies/${tenant.agencyId}/logo`).set(headers).send(body);
        made(res, 200);
        return { method: 'get', path: `/api/v1/agencies/${tenant.agencyId}/logo` };
      },
    },
    setAgencyLogo: {
      arrange: async ({ tenant }) => ({
        method: 'put',
        path: `/api/v1/agencies/${tenant.agencyId}/logo`,
        body: { content_type: 'image/jpeg', content_base64: Buffer.from([0xff, 0xd8, 0xff, 0xe0]).toString('base64') },
      }),
    },
    deleteAgencyLogo: {
      arrange: async ({ tenant }) => ({ method: 'delete', path: `/api/v1/agencies/${tenant.agencyId}/logo` }),
    },
    listSupervisors: {
      arrange: async ({ tenant }) => ({ method: 'get', path: `/api/v1/agencies/${tenant.agencyId}/supervisors` }),
    },
    createSupervisor: {
      arrange: async ({ tenant }) => ({
        method: 'post',
        path: `/api/v1/agencies/${tenant.agencyId}/supervisors`,
        body: person(),
      }),
    },
    getSupervisor: {
      arrange: async ({ tenant, account }) => ({
        method: 'get',
        path: `/api/v1/agencies/${tenant.agencyId}/supervisors/${account.id}`,
      }),
    },
    updateSupervisor: {
      arrange: async ({ tenant, account }) => ({
        method: 'patch',
        path: `/api/v1/agencies/${tenant.agencyId}/supervisors/${account.id}`,
        body: { last_name: 'Stranger' },
      }),
    },
    deleteSupervisor: {
      arrange: async ({ tenant, account }) => ({
        method: 'delete',
        path: `/api/v1/agencies/${tenant.agencyId}/supervisors/${account.id}`,
      }),
    },
    getAgencyTransactionFee: {
      arrange: async ({ tenant }) => ({
        method: 'get',
        path: `/api/v1/agency_transaction_fees/fee_${tenant.agencyId}_issue`,
      }),
    },
    getCompany: { arrange: async ({ tenant }) => ({ method: 'get', path: `/api/v1/companies/${tenant.companyId}` }) },
    listCompanyLedger: {
      arrange: async ({ tenant }) => ({ method: 'get', path: `/api/v1/companies/${tenant.companyId}/ledger` }),
    },
    exportCompanyLedger: {
      arrange: async ({ tenant }) => ({ method: 'get', path: `/api/v1/companies/${tenant.companyId}/ledger/export` }),
    },
    updateCompany: {
      arrange: async ({ tenant }) => ({
        method: 'patch',
        path: `/api/v1/companies/${tenant.companyId}`,
        body: { low_balance_threshold: '10.00' },
      }),
    },
    getTransaction: {
      async arrange({ tenant }) {
        const res = await api()
          .post('/api/v1/transactions')
          .set(admin)
          .send({ company_id: tenant.companyId, amount: { amount: '1.00', currency: 'EUR' }, reason: 'tenancy' });
        return { method: 'get', path: `/api/v1/transactions/${made(res).body.id}` };
      },
    },
    getAgentCompanyRelationship: {
      arrange: async ({ tenant, headers }) => ({
        method: 'get',
        path: `/api/v1/agent_company_relationships/${await relationship(tenant.companyId, headers)}`,
      }),
    },
    deleteAgentCompanyRelationship: {
      arrange: async ({ tenant, headers }) => ({
        method: 'delete',
        path: `/api/v1/agent_company_relationships/${await relationship(tenant.companyId, headers)}`,
      }),
    },
    getJoinAgencyRequest: {
      arrange: async ({ tenant }) => ({
        method: 'get',
        path: `/api/v1/join_agency_requests/${await joinRequest(tenant.agencyId)}`,
      }),
    },
    answerJoinAgencyRequest: {
      arrange: async ({ tenant }) => ({
        method: 'patch',
        path: `/api/v1/join_agency_requests/${await joinRequest(tenant.agencyId)}`,
        body: { answer: 'accept' },
      }),
    },
    deleteJoinAgencyRequest: {
      arrange: async ({ tenant }) => ({
        method: 'delete',
        path: `/api/v1/join_agency_requests/${await joinRequest(tenant.agencyId)}`,
      }),
    },
    getAgencyChannel: {
      arrange: async ({ tenant }) => ({
        method: 'get',
        path: `/api/v1/ticketing/agency_channels/${channelOf(tenant.agencyId)}`,
      }),
    },
    updateAgencyChannel: {
      arrange: async ({ tenant }) => ({
        method: 'patch',
        path: `/api/v1/ticketing/agency_channels/${channelOf(tenant.agencyId)}`,
        body: { nego_code: 'STRANGER' },
      }),
    },
    addAgencyChannelCreditCard: {
      arrange: async ({ tenant }) => ({
        method: 'post',
        path: `/api/v1/ticketing/agency_channels/${channelOf(tenant.agencyId)}/credit_cards`,
        body: card,
      }),
    },
    removeAgencyChannelCreditCard: {
      arrange: async ({ tenant, headers }) => ({
        method: 'delete',
        path: `/api/v1/ticketing/agency_channels/${channelOf(tenant.agencyId)}/credit_cards/${await channelCard(tenant.agencyId, headers)}`,
      }),
    },
    getCreditCard: {
      arrange: async ({ tenant, headers }) => ({
        method: 'get',
        path: `/api/v1/credit_cards/${await channelCard(tenant.agencyId, headers)}`,
      }),
    },
    getCompanyChannel: {
      arrange: async ({ tenant, headers }) => ({
        method: 'get',
        path: `/api/v1/ticketing/company_channels/${await companyChannel(tenant.companyId, headers)}`,
      }),
    },
    updateCompanyChannel: {
      arrange: async ({ tenant, headers }) => ({
        method: 'patch',
        path: `/api/v1/ticketing/company_channels/${await companyChannel(tenant.companyId, headers)}`,
        body: { active: false },
      }),
    },
    setCompanySharedBookings: {
      arrange: async ({ tenant }) => ({
        method: 'patch',
        path: `/api/v1/ticketing/company_shared_bookings/${tenant.companyId}`,
        body: { shared_bookings: true },
      }),
    },
  };
}
