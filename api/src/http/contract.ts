// Handler types derived from the contract: every operationId needs a handler (a missing one fails
// `tsc`), each handler gets typed params, query, headers and body, and may only answer a status and
// body that the contract lists for that operation.
import type { Readable } from 'node:stream';
import type { FastifyReply, FastifyRequest } from 'fastify';
import type { operations } from './generated/openapi.generated.js';

// A response with a non-JSON body (a file such as the XLSX sales report) answers a stream or bytes;
// one that offers JSON and other types by `Accept` (CSV, JSON Lines) answers either.
type Json<C> = C extends { content: infer T }
  ? T extends { 'application/json': infer B }
    ? [Exclude<keyof T, 'application/json'>] extends [never]
      ? B
      : B | Readable | Buffer
    : Readable | Buffer
  : undefined;
type RequestBody<O> = O extends { requestBody: infer RB } ? Json<NonNullable<RB>> : undefined;
type Reply<O> = O extends { responses: infer R }
  ? { [S in keyof R]: S extends number ? { status: S; body: Json<R[S]> } : never }[keyof R]
  : never;
type Part<O, K extends string> = O extends { parameters: infer P }
  ? P extends { [k in K]?: infer X }
    ? [NonNullable<X>] extends [never]
      ? unknown
      : NonNullable<X>
    : unknown
  : unknown;

export type OperationId = keyof operations;

export type Handler<K extends OperationId> = (
  request: FastifyRequest<{
    Params: Part<operations[K], 'path'>;
    Querystring: Part<operations[K], 'query'>;
    Headers: Part<operations[K], 'header'>;
    Body: RequestBody<operations[K]>;
  }>,
  reply: FastifyReply,
) => Promise<Reply<operations[K]>>;

export type ServiceHandlers = { [K in OperationId]: Handler<K> };
