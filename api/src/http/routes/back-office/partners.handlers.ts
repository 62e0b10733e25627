// partners: agencies, their flags, supervisors and fees, and support users.
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';
import { listBody, pageOf } from '../../pagination.js';
import { principalOf } from '../../plugins/auth.js';
import { agencyLogoUrl } from '../../api-prefix.js';

type Handlers = Pick<
  ServiceHandlers,
  | 'listAgencies'
  | 'createAgency'
  | 'getAgency'
  | 'updateAgency'
  | 'deleteAgency'
  | 'duplicateAgency'
  | 'setAgencyProductionApi'
  | 'setAgencyCorporateNumber'
  | 'setAgencyGhostSegmentsRemarks'
  | 'getAgencyLogo'
  | 'setAgencyLogo'
  | 'deleteAgencyLogo'
  | 'listSupervisors'
  | 'createSupervisor'
  | 'getSupervisor'
  | 'updateSupervisor'
  | 'deleteSupervisor'
  | 'listSupports'
  | 'createSupport'
  | 'getSupport'
  | 'listAgencyTransactionFees'
  | 'getAgencyTransactionFee'
  | 'updateAgencyTransactionFee'
>;

export function partnerHandlers(ctx: Pick<AppContext, 'backOffice'>): Handlers {
  const { agencies, people, agencyLogo } = ctx.backOffice;
  return {
    getAgencyLogo: async (request, reply) => {
      const logo = await agencyLogo.read(principalOf(request), request.params.id);
      // Private: the image is the agency's; the URL's version changes with it, so a day is safe.
      reply
        .type(logo.contentType)
        .header('Cache-Control', 'private, max-age=86400')
        .header('X-Content-Type-Options', 'nosniff');
      return { status: 200, body: logo.content };
    },
    setAgencyLogo: async (request) => {
      const logo = await agencyLogo.set(principalOf(request), request.params.id, request.body);
      return {
        status: 200,
        body: {
          url: agencyLogoUrl(logo.agencyId, logo.updatedAt),
          content_type: logo.contentType,
          size: logo.size,
          updated_at: logo.updatedAt.toISOString(),
        },
      };
    },
    deleteAgencyLogo: async (request) => {
      await agencyLogo.remove(principalOf(request), request.params.id);
      return { status: 204, body: undefined };
    },
    listAgencies: async (request) => {
      const page = pageOf(request.query);
      const { gate, status, q, expand } = request.query;
      const { items, total } = await agencies.list({ gate, status, q }, page, expand);
      return { status: 200, body: listBody(items, total, page) };
    },
    createAgency: async (request) => ({ status: 201, body: await agencies.create(principalOf(request), request.body) }),
    getAgency: async (request) => ({
      status: 200,
      body: await agencies.get(principalOf(request), request.params.id, request.query.expand),
    }),
    updateAgency: async (request) => ({
      status: 200,
      body: await agencies.update(principalOf(request), request.params.id, request.body),
    }),
    deleteAgency: async (request) => {
      await agencies.archive(principalOf(request), request.params.id);
      return { status: 204, body: undefined };
    },
    duplicateAgency: async (request) => ({
      status: 201,
      body: await agencies.duplicate(principalOf(request), request.params.id),
    }),
    setAgencyProductionApi: async (request) => ({
      status: 200,
      body: await agencies.setFlag(principalOf(request), request.params.id, 'production_api_on', request.body.active),
    }),
    setAgencyCorporateNumber: async (request) => ({
      status: 200,
      body: await agencies.setFlag(principalOf(request), request.params.id, 'corporate_number_on', request.body.active),
    }),
    setAgencyGhostSegmentsRemarks: async (request) => ({
      status: 200,
      body: await agencies.setFlag(
        principalOf(request),
        request.params.id,
        'ghost_segments_remarks_on',
        request.body.active,
      ),
    }),
    listSupervisors: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await people.listSupervisors(principalOf(request), request.params.agency_id, page);
      return { status: 200, body: listBody(items, total, page) };
    },
    createSupervisor: async (request) => ({
      status: 201,
      body: await people.createSupervisor(principalOf(request), request.params.agency_id, request.body),
    }),
    getSupervisor: async (request) => ({
      status: 200,
      body: await people.getSupervisor(principalOf(request), request.params.agency_id, request.params.id),
    }),
    updateSupervisor: async (request) => ({
      status: 200,
      body: await people.updateSupervisor(
        principalOf(request),
        request.params.agency_id,
        request.params.id,
        request.body,
      ),
    }),
    deleteSupervisor: async (request) => {
      await people.deleteSupervisor(principalOf(request), request.params.agency_id, request.params.id);
      return { status: 204, body: undefined };
    },
    listSupports: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await people.listSupports(page);
      return { status: 200, body: listBody(items, total, page) };
    },
    createSupport: async (request) => ({
      status: 201,
      body: await people.createSupport(principalOf(request), request.body),
    }),
    getSupport: async (request) => ({ status: 200, body: await people.getSupport(request.params.id) }),
    listAgencyTransactionFees: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await agencies.listFees(principalOf(request), request.query.agency_id, page);
      return { status: 200, body: listBody(items, total, page) };
    },
    getAgencyTransactionFee: async (request) => ({
      status: 200,
      body: await agencies.getFee(principalOf(request), request.params.id),
    }),
    updateAgencyTransactionFee: async (request) => ({
      status: 200,
      body: await agencies.setFee(principalOf(request), request.params.id, request.body.amount),
    }),
  };
}
