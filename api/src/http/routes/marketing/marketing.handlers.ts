// marketing: the public fare demo and demo requests, and the staff list of requests.
import type { AppContext } from '../../../context.js';
import type { DemoRequest } from '../../../domain/marketing/demo-requests.service.js';
import type { FareQuote } from '../../../domain/marketing/fare-demo.service.js';
import type { ServiceHandlers } from '../../contract.js';
import type { components } from '../../generated/openapi.generated.js';
import { listBody, pageOf } from '../../pagination.js';

type Handlers = Pick<ServiceHandlers, 'quoteDemoFare' | 'createDemoRequest' | 'listDemoRequests'>;

export function marketingHandlers(ctx: Pick<AppContext, 'fareDemo' | 'demoRequests' | 'publicLimits'>): Handlers {
  return {
    quoteDemoFare: async (request) => {
      await ctx.publicLimits.count('fare_quote', request.ip);
      return { status: 200, body: quoteToWire(await ctx.fareDemo.quote(request.body.entry)) };
    },
    createDemoRequest: async (request) => {
      await ctx.publicLimits.count('demo_request', request.ip);
      await ctx.demoRequests.create({ email: request.body.email, language: request.body.language ?? 'en' });
      return { status: 202, body: { status: 'accepted' } };
    },
    listDemoRequests: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await ctx.demoRequests.list(page);
      return { status: 200, body: listBody(items.map(demoRequestToWire), total, page) };
    },
  };
}

function quoteToWire(q: FareQuote): components['schemas']['DemoFareQuote'] {
  return {
    entry: q.entry,
    segments: q.segments,
    nuc_total: q.nucTotal,
    roe: q.roe,
    carrier: q.carrier,
    flights: q.flights,
    gds_fare: q.gdsFare,
    gds_surcharge: q.gdsSurcharge,
    gds_price: q.gdsPrice,
    our_price: q.ourPrice,
    saving: q.saving,
  };
}

function demoRequestToWire(r: DemoRequest): components['schemas']['DemoRequest'] {
  return { id: r.id, email: r.email, language: r.language, created_at: r.createdAt.toISOString() };
}
