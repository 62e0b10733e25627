// companies: companies, balances, markups, agents and connection requests.
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';
import { listBody, pageOf } from '../../pagination.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<
  ServiceHandlers,
  | 'listCompanies'
  | 'createCompany'
  | 'getCompany'
  | 'updateCompany'
  | 'deleteCompany'
  | 'listMarkups'
  | 'createMarkup'
  | 'getMarkup'
  | 'updateMarkup'
  | 'deleteMarkup'
  | 'listTransactions'
  | 'createTransaction'
  | 'getTransaction'
  | 'listExchangeRates'
  | 'setExchangeRate'
  | 'listAgentCompanyRelationships'
  | 'createAgentCompanyRelationship'
  | 'getAgentCompanyRelationship'
  | 'deleteAgentCompanyRelationship'
  | 'listJoinAgencyRequests'
  | 'createJoinAgencyRequest'
  | 'getJoinAgencyRequest'
  | 'answerJoinAgencyRequest'
  | 'deleteJoinAgencyRequest'
>;

const noContent = { status: 204 as const, body: undefined };

export function companyHandlers(ctx: Pick<AppContext, 'backOffice'>): Handlers {
  const { companies, markups, balances, agents, joinRequests, exchangeRates } = ctx.backOffice;
  return {
    listCompanies: async (request) => {
      const page = pageOf(request.query);
      const { gate, agency_id: agencyId, q, expand } = request.query;
      const { items, total } = await companies.list(principalOf(request), { gate, agencyId, q }, page, expand);
      return { status: 200, body: listBody(items, total, page) };
    },
    createCompany: async (request) => ({
      status: 201,
      body: await companies.create(principalOf(request), request.body),
    }),
    getCompany: async (request) => ({
      status: 200,
      body: await companies.get(principalOf(request), request.params.id, request.query.expand),
    }),
    updateCompany: async (request) => ({
      status: 200,
      body: await companies.update(principalOf(request), request.params.id, request.body),
    }),
    deleteCompany: async (request) => {
      await companies.remove(principalOf(request), request.params.id);
      return noContent;
    },
    listMarkups: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await markups.list(principalOf(request), request.params.id, page);
      return { status: 200, body: listBody(items, total, page) };
    },
    createMarkup: async (request) => ({
      status: 201,
      body: await markups.create(principalOf(request), request.params.id, request.body),
    }),
    getMarkup: async (request) => ({ status: 200, body: await markups.get(principalOf(request), request.params.id) }),
    updateMarkup: async (request) => ({
      status: 200,
      body: await markups.update(principalOf(request), request.params.id, request.body),
    }),
    deleteMarkup: async (request) => {
      await markups.remove(principalOf(request), request.params.id);
      return noContent;
    },
    listTransactions: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await balances.list(principalOf(request), request.query.company_id, page);
      return { status: 200, body: listBody(items, total, page) };
    },
    createTransaction: async (request) => ({
      status: 201,
      body: await balances.change(principalOf(request), request.body),
    }),
    getTransaction: async (request) => ({
      status: 200,
      body: await balances.get(principalOf(request), request.params.id),
    }),
    listExchangeRates: async (request) => {
      const page = pageOf(request.query);
      const { base_currency: base, quote_currency: quote } = request.query;
      const { items, total } = await exchangeRates.list({ base, quote }, page);
      return { status: 200, body: listBody(items, total, page) };
    },
    setExchangeRate: async (request) => ({
      status: 201,
      body: await exchangeRates.set(principalOf(request), request.body),
    }),
    listAgentCompanyRelationships: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await agents.list(principalOf(request), request.query.company_id, page);
      return { status: 200, body: listBody(items, total, page) };
    },
    createAgentCompanyRelationship: async (request) => ({
      status: 201,
      body: await agents.create(principalOf(request), request.body),
    }),
    getAgentCompanyRelationship: async (request) => ({
      status: 200,
      body: await agents.get(principalOf(request), request.params.id),
    }),
    deleteAgentCompanyRelationship: async (request) => {
      await agents.remove(principalOf(request), request.params.id);
      return noContent;
    },
    listJoinAgencyRequests: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await joinRequests.list(principalOf(request), request.query.status ?? 'pending', page);
      return { status: 200, body: listBody(items, total, page) };
    },
    createJoinAgencyRequest: async (request) => ({
      status: 201,
      body: await joinRequests.create(principalOf(request), request.body),
    }),
    getJoinAgencyRequest: async (request) => ({
      status: 200,
      body: await joinRequests.get(principalOf(request), request.params.id),
    }),
    answerJoinAgencyRequest: async (request) => ({
      status: 200,
      body: await joinRequests.answer(principalOf(request), request.params.id, request.body.answer),
    }),
    deleteJoinAgencyRequest: async (request) => {
      await joinRequests.remove(principalOf(request), request.params.id);
      return noContent;
    },
  };
}
