// ticketing: gates, source, agency and company channels, credit cards; and the audit log.
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';
import { listBody, pageOf } from '../../pagination.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<
  ServiceHandlers,
  | 'getTicketingGates'
  | 'setMainGate'
  | 'setAgencyGate'
  | 'setChannelGate'
  | 'setPartnerGate'
  | 'setCompanyGate'
  | 'listSourceChannels'
  | 'setSourceChannelSurface'
  | 'listAgencyChannels'
  | 'createAgencyChannel'
  | 'getAgencyChannel'
  | 'updateAgencyChannel'
  | 'deleteAgencyChannel'
  | 'addAgencyChannelCreditCard'
  | 'removeAgencyChannelCreditCard'
  | 'getAgencyChannelEndpoint'
  | 'setAgencyChannelEndpoint'
  | 'testAgencyChannelEndpoint'
  | 'listCompanyChannels'
  | 'getCompanyChannel'
  | 'updateCompanyChannel'
  | 'setCompanySharedBookings'
  | 'listCreditCards'
  | 'createCreditCard'
  | 'getCreditCard'
  | 'updateCreditCard'
  | 'deleteCreditCard'
  | 'listAuditEntries'
>;

const noContent = { status: 204 as const, body: undefined };

export function ticketingHandlers(ctx: Pick<AppContext, 'backOffice' | 'channelEndpoints'>): Handlers {
  const endpoints = ctx.channelEndpoints;
  const { gates, agencies, companies, agencyChannels, companyChannels, cards } = ctx.backOffice;
  return {
    getTicketingGates: async () => ({ status: 200, body: await gates.gates() }),
    setMainGate: async (request) => ({
      status: 200,
      body: await gates.setGate(principalOf(request), 'main', request.body.active),
    }),
    setAgencyGate: async (request) => ({
      status: 200,
      body: await gates.setGate(principalOf(request), 'agency', request.body.active),
    }),
    setChannelGate: async (request) => ({
      status: 200,
      body: await gates.setGate(principalOf(request), 'channel', request.body.active),
    }),
    setPartnerGate: async (request) => ({
      status: 200,
      body: await agencies.setGate(principalOf(request), request.params.id, request.body.active),
    }),
    setCompanyGate: async (request) => ({
      status: 200,
      body: await companies.setGate(principalOf(request), request.params.id, request.body.active),
    }),
    listSourceChannels: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await gates.listSources(page);
      return { status: 200, body: listBody(items, total, page) };
    },
    setSourceChannelSurface: async (request) => ({
      status: 200,
      body: await gates.setSurface(
        principalOf(request),
        request.params.channel,
        request.query.type,
        request.body.active,
      ),
    }),
    listAgencyChannels: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await agencyChannels.list(principalOf(request), request.query.agency_id, page);
      return { status: 200, body: listBody(items, total, page) };
    },
    createAgencyChannel: async (request) => ({
      status: 201,
      body: await agencyChannels.create(principalOf(request), request.body),
    }),
    getAgencyChannel: async (request) => ({
      status: 200,
      body: await agencyChannels.get(principalOf(request), request.params.id),
    }),
    updateAgencyChannel: async (request) => ({
      status: 200,
      body: await agencyChannels.update(principalOf(request), request.params.id, request.body),
    }),
    deleteAgencyChannel: async (request) => {
      await agencyChannels.remove(principalOf(request), request.params.id);
      return noContent;
    },
    getAgencyChannelEndpoint: async (request) => ({
      status: 200,
      body: await endpoints.get(principalOf(request), request.params.id),
    }),
    setAgencyChannelEndpoint: async (request) => ({
      status: 200,
      body: await endpoints.set(principalOf(request), request.params.id, request.body),
    }),
    testAgencyChannelEndpoint: async (request) => ({
      status: 200,
      body: await endpoints.test(principalOf(request), request.params.id),
    }),
    addAgencyChannelCreditCard: async (request) => ({
      status: 201,
      body: await agencyChannels.addCard(principalOf(request), request.params.id, request.body),
    }),
    removeAgencyChannelCreditCard: async (request) => {
      await agencyChannels.removeCard(principalOf(request), request.params.id, request.params.credit_card_id);
      return noContent;
    },
    listCompanyChannels: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await companyChannels.list(principalOf(request), request.query.company_id, page);
      return { status: 200, body: listBody(items, total, page) };
    },
    getCompanyChannel: async (request) => ({
      status: 200,
      body: await companyChannels.get(principalOf(request), request.params.id),
    }),
    updateCompanyChannel: async (request) => ({
      status: 200,
      body: await companyChannels.set(principalOf(request), request.params.id, request.body.active),
    }),
    setCompanySharedBookings: async (request) => ({
      status: 200,
      body: await companies.setSharedBookings(principalOf(request), request.params.id, request.body.shared_bookings),
    }),
    listCreditCards: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await cards.list(principalOf(request), request.query.agency_id, page);
      return { status: 200, body: listBody(items, total, page) };
    },
    createCreditCard: async (request) => ({
      status: 201,
      body: await cards.create(principalOf(request), request.body),
    }),
    getCreditCard: async (request) => ({ status: 200, body: await cards.get(principalOf(request), request.params.id) }),
    updateCreditCard: async (request) => ({
      status: 200,
      body: await cards.update(principalOf(request), request.params.id, request.body),
    }),
    deleteCreditCard: async (request) => {
      await cards.remove(principalOf(request), request.params.id);
      return noContent;
    },
    listAuditEntries: async (request) => {
      const page = pageOf(request.query);
      const q = request.query;
      const { items, total } = await ctx.backOffice.auditLog({
        entityType: q.entity_type,
        entityId: q.entity_id,
        agencyId: q.agency_id,
        actorAccountId: q.actor_account_id,
        ...page,
      });
      return { status: 200, body: listBody(items, total, page) };
    },
  };
}
