// Turns a presented credential into a Principal: a bearer API token, or the console's session
// cookie with its CSRF token. Principals are cached a few seconds (finding the caller must not cost
// a database round trip per request); revocation and account changes drop them from the cache.
// The agency's production_api_on is never cached: an admin switching it off must stop live tokens
// on the very next request, on every API process, so a live token's request reads it each time
// (one primary-key read; test tokens and sessions do not pay it). Likewise every write by a user
// of an agency reads whether the account is suspended (`suspended`), so a cached principal never
// outlives a suspension for a write.
import { timingSafeEqual } from 'node:crypto';
import { findActiveTokenByHash, productionApiOn, touchTokens } from '../../db/api-tokens.repository.js';
import { accountSuspended } from '../../db/agency-users.repository.js';
import type { Db } from '../../db/database.js';
import { findLiveSession, touchSessions } from '../../db/sessions.repository.js';
import type { Clock } from '../clock.js';
import { heldPermissions, type BookingVisibility } from '../agency-users/agency-permissions.js';
import { DomainError } from '../errors.js';
import type { Principal } from '../principal.js';
import { hashToken, looksLikeToken } from './api-tokens.js';
import { PrincipalCache } from './principal-cache.js';
import { sessionIdOf, sessionPolicy } from './sessions.js';

export interface Authenticator {
  /** The principal behind a bearer token; throws `unauthenticated` when there is none. */
  bearer(token: string): Promise<Principal>;
  /** The principal behind a session cookie; the CSRF token must match the session's. */
  session(cookieToken: string, csrfToken: string | undefined): Promise<Principal>;
  /**
   * Whether the account has been suspended since its principal was cached: read from the database
   * on every write, so a suspension stops writes on every process the moment it commits.
   */
  suspended(accountId: string): Promise<boolean>;
  /** Forgets cached principals of an account whose role, state or credentials changed. */
  forgetAccount(accountId: string): void;
  forgetSession(sessionId: string): void;
  /** Writes the pending last-used times; called on a timer and at shutdown. */
  flush(): Promise<void>;
}

interface CachedSession {
  principal: Principal;
  csrf: Buffer;
  lastSeenAt: number;
  absoluteExpiresAt: number;
}

export function createAuthenticator(deps: { db: Db; clock: Clock; cacheTtlMs?: number }): Authenticator {
  const ttl = deps.cacheTtlMs ?? 5_000;
  const tokens = new PrincipalCache<Principal | null>(ttl);
  const sessions = new PrincipalCache<CachedSession | null>(ttl);
  const usedTokens = new Set<string>();
  const seenSessions = new Set<string>();

  async function loadSession(id: string): Promise<CachedSession | null> {
    const row = await findLiveSession(deps.db, id);
    if (!row) return null;
    return {
      principal: {
        accountId: row.account_id,
        userType: row.user_type,
        agencyId: row.agency_id,
        companyId: row.company_id,
        onboardingComplete: row.onboarding_state === 'complete',
        language: row.language,
        agencyPermissions: heldPermissions(row.user_type, row.agency_permissions),
        bookingVisibility: row.booking_visibility as BookingVisibility | null,
        via: { kind: 'session', sessionId: row.session_id },
      },
      csrf: Buffer.from(row.csrf_token),
      lastSeenAt: row.last_seen_at.getTime(),
      absoluteExpiresAt: row.absolute_expires_at.getTime(),
    };
  }

  return {
    async bearer(token) {
      if (!looksLikeToken(token)) throw new DomainError('unauthenticated', 'The API token is malformed.');
      const hash = hashToken(token);
      let principal = tokens.get(hash);
      if (principal === undefined) {
        const row = await findActiveTokenByHash(deps.db, hash);
        principal = row
          ? {
              accountId: row.account_id,
              userType: row.user_type,
              agencyId: row.agency_id,
              companyId: row.company_id,
              onboardingComplete: row.onboarding_state === 'complete',
              language: row.language,
              agencyPermissions: heldPermissions(row.user_type, row.agency_permissions),
              bookingVisibility: row.booking_visibility as BookingVisibility | null,
              via: { kind: 'token', tokenId: row.token_id, mode: row.mode, source: row.source },
            }
          : null;
        tokens.set(hash, principal, principal?.accountId);
      }
      if (!principal) throw new DomainError('unauthenticated', 'The API token is unknown or revoked.');
      if (principal.via.kind === 'token' && principal.via.mode === 'live') {
        if (!principal.agencyId || !(await productionApiOn(deps.db, principal.agencyId))) {
          throw new DomainError('production_api_off');
        }
      }
      if (principal.via.kind === 'token') usedTokens.add(principal.via.tokenId);
      return principal;
    },

    async session(cookieToken, csrfToken) {
      const id = sessionIdOf(cookieToken);
      let cached = sessions.get(id);
      if (cached === undefined) {
        cached = await loadSession(id);
        sessions.set(id, cached, cached?.principal.accountId);
      }
      const now = deps.clock.now().getTime();
      if (!cached || now >= cached.absoluteExpiresAt || now - cached.lastSeenAt >= sessionPolicy.idleMs) {
        throw new DomainError('unauthenticated', 'The session has ended; sign in again.');
      }
      const presented = Buffer.from(csrfToken ?? '');
      if (presented.length !== cached.csrf.length || !timingSafeEqual(presented, cached.csrf)) {
        throw new DomainError('csrf_token_invalid');
      }
      cached.lastSeenAt = now;
      seenSessions.add(id);
      return cached.principal;
    },

    suspended: (accountId) => accountSuspended(deps.db, accountId),
    forgetAccount(accountId) {
      tokens.deleteOwnedBy(accountId);
      sessions.deleteOwnedBy(accountId);
    },
    forgetSession(sessionId) {
      sessions.delete(sessionId);
    },

    async flush() {
      const now = deps.clock.now();
      const tokenIds = [...usedTokens];
      const sessionIds = [...seenSessions];
      usedTokens.clear();
      seenSessions.clear();
      await Promise.all([touchTokens(deps.db, tokenIds, now), touchSessions(deps.db, sessionIds, now)]);
    },
  };
}
