// Back-office connections: an agency's (supervisors; staff name the agency), their test, deliveries,
// resend, backfill and the next batch's preview. Handlers only translate.
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';
import { listBody, pageOf } from '../../pagination.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<
  ServiceHandlers,
  | 'listBackOfficeConnections'
  | 'createBackOfficeConnection'
  | 'getBackOfficeConnection'
  | 'updateBackOfficeConnection'
  | 'deleteBackOfficeConnection'
  | 'testBackOfficeConnection'
  | 'listBackOfficeDeliveries'
  | 'resendBackOfficeDelivery'
  | 'backfillBackOfficeConnection'
  | 'previewBackOfficeBatch'
>;

export function backOfficeConnectionHandlers(ctx: Pick<AppContext, 'backOfficeConnections'>): Handlers {
  const connections = ctx.backOfficeConnections;
  return {
    listBackOfficeConnections: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await connections.list(principalOf(request), request.query.agency_id, page);
      return { status: 200, body: listBody(items, total, page) };
    },
    createBackOfficeConnection: async (request) => ({
      status: 201,
      body: await connections.create(principalOf(request), request.query.agency_id, request.body),
    }),
    getBackOfficeConnection: async (request) => ({
      status: 200,
      body: await connections.get(principalOf(request), request.params.id),
    }),
    updateBackOfficeConnection: async (request) => ({
      status: 200,
      body: await connections.update(principalOf(request), request.params.id, request.body),
    }),
    deleteBackOfficeConnection: async (request) => {
      await connections.remove(principalOf(request), request.params.id);
      return { status: 204, body: undefined };
    },
    testBackOfficeConnection: async (request) => ({
      status: 200,
      body: await connections.test(principalOf(request), request.params.id),
    }),
    listBackOfficeDeliveries: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await connections.deliveries(principalOf(request), request.params.id, page);
      return { status: 200, body: listBody(items, total, page) };
    },
    resendBackOfficeDelivery: async (request) => ({
      status: 202,
      body: await connections.resend(principalOf(request), request.params.id, request.params.delivery_id),
    }),
    backfillBackOfficeConnection: async (request) => ({
      status: 202,
      body: await connections.backfill(principalOf(request), request.params.id, request.body),
    }),
    previewBackOfficeBatch: async (request) => ({
      status: 200,
      body: await connections.preview(principalOf(request), request.params.id),
    }),
  };
}
