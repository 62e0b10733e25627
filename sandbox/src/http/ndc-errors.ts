// The one registry of the sandbox's error answers. Airlines answer NDC failures with an Errors
// element (Code, TypeCode, DescText); the HTTP status is ours, so the adapter can branch on either.
import type { FastifyError, FastifyInstance } from 'fastify';
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
  INTERNAL: { status: 500, typeCode: 'SYSTEM', text: 'The airline could not process the message.' },
} as const;

export type NdcErrorCode = keyof typeof ndcErrorCodes;

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
  app.setErrorHandler((error: FastifyError | NdcFailure, request, reply) => {
    if (error instanceof NdcFailure) {
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
