// The airlines' error codes and the refusal kind of the port each one means: one table for every
// adapter (NDC JSON and NDC 21.3 XML), since the sandbox airlines answer both wires with these codes.
// A real airline's codes are added here.
import type { ProviderErrorKind } from './airline-provider.js';

export const kindOfAirlineCode: Readonly<Record<string, ProviderErrorKind>> = {
  CREDENTIAL_MISSING: 'credential_refused',
  CREDENTIAL_REFUSED: 'credential_refused',
  INVALID_REQUEST: 'invalid_request',
  UNKNOWN_LOCATION: 'invalid_request',
  INVALID_ITINERARY: 'invalid_request',
  OFFER_NOT_FOUND: 'offer_not_found',
  OFFER_EXPIRED: 'offer_expired',
  SEARCH_TIMEOUT: 'timeout',
  PAX_MISMATCH: 'passenger_mismatch',
  PAX_DATA_REQUIRED: 'passenger_data_required',
  SERVICE_NOT_FOUND: 'service_not_found',
  ORDER_NOT_FOUND: 'order_not_found',
  ORDER_MISMATCH: 'order_mismatch',
  REFUND_QUOTE_NOT_FOUND: 'refund_quote_not_found',
  RESHOP_OFFER_NOT_FOUND: 'reshop_offer_not_found',
  PRICE_CHANGED: 'price_changed',
  SOLD_OUT: 'sold_out',
  ORDER_EXPIRED: 'order_expired',
  ORDER_CLOSED: 'order_closed',
  ORDER_ALREADY_ISSUED: 'already_issued',
  ORDER_NOT_ISSUED: 'not_issued',
  PAYMENT_AMOUNT_MISMATCH: 'payment_mismatch',
  VOID_WINDOW_CLOSED: 'void_window_closed',
  CHANGE_NOT_ALLOWED: 'change_not_allowed',
  SEAT_UNAVAILABLE: 'seat_unavailable',
  REFUND_QUOTE_EXPIRED: 'refund_quote_expired',
  RESHOP_OFFER_EXPIRED: 'reshop_offer_expired',
  TICKETING_FAILED: 'ticketing_failed',
  // A declined card is a definite refusal to ticket: nothing was charged or issued.
  CARD_NOT_ACCEPTED: 'ticketing_failed',
  REISSUE_FAILED: 'reissue_failed',
  CHANGE_NOT_FOUND: 'change_not_found',
};
