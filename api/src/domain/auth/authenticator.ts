// Turns a presented credential into a Principal. Bearer API tokens now; the session cookie joins
// when sign-in lands (accounts issue).
import type { Db } from '../../db/database.js';
import { findActiveTokenByHash, touchTokens } from '../../db/api-tokens.repository.js';
import type { Clock } from '../clock.js';
import { DomainError } from '../errors.js';
import type { Principal } from '../principal.js';
import { hashToken, looksLikeToken } from './api-tokens.js';
import { PrincipalCache } from './principal-cache.js';

export interface Authenticator {
  /** The principal behind a bearer token; throws `unauthenticated` when there is none. */
  bearer(token: string): Promise<Principal>;
  /** Writes the pending last-used times; called on a timer and at shutdown. */
  flush(): Promise<void>;
}

export function createAuthenticator(deps: { db: Db; clock: Clock; cacheTtlMs?: number }): Authenticator {
  const cache = new PrincipalCache(deps.cacheTtlMs ?? 5_000);
  const used = new Set<string>();

  return {
    async bearer(token) {
      if (!looksLikeToken(token)) throw new DomainError('unauthenticated', 'The API token is malformed.');
      const hash = hashToken(token);
      let principal = cache.get(hash);
      if (principal === undefined) {
        const row = await findActiveTokenByHash(deps.db, hash);
        principal = row
          ? {
              accountId: row.account_id,
              userType: row.user_type,
              agencyId: row.agency_id,
              companyId: row.company_id,
              via: { kind: 'token', tokenId: row.token_id, mode: row.mode },
            }
          : null;
        cache.set(hash, principal);
      }
      if (!principal) throw new DomainError('unauthenticated', 'The API token is unknown or revoked.');
      if (principal.via.kind === 'token') used.add(principal.via.tokenId);
      return principal;
    },
    async flush() {
      const ids = [...used];
      used.clear();
      await touchTokens(deps.db, ids, deps.clock.now());
    },
  };
}
