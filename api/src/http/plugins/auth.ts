// Authentication and authorisation by the contract: each operation's `security` (bearer token, or
// session cookie plus CSRF header) is checked in onRequest, before the body is even validated; then
// the permission matrix decides whether this role may call it, and whether onboarding must be
// complete. The caller is left on request.principal for the handlers.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Authenticator } from '../../domain/auth/authenticator.js';
import { DomainError } from '../../domain/errors.js';
import { suspendableAccount, suspendedRefusal } from '../../domain/auth/suspension.js';
import type { Principal } from '../../domain/principal.js';
import { cookieOf, sessionCookie, type CookieSecure } from '../cookies.js';
import { mayCall, type Permission } from '../permissions.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    /** When the console's cookies carry Secure (COOKIE_SECURE); read by cookies.ts. */
    cookieSecure: CookieSecure;
    guard(security: SecurityRequirement[], permission: Permission): onRequestAsyncHookHandler | undefined;
  }
}

const readOnly = new Set(['GET', 'HEAD', 'OPTIONS']);

export type SecurityRequirement = Record<string, string[]>;

interface Scheme {
  presented(request: FastifyRequest): boolean;
  check(request: FastifyRequest): Promise<Principal | null>;
}

/** The caller of an authenticated operation; handlers of such operations may rely on it. */
export function principalOf(request: FastifyRequest): Principal {
  if (!request.principal) throw new DomainError('unauthenticated');
  return request.principal;
}

export default fp(
  async (app: FastifyInstance, opts: { authenticator: Authenticator; cookieSecure?: CookieSecure }) => {
    app.decorate('cookieSecure', opts.cookieSecure ?? 'auto');
    const schemes: Record<string, Scheme> = {
      bearerAuth: {
        presented: (request) => request.headers.authorization !== undefined,
        check: async (request) => {
          const [kind, token] = (request.headers.authorization ?? '').split(' ');
          if (kind?.toLowerCase() !== 'bearer' || !token) {
            throw new DomainError('unauthenticated', 'Send an API token as Authorization: Bearer <token>.');
          }
          return opts.authenticator.bearer(token);
        },
      },
      sessionCookie: {
        presented: (request) => cookieOf(request, sessionCookie) !== undefined,
        check: async (request) => {
          const cookie = cookieOf(request, sessionCookie);
          if (!cookie) throw new DomainError('unauthenticated', 'Sign in first.');
          const csrf = request.headers['x-csrf-token'];
          return opts.authenticator.session(cookie, typeof csrf === 'string' ? csrf : undefined);
        },
      },
      // Checked together with the session (the token is the session's), so nothing to do alone.
      csrfToken: { presented: () => false, check: async () => null },
    };

    async function authenticate(request: FastifyRequest, security: SecurityRequirement[]): Promise<Principal> {
      // Only the ways in whose credential was sent are tried (checking an absent one would build an
      // error on every call); the first presented credential that fails says why.
      let failure: Error | undefined;
      for (const requirement of security) {
        const names = Object.keys(requirement);
        if (!names.some((name) => schemes[name]?.presented(request))) continue;
        try {
          let principal: Principal | null = null;
          for (const name of names) {
            const scheme = schemes[name];
            if (!scheme) throw new Error(`no check for security scheme ${name}`);
            principal = (await scheme.check(request)) ?? principal;
          }
          if (principal) return principal;
        } catch (error) {
          failure ??= error instanceof Error ? error : new Error(String(error));
        }
      }
      throw (
        failure ?? new DomainError('unauthenticated', 'Send an API token as Authorization: Bearer <token>, or sign in.')
      );
    }

    app.decorateRequest('principal', null);
    app.decorate('guard', (security: SecurityRequirement[], permission: Permission) => {
      if (security.length === 0 || permission.allow === 'public') return undefined;
      return async (request: FastifyRequest) => {
        const principal = await authenticate(request, security);
        // Known before any refusal, so the refusal is written in the caller's language.
        request.principal = principal;
        if (!mayCall(permission, principal.userType, principal.agencyPermissions))
          throw new DomainError('forbidden', 'Your role may not do this.');
        if (!principal.onboardingComplete && !permission.beforeOnboarding) throw new DomainError('onboarding_required');
        // Reads may ride the few seconds a cached principal lives; a write never does. An operation
        // whose first read answers the suspension refuses a suspended caller itself, unless the
        // request carries an Idempotency-Key: its key is claimed (a write) before the handler runs.
        const account = suspendableAccount(principal);
        if (
          account &&
          !readOnly.has(request.method) &&
          (!permission.checksSuspension || request.headers['idempotency-key'] !== undefined) &&
          (await opts.authenticator.suspended(account))
        )
          throw suspendedRefusal();
      };
    });
  },
  { name: 'auth' },
);
