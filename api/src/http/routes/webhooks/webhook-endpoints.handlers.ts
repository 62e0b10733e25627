// webhooks: an agency's endpoints, their secrets (answered at creation and rotation only), pings
// and test events, deliveries (by endpoint or event, and one sent again) and their attempts.
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';
import { listBody, pageOf } from '../../pagination.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<
  ServiceHandlers,
  | 'listWebhookEndpoints'
  | 'createWebhookEndpoint'
  | 'getWebhookEndpoint'
  | 'updateWebhookEndpoint'
  | 'deleteWebhookEndpoint'
  | 'pingWebhookEndpoint'
  | 'rotateWebhookSecret'
  | 'listWebhookDeliveries'
  | 'sendTestWebhookEvent'
  | 'listWebhookDeliveryStates'
  | 'resendWebhookDelivery'
>;

export function webhookEndpointHandlers(ctx: Pick<AppContext, 'webhookEndpoints'>): Handlers {
  const endpoints = ctx.webhookEndpoints;
  return {
    listWebhookEndpoints: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await endpoints.list(principalOf(request), page);
      return { status: 200, body: listBody(items, total, page) };
    },
    createWebhookEndpoint: async (request) => {
      const { url, events, description, live_mode } = request.body;
      const created = await endpoints.create(principalOf(request), { url, events, description, liveMode: live_mode });
      return { status: 201, body: created };
    },
    getWebhookEndpoint: async (request) => ({
      status: 200,
      body: await endpoints.get(principalOf(request), request.params.id),
    }),
    updateWebhookEndpoint: async (request) => ({
      status: 200,
      body: await endpoints.update(principalOf(request), request.params.id, request.body),
    }),
    deleteWebhookEndpoint: async (request) => {
      await endpoints.remove(principalOf(request), request.params.id);
      return { status: 204, body: undefined };
    },
    pingWebhookEndpoint: async (request) => ({
      status: 202,
      body: await endpoints.ping(principalOf(request), request.params.id),
    }),
    rotateWebhookSecret: async (request) => ({
      status: 200,
      body: await endpoints.rotateSecret(principalOf(request), request.params.id),
    }),
    listWebhookDeliveries: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await endpoints.attempts(principalOf(request), request.params.id, page);
      return { status: 200, body: listBody(items, total, page) };
    },
    sendTestWebhookEvent: async (request) => ({
      status: 202,
      body: await endpoints.sendTestEvent(principalOf(request), request.params.id, request.body.type),
    }),
    listWebhookDeliveryStates: async (request) => {
      const page = pageOf(request.query);
      const { endpoint_id, event_id } = request.query;
      const { items, total } = await endpoints.deliveryStates(
        principalOf(request),
        { endpointId: endpoint_id, eventId: event_id },
        page,
      );
      return { status: 200, body: listBody(items, total, page) };
    },
    resendWebhookDelivery: async (request) => ({
      status: 202,
      body: await endpoints.resendDelivery(principalOf(request), request.params.id),
    }),
  };
}
