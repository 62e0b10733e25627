// How the order half says no. The engine throws these (it knows no HTTP); http/ndc-errors.ts maps
// each code to its status and text, the way an airline's Errors element carries a code and a text.
export type OrderErrorCode =
  | 'PAX_DATA_REQUIRED'
  | 'ORDER_NOT_FOUND'
  | 'ORDER_MISMATCH'
  | 'PRICE_CHANGED'
  | 'SOLD_OUT'
  | 'ORDER_EXPIRED'
  | 'ORDER_CLOSED'
  | 'ORDER_ALREADY_ISSUED'
  | 'ORDER_NOT_ISSUED'
  | 'PAYMENT_AMOUNT_MISMATCH'
  | 'CARD_NOT_ACCEPTED'
  | 'TICKETING_FAILED'
  | 'VOID_WINDOW_CLOSED'
  | 'REFUND_QUOTE_NOT_FOUND'
  | 'REFUND_QUOTE_EXPIRED'
  | 'CHANGE_NOT_ALLOWED'
  | 'RESHOP_OFFER_NOT_FOUND'
  | 'RESHOP_OFFER_EXPIRED'
  | 'REISSUE_FAILED'
  | 'SERVICE_NOT_FOUND'
  | 'SEAT_UNAVAILABLE'
  | 'PAX_MISMATCH'
  | 'CHANGE_NOT_FOUND';

export class AirlineRefusal extends Error {
  constructor(
    readonly code: OrderErrorCode,
    readonly detail?: string,
    readonly tag?: string,
  ) {
    super(detail ?? code);
  }
}
