// A developer's API tokens: created (the plain token answered once), listed, revoked. Live tokens
// need the agency's production API switched on, and only a live credential may create one: a test
// token can never reach live mode. The browser extension's credential is a token whose source is
// `extension`: made, listed and revoked the same way, of the agent's mode.
import { findAgencyFacts } from '../../db/agencies.repository.js';
import * as tokens from '../../db/api-tokens.repository.js';
import type { Db } from '../../db/database.js';
import type { Clock } from '../clock.js';
import { DomainError, notFound } from '../errors.js';
import { newId } from '../ids.js';
import type { Principal } from '../principal.js';
import { generateToken, type TokenMode } from './api-tokens.js';
import type { Authenticator } from './authenticator.js';

export type TokenSource = 'api' | 'extension';

export interface ApiToken {
  id: string;
  prefix: string;
  mode: TokenMode;
  source: TokenSource;
  name: string | null;
  createdAt: Date;
  lastUsedAt: Date | null;
}

export interface ApiTokensService {
  create(
    principal: Principal,
    request: { mode: TokenMode; source?: TokenSource; name?: string },
  ): Promise<ApiToken & { token: string }>;
  list(
    principal: Principal,
    page: { page: number; perPage: number },
    source?: TokenSource,
  ): Promise<{ items: ApiToken[]; total: number }>;
  revoke(principal: Principal, id: string): Promise<void>;
}

export function createApiTokensService(deps: { db: Db; clock: Clock; auth: Authenticator }): ApiTokensService {
  const { db } = deps;
  return {
    async create(principal, request) {
      if (request.mode === 'live') {
        if (principal.via.kind === 'token' && principal.via.mode === 'test') {
          throw new DomainError('forbidden', 'A test token cannot create live tokens.');
        }
        const agency = principal.agencyId ? await findAgencyFacts(db, principal.agencyId) : undefined;
        if (!agency?.production_api_on) throw new DomainError('live_mode_unavailable');
      }
      const generated = generateToken(request.mode);
      const row = await tokens.insertToken(db, {
        id: newId('tok'),
        account_id: principal.accountId,
        prefix: generated.prefix,
        token_hash: generated.hash,
        mode: request.mode,
        source: request.source ?? 'api',
        name: request.name ?? null,
      });
      return { ...toToken(row), token: generated.token };
    },
    async list(principal, page, source) {
      const { rows, total } = await tokens.listTokens(db, principal.accountId, page, source);
      return { items: rows.map(toToken), total };
    },
    async revoke(principal, id) {
      if (!(await tokens.revokeToken(db, principal.accountId, id, deps.clock.now()))) throw notFound('API token');
      // This instance stops honouring it at once; others within the principal cache's few seconds.
      deps.auth.forgetAccount(principal.accountId);
    },
  };
}

function toToken(row: tokens.TokenRow): ApiToken {
  return {
    id: row.id,
    prefix: row.prefix,
    mode: row.mode,
    source: row.source,
    name: row.name,
    createdAt: row.created_at,
    lastUsedAt: row.last_used_at,
  };
}
