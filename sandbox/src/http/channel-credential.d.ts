import type { FastifyRequest } from 'fastify';
export interface Channel {
    readonly credential: string;
    /** Set when the credential is bound to one airline. */
    readonly carrier?: string;
}
export declare function channelOf(authorization: string | undefined): Channel;
export declare function channelOfRequest(request: FastifyRequest): Channel;
