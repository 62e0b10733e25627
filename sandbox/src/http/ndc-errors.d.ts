import type { FastifyInstance } from 'fastify';
import type { NdcErrors } from '../messages/common.schema.js';
export declare const ndcErrorCodes: {
    readonly CREDENTIAL_MISSING: {
        readonly status: 401;
        readonly typeCode: "AUTH";
        readonly text: "No channel credential: send Authorization: Bearer <credential>.";
    };
    readonly CREDENTIAL_REFUSED: {
        readonly status: 401;
        readonly typeCode: "AUTH";
        readonly text: "The channel credential was refused by the airline.";
    };
    readonly INVALID_REQUEST: {
        readonly status: 400;
        readonly typeCode: "SYNTAX";
        readonly text: "The message does not match its schema.";
    };
    readonly UNKNOWN_LOCATION: {
        readonly status: 400;
        readonly typeCode: "DATA";
        readonly text: "The airport is not served by the sandbox airlines.";
    };
    readonly INVALID_ITINERARY: {
        readonly status: 400;
        readonly typeCode: "DATA";
        readonly text: "The itinerary cannot be shopped.";
    };
    readonly OFFER_NOT_FOUND: {
        readonly status: 404;
        readonly typeCode: "DATA";
        readonly text: "The offer is unknown to the airline.";
    };
    readonly OFFER_EXPIRED: {
        readonly status: 410;
        readonly typeCode: "DATA";
        readonly text: "The offer has expired; shop again.";
    };
    readonly SEARCH_TIMEOUT: {
        readonly status: 504;
        readonly typeCode: "SYSTEM";
        readonly text: "The airline did not answer in time.";
    };
    readonly INTERNAL: {
        readonly status: 500;
        readonly typeCode: "SYSTEM";
        readonly text: "The airline could not process the message.";
    };
};
export type NdcErrorCode = keyof typeof ndcErrorCodes;
export declare class NdcFailure extends Error {
    readonly code: NdcErrorCode;
    readonly detail?: string | undefined;
    readonly tag?: string | undefined;
    constructor(code: NdcErrorCode, detail?: string | undefined, tag?: string | undefined);
}
export declare function ndcErrorBody(code: NdcErrorCode, detail?: string, tag?: string): NdcErrors;
/** Every failure inside the NDC routes leaves as an Errors element; 5xx never describe internals. */
export declare function installNdcErrorHandler(app: FastifyInstance): void;
