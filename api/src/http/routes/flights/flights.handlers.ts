// flights: search, stored results and their filters, fare details and ancillaries.
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../../context.js';
import type { Surface } from '../../../domain/channels/channel-state.js';
import type { ServiceHandlers } from '../../contract.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<
  ServiceHandlers,
  | 'searchOffers'
  | 'filterSearchResult'
  | 'getSearchResult'
  | 'removeSearchFilter'
  | 'getOfferDetails'
  | 'listOfferAncillaries'
>;

/**
 * Channels are switched per surface, and the surface is the credential's, never a header the caller
 * chooses: the console's session is the web, a developer's token the API, and the browser
 * extension's credential (a token whose source is `extension`) the extension.
 */
function surfaceOf(request: FastifyRequest): Surface {
  const principal = principalOf(request);
  return principal.via.kind === 'token' ? principal.via.source : 'web';
}

export function flightHandlers(ctx: Pick<AppContext, 'searches' | 'offerDetails'>): Handlers {
  return {
    searchOffers: async (request, reply) => {
      const { result, timing } = await ctx.searches.search(principalOf(request), surfaceOf(request), request.body);
      reply.header(
        'server-timing',
        `airlines;dur=${timing.airlinesMs.toFixed(1)}, total;dur=${timing.totalMs.toFixed(1)}, request;dur=${reply.elapsedTime.toFixed(1)}`,
      );
      return { status: 201, body: result };
    },
    filterSearchResult: async (request) => ({
      status: 200,
      body: await ctx.searches.filter(principalOf(request), request.body.search_result_id, request.body.filters),
    }),
    getSearchResult: async (request) => ({
      status: 200,
      body: await ctx.searches.get(principalOf(request), request.params.id),
    }),
    removeSearchFilter: async (request) => ({
      status: 200,
      body: await ctx.searches.removeFilter(principalOf(request), request.params.id, request.query.filter_key),
    }),
    getOfferDetails: async (request) => ({
      status: 200,
      body: await ctx.offerDetails.details(principalOf(request), request.params.id, request.query.search_result_id),
    }),
    listOfferAncillaries: async (request) => ({
      status: 200,
      body: await ctx.offerDetails.ancillaries(principalOf(request), request.params.id, request.query.type),
    }),
  };
}
