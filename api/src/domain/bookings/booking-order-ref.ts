// How a booking names its airline order: the airline's locator and the booking's own id, which the
// airline was given at create. A locator alone is not enough: an airline that lost its orders hands
// the same one out again, and a call by locator alone would then ticket another booking's order.
import type { OrderRef } from '../../providers/airline-provider.js';

export const orderRefOf = (booking: { readonly id: string; readonly airline_locator: string }): OrderRef => ({
  orderId: booking.airline_locator,
  sellerReference: booking.id,
});
