// Fare Watch: the agency's settings, opportunities (list, read, accept, decline), a booking's check
// log and opt-out, the savings per month, and the sandbox's "cheaper fare". Handlers only translate.
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';
import { listBody, pageOf } from '../../pagination.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<
  ServiceHandlers,
  | 'getFareWatchSettings'
  | 'updateFareWatchSettings'
  | 'listFareWatchOpportunities'
  | 'getFareWatchOpportunity'
  | 'acceptFareWatchOpportunity'
  | 'declineFareWatchOpportunity'
  | 'getBookingFareWatch'
  | 'updateBookingFareWatch'
  | 'cheaperFareSandboxBooking'
  | 'getFareWatchSavings'
>;

export function fareWatchHandlers(ctx: Pick<AppContext, 'fareWatch'>): Handlers {
  return {
    getFareWatchSettings: async (request) => ({
      status: 200,
      body: await ctx.fareWatch.getSettings(principalOf(request), request.query.agency_id),
    }),
    updateFareWatchSettings: async (request) => ({
      status: 200,
      body: await ctx.fareWatch.updateSettings(principalOf(request), request.query.agency_id, request.body),
    }),
    listFareWatchOpportunities: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await ctx.fareWatch.list(principalOf(request), {
        status: request.query.status,
        agencyId: request.query.agency_id,
        locator: request.query.locator,
        ...page,
      });
      return { status: 200, body: listBody(items, total, page) };
    },
    getFareWatchOpportunity: async (request) => ({
      status: 200,
      body: await ctx.fareWatch.get(principalOf(request), request.params.id),
    }),
    acceptFareWatchOpportunity: async (request) => ({
      status: 200,
      body: await ctx.fareWatch.accept(principalOf(request), request.params.id, request.body),
    }),
    declineFareWatchOpportunity: async (request) => ({
      status: 200,
      body: await ctx.fareWatch.decline(principalOf(request), request.params.id, request.body),
    }),
    getBookingFareWatch: async (request) => ({
      status: 200,
      body: await ctx.fareWatch.bookingWatch(principalOf(request), request.params.locator),
    }),
    updateBookingFareWatch: async (request) => ({
      status: 200,
      body: await ctx.fareWatch.setOptOut(principalOf(request), request.params.locator, request.body.opted_out),
    }),
    getFareWatchSavings: async (request) => ({
      status: 200,
      body: await ctx.fareWatch.savings(principalOf(request), {
        from: request.query.date_from,
        to: request.query.date_to,
      }),
    }),
    cheaperFareSandboxBooking: async (request) => ({
      status: 200,
      body: await ctx.fareWatch.sandboxCheaperFare(
        principalOf(request),
        request.params.locator,
        request.body.conditions,
      ),
    }),
  };
}
