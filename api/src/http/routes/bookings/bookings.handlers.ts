// bookings: book, read, list, issue, cancel/void, history, ancillaries and their EMD requests. Handlers only
// translate.
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';
import { listBody, pageOf } from '../../pagination.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<
  ServiceHandlers,
  | 'listBookings'
  | 'createBooking'
  | 'getBooking'
  | 'cancelBooking'
  | 'issueBooking'
  | 'listBookingHistory'
  | 'listBookingAncillaries'
  | 'addBookingAncillaries'
  | 'listEmdRequests'
  | 'retryEmdRequest'
>;

/** Server-Timing of a request that called the airline: the airline's share and the whole request, in ms. */
const serverTiming = (airlineMs: number, requestMs: number) =>
  `airline;dur=${airlineMs.toFixed(1)}, request;dur=${requestMs.toFixed(1)}`;

export function bookingHandlers(ctx: Pick<AppContext, 'bookings'>): Handlers {
  return {
    listBookings: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await ctx.bookings.list(principalOf(request), {
        status: request.query.status,
        q: request.query.q,
        agencyId: request.query.agency_id,
        companyId: request.query.company_id,
        from: request.query.date_from,
        to: request.query.date_to,
        ...page,
      });
      return { status: 200, body: listBody(items, total, page) };
    },
    createBooking: async (request, reply) => {
      const timing = { airlineMs: 0 };
      const body = await ctx.bookings.create(principalOf(request), request.body, timing);
      reply.header('server-timing', serverTiming(timing.airlineMs, reply.elapsedTime));
      return { status: 201, body };
    },
    getBooking: async (request) => ({
      status: 200,
      body: await ctx.bookings.get(principalOf(request), request.params.locator),
    }),
    cancelBooking: async (request) => ({
      status: 200,
      body: await ctx.bookings.cancel(principalOf(request), request.params.locator),
    }),
    issueBooking: async (request, reply) => {
      const timing = { airlineMs: 0 };
      const body = await ctx.bookings.issue(principalOf(request), request.body, timing);
      reply.header('server-timing', serverTiming(timing.airlineMs, reply.elapsedTime));
      return { status: 200, body };
    },
    listBookingHistory: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await ctx.bookings.history(principalOf(request), request.params.locator, page);
      return { status: 200, body: listBody(items, total, page) };
    },
    listBookingAncillaries: async (request) => ({
      status: 200,
      body: await ctx.bookings.ancillaries(principalOf(request), request.params.locator, request.query.type),
    }),
    addBookingAncillaries: async (request) => {
      const { booking, emdsFollow } = await ctx.bookings.addAncillaries(
        principalOf(request),
        request.params.locator,
        request.body.items,
      );
      return emdsFollow ? { status: 202, body: booking } : { status: 200, body: booking };
    },
    listEmdRequests: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await ctx.bookings.emdRequests(
        principalOf(request),
        {
          status: request.query.status,
          locator: request.query.locator,
          agencyId: request.query.agency_id,
          from: request.query.date_from,
          to: request.query.date_to,
        },
        page,
      );
      return { status: 200, body: listBody(items, total, page) };
    },
    retryEmdRequest: async (request) => ({
      status: 202,
      body: await ctx.bookings.retryEmdRequest(principalOf(request), request.params.locator, request.params.id),
    }),
  };
}
