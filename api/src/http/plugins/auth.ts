// Authentication by the contract: each operation's `security` (bearer token, or session cookie
// plus CSRF header) is checked in onRequest, before the body is even validated, and the caller is
// left on request.principal for the handlers.
import type { FastifyInstance, FastifyRequest, onRequestAsyncHookHandler } from 'fastify';
import fp from 'fastify-plugin';
import type { Authenticator } from '../../domain/auth/authenticator.js';
import { DomainError } from '../../domain/errors.js';
import type { Principal } from '../../domain/principal.js';

declare module 'fastify' {
  interface FastifyRequest {
    principal: Principal | null;
  }
  interface FastifyInstance {
    authenticateFor(security: SecurityRequirement[]): onRequestAsyncHookHandler | undefined;
  }
}

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
  async (app: FastifyInstance, opts: { authenticator: Authenticator }) => {
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
      // Console sessions arrive with sign-in (the accounts issue); until then no cookie is valid.
      sessionCookie: {
        presented: (request) => (request.headers.cookie ?? '').includes('contrail_session='),
        check: async () => {
          throw new DomainError('unauthenticated', 'Sign in first.');
        },
      },
      csrfToken: { presented: () => false, check: async () => null },
    };

    app.decorateRequest('principal', null);
    app.decorate('authenticateFor', (security: SecurityRequirement[]) => {
      if (security.length === 0) return undefined;
      return async (request: FastifyRequest) => {
        // A credential that was presented and failed says more than one that was never sent.
        let failure: unknown = new DomainError('unauthenticated');
        let failurePresented = false;
        for (const requirement of security) {
          const names = Object.keys(requirement);
          const presented = names.some((name) => schemes[name]?.presented(request));
          try {
            let principal: Principal | null = null;
            for (const name of names) {
              const scheme = schemes[name];
              if (!scheme) throw new Error(`no check for security scheme ${name}`);
              principal = (await scheme.check(request)) ?? principal;
            }
            request.principal = principal;
            return;
          } catch (error) {
            if (presented || !failurePresented) {
              failure = error;
              failurePresented ||= presented;
            }
          }
        }
        throw failure;
      };
    });
  },
  { name: 'auth' },
);
