// account: API tokens.
import type { AppContext } from '../../../context.js';
import type { ApiToken } from '../../../domain/auth/api-tokens.service.js';
import type { ServiceHandlers } from '../../contract.js';
import { setApiTokenCookie } from '../../cookies.js';
import type { components } from '../../generated/openapi.generated.js';
import { listBody, pageOf } from '../../pagination.js';
import { principalOf } from '../../plugins/auth.js';

type Handlers = Pick<ServiceHandlers, 'createApiToken' | 'listApiTokens' | 'revokeApiToken'>;

export function apiTokenHandlers(ctx: Pick<AppContext, 'apiTokens'>): Handlers {
  return {
    createApiToken: async (request, reply) => {
      const created = await ctx.apiTokens.create(principalOf(request), {
        mode: request.body.mode,
        source: request.body.source,
        name: request.body.name,
      });
      setApiTokenCookie(request, reply, created.token);
      return { status: 201, body: { ...tokenToWire(created), token: created.token, last_used_at: null } };
    },
    listApiTokens: async (request) => {
      const page = pageOf(request.query);
      const { items, total } = await ctx.apiTokens.list(principalOf(request), page, request.query.source);
      return { status: 200, body: listBody(items.map(tokenToWire), total, page) };
    },
    revokeApiToken: async (request) => {
      await ctx.apiTokens.revoke(principalOf(request), request.params.id);
      return { status: 204, body: undefined };
    },
  };
}

function tokenToWire(t: ApiToken): components['schemas']['ApiToken'] {
  return {
    id: t.id,
    prefix: t.prefix,
    mode: t.mode,
    source: t.source,
    name: t.name,
    created_at: t.createdAt.toISOString(),
    last_used_at: t.lastUsedAt ? t.lastUsedAt.toISOString() : null,
  };
}
