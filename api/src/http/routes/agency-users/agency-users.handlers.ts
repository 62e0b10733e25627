// users: an agency's users, their access, suspension, and invites.
import type { AppContext } from '../../../context.js';
import type { ServiceHandlers } from '../../contract.js';
import { listBody, pageOf } from '../../pagination.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<
  ServiceHandlers,
  | 'listAgencyUsers'
  | 'getAgencyUser'
  | 'updateAgencyUser'
  | 'suspendAgencyUser'
  | 'reactivateAgencyUser'
  | 'listAgencyInvites'
  | 'createAgencyInvite'
  | 'acceptAgencyInvite'
>;

export function agencyUserHandlers(ctx: Pick<AppContext, 'agencyUsers' | 'agencyInvites'>): Handlers {
  const { agencyUsers: users, agencyInvites: invites } = ctx;
  return {
    listAgencyUsers: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await users.list(principalOf(request), request.query.agency_id, page);
      return { status: 200, body: listBody(items, total, page) };
    },
    getAgencyUser: async (request) => ({
      status: 200,
      body: await users.get(principalOf(request), request.params.id),
    }),
    updateAgencyUser: async (request) => ({
      status: 200,
      body: await users.update(principalOf(request), request.params.id, request.body),
    }),
    suspendAgencyUser: async (request) => ({
      status: 200,
      body: await users.suspend(principalOf(request), request.params.id),
    }),
    reactivateAgencyUser: async (request) => ({
      status: 200,
      body: await users.reactivate(principalOf(request), request.params.id),
    }),
    listAgencyInvites: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await invites.list(principalOf(request), request.query.agency_id, page);
      return { status: 200, body: listBody(items, total, page) };
    },
    createAgencyInvite: async (request) => ({
      status: 201,
      body: await invites.create(principalOf(request), undefined, request.body),
    }),
    acceptAgencyInvite: async (request) => ({ status: 201, body: await invites.accept(request.body.token) }),
  };
}
