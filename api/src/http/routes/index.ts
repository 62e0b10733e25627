// Routes come from the contract: fastify-openapi-glue registers every operation of the bundled
// spec with its request schemas; each operationId resolves to its handler with the hooks its
// security and Idempotency-Key parameter call for. The spec itself is served beside them.
import { readFileSync } from 'node:fs';
import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import fp from 'fastify-plugin';
import openapiGlue from 'fastify-openapi-glue';
import type { AppContext } from '../../context.js';
import { contractBundleFile } from '../../repository-root.js';
import type { OperationId, ServiceHandlers } from '../contract.js';
import { DomainError } from '../../domain/errors.js';
import { apiPrefix } from '../api-prefix.js';
import { permissions } from '../permissions.js';
import { serializerSchemaOf } from '../serializer-schema.js';
import type { SecurityRequirement } from '../plugins/auth.js';
import { accountHandlers } from './account/account.handlers.js';
import { apiTokenHandlers } from './account/api-token.handlers.js';
import { authHandlers } from './auth/auth.handlers.js';
import { healthHandlers } from './health/health.handlers.js';
import { mailHandlers } from './mail/mail.handlers.js';
import { flightHandlers } from './flights/flights.handlers.js';
import { referenceHandlers } from './reference/reference.handlers.js';
// marketing
import { marketingHandlers } from './marketing/marketing.handlers.js';
// landing: the neo-flights landing page
import { landingHandlers } from './landing/landing.handlers.js';
// users of an agency
import { agencyUserHandlers } from './agency-users/agency-users.handlers.js';
// back office
import { companyHandlers } from './back-office/companies.handlers.js';
import { ledgerHandlers } from './back-office/ledger.handlers.js';
import { partnerHandlers } from './back-office/partners.handlers.js';
import { airlineMessagesHandlers } from './back-office/airline-messages.handlers.js';
import { ticketingHandlers } from './back-office/ticketing.handlers.js';
import { salesHandlers } from './sales/sales.handlers.js';
import { accountingDocumentHandlers } from './sales/accounting-documents.handlers.js';
import { backOfficeConnectionHandlers } from './sales/back-office-connections.handlers.js';
// bookings
import { bookingHandlers } from './bookings/bookings.handlers.js';
import { bookingChangeHandlers } from './bookings/changes.handlers.js';
import { airlineNotificationHandlers } from './bookings/airline-notifications.handlers.js';
// events
import { eventStreamHandlers } from './events/event-stream.handlers.js';
import { eventHandlers } from './events/events.handlers.js';
// request logs
import { requestLogHandlers } from './request-logs/request-logs.handlers.js';
// notifications
import { notificationHandlers } from './notifications/notifications.handlers.js';
// schedule changes
import { scheduleChangeHandlers } from './schedule-changes/schedule-changes.handlers.js';
// support cases
import { supportCaseHandlers } from './support/support-cases.handlers.js';
// sandbox: the scenario catalogue and the agency's sandbox clock
import { sandboxHandlers } from './sandbox/sandbox.handlers.js';
// fare watch
import { fareWatchHandlers } from './fare-watch/fare-watch.handlers.js';
// webhooks
import { webhookEndpointHandlers } from './webhooks/webhook-endpoints.handlers.js';
// the admin assistant
import { assistantHandlers } from './assistant/assistant.handlers.js';

export { apiPrefix } from '../api-prefix.js';

interface Parameter {
  $ref?: string;
  name?: string;
  in?: string;
}
interface Operation {
  operationId: OperationId;
  security?: SecurityRequirement[];
  parameters?: Parameter[];
  /** The body is history kept as it was written (the event log): see `servedAsStored`. */
  'x-served-as-stored'?: boolean;
}
interface Spec {
  security?: SecurityRequirement[];
  paths: Record<string, Record<string, unknown>>;
  components?: {
    parameters?: Record<string, Parameter>;
    requestBodies?: Record<string, WithContent>;
    responses?: Record<string, WithContent>;
  };
}
interface WithContent {
  $ref?: string;
  content?: Record<string, unknown>;
}

export function loadSpec(): Spec {
  return JSON.parse(readFileSync(contractBundleFile, 'utf8')) as Spec;
}

/** Every operation of the contract by operationId, with what its hooks need to know. */
interface OperationHooks {
  security: SecurityRequirement[];
  idempotent: boolean;
  servedAsStored: boolean;
}

export function operationsOf(spec: Spec): Map<OperationId, OperationHooks> {
  const methods = new Set(['get', 'put', 'post', 'delete', 'patch']);
  const operations = new Map<OperationId, OperationHooks>();
  const resolve = (p: Parameter): Parameter =>
    p.$ref ? (spec.components?.parameters?.[p.$ref.split('/').pop()!] ?? p) : p;
  for (const item of Object.values(spec.paths)) {
    for (const [method, value] of Object.entries(item)) {
      if (!methods.has(method)) continue;
      const op = value as Operation;
      const parameters = (op.parameters ?? []).map(resolve);
      operations.set(op.operationId, {
        security: op.security ?? spec.security ?? [],
        idempotent: parameters.some((p) => p.in === 'header' && p.name?.toLowerCase() === 'idempotency-key'),
        servedAsStored: op['x-served-as-stored'] === true,
      });
    }
  }
  return operations;
}

/**
 * The media types only answers have (CSV, JSON Lines, the XLSX report): no request body is sent as
 * one. The glue warns at start about every media type of the contract that has no body parser,
 * answers' included; these get a parser that refuses them as any undeclared type is refused (415).
 */
export function answerOnlyMediaTypes(spec: Spec): string[] {
  const inRequests = new Set<string>();
  const inAnswers = new Set<string>();
  const typesOf = (part: WithContent | undefined, kind: 'requestBodies' | 'responses') => {
    const named = part?.$ref ? spec.components?.[kind]?.[part.$ref.split('/').pop()!] : part;
    return Object.keys(named?.content ?? {});
  };
  for (const item of Object.values(spec.paths))
    for (const value of Object.values(item)) {
      const op = value as { requestBody?: WithContent; responses?: Record<string, WithContent> };
      for (const type of typesOf(op.requestBody, 'requestBodies')) inRequests.add(type);
      for (const answer of Object.values(op.responses ?? {}))
        for (const type of typesOf(answer, 'responses')) inAnswers.add(type);
    }
  return [...inAnswers].filter((type) => !inRequests.has(type));
}

export function handlersFor(ctx: AppContext, closing: AbortSignal = new AbortController().signal): ServiceHandlers {
  return {
    ...healthHandlers(ctx),
    ...authHandlers(ctx),
    ...accountHandlers(ctx),
    ...apiTokenHandlers(ctx),
    ...mailHandlers(ctx),
    ...flightHandlers(ctx),
    ...referenceHandlers(),
    // marketing
    ...marketingHandlers(ctx),
    // landing: the neo-flights landing page
    ...landingHandlers(ctx),
    // back office
    ...agencyUserHandlers(ctx),
    ...partnerHandlers(ctx),
    ...companyHandlers(ctx),
    ...ledgerHandlers(ctx),
    ...ticketingHandlers(ctx),
    ...airlineMessagesHandlers(ctx),
    ...salesHandlers(ctx),
    ...accountingDocumentHandlers(ctx),
    ...backOfficeConnectionHandlers(ctx),
    // bookings
    ...bookingHandlers(ctx),
    ...eventHandlers(ctx),
    ...requestLogHandlers(ctx),
    ...eventStreamHandlers(ctx, closing),
    ...bookingChangeHandlers(ctx),
    ...airlineNotificationHandlers(ctx),
    // notifications
    ...notificationHandlers(ctx),
    // schedule changes
    ...scheduleChangeHandlers(ctx),
    // sandbox
    // support cases
    ...supportCaseHandlers(ctx),
    ...sandboxHandlers(ctx),
    // fare watch
    ...fareWatchHandlers(ctx),
    // webhooks
    ...webhookEndpointHandlers(ctx),
    ...assistantHandlers(ctx),
  };
}

type AnyHandler = (request: never, reply: never) => Promise<{ status: number; body: unknown }>;

/**
 * An operation marked `x-served-as-stored` answers history (an event keeps the resource as its GET
 * answered when the event happened): the body is written as it was kept, not through the response
 * schema of today, so an event from before a resource gained a field still answers instead of
 * failing the serializer. The contract still types it for the SDK.
 */
const servedAsStored = { serializerCompiler: () => (body: unknown) => JSON.stringify(body) };

/** Runs a typed handler and sends the status and body it chose. */
function answer(handler: AnyHandler) {
  return (request: FastifyRequest, reply: FastifyReply) =>
    handler(request as never, reply as never).then((result) => reply.code(result.status).send(result.body));
}

export default fp(
  async (app: FastifyInstance, opts: { ctx: AppContext }) => {
    const spec = loadSpec();
    const operations = operationsOf(spec);
    // Open event streams end when the server starts closing; otherwise closing would wait on them.
    const closing = new AbortController();
    app.addHook('preClose', async () => closing.abort());
    const handlers = handlersFor(opts.ctx, closing.signal) as Record<OperationId, AnyHandler>;
    for (const type of answerOnlyMediaTypes(spec))
      if (!app.hasContentTypeParser(type))
        app.addContentTypeParser(type, (_request, _body, done) =>
          done(new DomainError('unsupported_media_type'), undefined),
        );

    // Answers are serialized from their schemas with "X or null" in the form that needs no validator.
    app.addHook('onRoute', (route) => {
      if (route.schema?.response)
        route.schema = { ...route.schema, response: serializerSchemaOf(route.schema.response) };
    });
    await app.register(openapiGlue, {
      specification: spec,
      prefix: apiPrefix,
      operationResolver: (operationId: string) => {
        const id = operationId as OperationId;
        const operation = operations.get(id);
        const handler = handlers[id];
        if (!operation || !handler) throw new Error(`operation ${operationId} has no handler`);
        const onRequest = app.guard(operation.security, permissions[id]);
        // The glue adds method, url and schema; these options add hooks and the handler.
        return {
          ...(onRequest ? { onRequest } : {}),
          ...(operation.idempotent ? { preHandler: app.idempotent.preHandler, onSend: app.idempotent.onSend } : {}),
          ...(operation.servedAsStored ? servedAsStored : {}),
          handler: answer(handler),
        } as unknown as RouteOptions;
      },
    });

    const specJson = JSON.stringify(spec);
    app.get(`${apiPrefix}/openapi.json`, async (_request, reply) => reply.type('application/json').send(specJson));
    // Orchestrators probe the bare paths; they answer exactly as the contract's operations do.
    app.get('/healthz', answer(handlers.getHealth));
    app.get('/readyz', answer(handlers.getReadiness));
  },
  { name: 'routes', dependencies: ['auth', 'idempotency', 'validation'] },
);
