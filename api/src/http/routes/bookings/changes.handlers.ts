// Booking changes: reprice, reshop, modify, comment, refund and flight change requests.
// Handlers only translate.
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<
  ServiceHandlers,
  | 'repriceBooking'
  | 'reshopBooking'
  | 'modifyBooking'
  | 'commentBooking'
  | 'createRefundRequest'
  | 'confirmRefundRequest'
  | 'createFlightsChangeRequest'
  | 'priceReshopOffer'
  | 'confirmFlightsChangeRequest'
>;

export function bookingChangeHandlers(ctx: Pick<AppContext, 'bookings'>): Handlers {
  return {
    repriceBooking: async (request) => ({
      status: 200,
      body: await ctx.bookings.reprice(principalOf(request), request.body.locator),
    }),
    reshopBooking: async (request) => ({
      status: 200,
      body: await ctx.bookings.reshop(principalOf(request), request.body),
    }),
    modifyBooking: async (request) => ({
      status: 200,
      body: await ctx.bookings.modify(principalOf(request), request.body),
    }),
    commentBooking: async (request) => ({
      status: 201,
      body: await ctx.bookings.comment(principalOf(request), request.body),
    }),
    createRefundRequest: async (request) => ({
      status: 201,
      body: await ctx.bookings.quoteRefund(principalOf(request), request.params.locator),
    }),
    confirmRefundRequest: async (request) => ({
      status: 200,
      body: await ctx.bookings.confirmRefund(principalOf(request), {
        locator: request.params.locator,
        refundRequestId: request.body.refund_request_id,
      }),
    }),
    createFlightsChangeRequest: async (request) => ({
      status: 201,
      body: await ctx.bookings.requestChange(principalOf(request), {
        locator: request.params.locator,
        journeys: request.body.journeys,
      }),
    }),
    priceReshopOffer: async (request) => ({
      status: 200,
      body: await ctx.bookings.priceChangeOffer(principalOf(request), {
        locator: request.params.locator,
        offerId: request.body.offer_id,
      }),
    }),
    confirmFlightsChangeRequest: async (request) => ({
      status: 200,
      body: await ctx.bookings.confirmChange(principalOf(request), {
        locator: request.params.locator,
        requestId: request.body.flights_change_request_id,
        offerId: request.body.offer_id,
      }),
    }),
  };
}
