// The one registry of the sandbox's error answers. Airlines answer NDC failures with an Errors
// element (Code, TypeCode, DescText); the HTTP status is ours, so the adapter can branch on either.
import type { FastifyError, FastifyInstance } from 'fastify';
import { AirlineRefusal, type OrderErrorCode } from '../engine/airline-refusal.js';
import type { NdcErrors } from '../messages/common.schema.js';

export const ndcErrorCodes = {
  CREDENTIAL_MISSING: {
    status: 401,
    typeCode: 'AUTH',
    text: 'No channel credential: send Authorization: Bearer <credential>.',
  },
  CREDENTIAL_REFUSED: { status: 401, typeCode: 'AUTH', text: 'The channel credential was refused by the airline.' },
  INVALID_REQUEST: { status: 400, typeCode: 'SYNTAX', text: 'The message does not match its schema.' },
  UNKNOWN_LOCATION: { status: 400, typeCode: 'DATA', text: 'The airport is not served by the sandbox airlines.' },
  INVALID_ITINERARY: { status: 400, typeCode: 'DATA', text: 'The itinerary cannot be shopped.' },
  OFFER_NOT_FOUND: { status: 404, typeCode: 'DATA', text: 'The offer is unknown to the airline.' },
  OFFER_EXPIRED: { status: 410, typeCode: 'DATA', text: 'The offer has expired; shop again.' },
  SEARCH_TIMEOUT: { status: 504, typeCode: 'SYSTEM', text: 'The airline did not answer in time.' },
  // The order half (engine/airline-refusal.ts throws these codes).
  ORDER_NOT_FOUND: { status: 404, typeCode: 'DATA', text: 'The airline has no such order for this channel.' },
  ORDER_MISMATCH: { status: 409, typeCode: 'DATA', text: 'The order was made for another booking reference.' },
  PRICE_CHANGED: { status: 409, typeCode: 'DATA', text: 'The offer price changed; price it again with OfferPrice.' },
  SOLD_OUT: { status: 409, typeCode: 'DATA', text: 'The booking class is sold out.' },
  ORDER_EXPIRED: { status: 409, typeCode: 'DATA', text: 'The payment time limit has passed; the order expired.' },
  ORDER_CLOSED: { status: 409, typeCode: 'DATA', text: 'The order is no longer active.' },
  ORDER_ALREADY_ISSUED: { status: 409, typeCode: 'DATA', text: 'Tickets are issued: void or refund instead.' },
  ORDER_NOT_ISSUED: { status: 409, typeCode: 'DATA', text: 'The order has no tickets yet.' },
  PAYMENT_AMOUNT_MISMATCH: { status: 409, typeCode: 'DATA', text: 'The payment amount differs from the amount due.' },
  CARD_NOT_ACCEPTED: {
    status: 422,
    typeCode: 'DATA',
    text: 'The card is not accepted: unknown card code, or a number not of that brand.',
  },
  TICKETING_FAILED: { status: 422, typeCode: 'AIRLINE', text: 'The airline could not issue the tickets.' },
  VOID_WINDOW_CLOSED: { status: 409, typeCode: 'DATA', text: 'The void window has closed; request a refund.' },
  REFUND_QUOTE_NOT_FOUND: { status: 404, typeCode: 'DATA', text: 'No such refund quote for this order.' },
  REFUND_QUOTE_EXPIRED: { status: 410, typeCode: 'DATA', text: 'The refund quote has expired; quote again.' },
  CHANGE_NOT_ALLOWED: { status: 409, typeCode: 'DATA', text: 'The fare does not allow changes.' },
  RESHOP_OFFER_NOT_FOUND: { status: 404, typeCode: 'DATA', text: 'No such reshop offer for this order.' },
  RESHOP_OFFER_EXPIRED: { status: 410, typeCode: 'DATA', text: 'The reshop offer has expired; reshop again.' },
  REISSUE_FAILED: { status: 422, typeCode: 'AIRLINE', text: 'The airline could not reissue the tickets.' },
  SERVICE_NOT_FOUND: { status: 400, typeCode: 'DATA', text: 'The service is not offered for this order.' },
  SEAT_UNAVAILABLE: { status: 409, typeCode: 'DATA', text: 'The seat is not available.' },
  PAX_MISMATCH: { status: 400, typeCode: 'DATA', text: 'The passengers do not match the offer.' },
  PAX_DATA_REQUIRED: {
    status: 400,
    typeCode: 'DATA',
    text: "The flight needs each passenger's gender and a travel document valid through the last flight.",
  },
  CHANGE_NOT_FOUND: { status: 404, typeCode: 'DATA', text: 'The order has no such airline change.' },
  INTERNAL: { status: 500, typeCode: 'SYSTEM', text: 'The airline could not process the message.' },
} as const;

export type NdcErrorCode = keyof typeof ndcErrorCodes;
// Every code the engine may refuse with has an entry above (a type error otherwise).
const _everyRefusalMapped: Record<OrderErrorCode, unknown> = ndcErrorCodes;
void _everyRefusalMapped;

export class NdcFailure extends Error {
  constructor(
    readonly code: NdcErrorCode,
    readonly detail?: string,
    readonly tag?: string,
  ) {
    super(detail ?? ndcErrorCodes[code].text);
  }
}

export function ndcErrorBody(code: NdcErrorCode, detail?: string, tag?: string): NdcErrors {
  const entry = ndcErrorCodes[code];
  return {
    Errors: {
      Error: [
        { Code: code, TypeCode: entry.typeCode, DescText: detail ?? entry.text, ...(tag ? { TagText: tag } : {}) },
      ],
    },
  };
}

/** Every failure inside the NDC routes leaves as an Errors element; 5xx never describe internals. */
export function installNdcErrorHandler(app: FastifyInstance): void {
  app.setErrorHandler((error: FastifyError | NdcFailure | AirlineRefusal, request, reply) => {
    if (error instanceof NdcFailure || error instanceof AirlineRefusal) {
      return reply.code(ndcErrorCodes[error.code].status).send(ndcErrorBody(error.code, error.detail, error.tag));
    }
    const status = error.statusCode ?? 500;
    if (status >= 400 && status < 500) {
      return reply.code(400).send(ndcErrorBody('INVALID_REQUEST', error.message));
    }
    request.log.error({ err: error }, 'sandbox failure');
    return reply.code(500).send(ndcErrorBody('INTERNAL'));
  });
}
