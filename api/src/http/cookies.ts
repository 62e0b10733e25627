// The console's cookies: the session (HttpOnly: scripts never see it), the CSRF token (readable:
// the console sends it back as X-CSRF-Token) and, for a minute after creating one, the new API
// token (product spec §9: the console reads the token from a cookie).
import type { FastifyReply, FastifyRequest } from 'fastify';
import { csrfCookie, sessionCookie } from './plugins/auth.js';

export const apiTokenCookie = 'contrail_api_token';

const base = (request: FastifyRequest) => ({
  path: '/',
  sameSite: 'lax' as const,
  secure: request.protocol === 'https',
});

export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { cookieToken: string; csrfToken: string; expiresAt: Date },
): void {
  reply.setCookie(sessionCookie, session.cookieToken, { ...base(request), httpOnly: true, expires: session.expiresAt });
  reply.setCookie(csrfCookie, session.csrfToken, { ...base(request), httpOnly: false, expires: session.expiresAt });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  reply.clearCookie(sessionCookie, { ...base(request), httpOnly: true });
  reply.clearCookie(csrfCookie, base(request));
}

export function setApiTokenCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  reply.setCookie(apiTokenCookie, token, { ...base(request), sameSite: 'strict', httpOnly: false, maxAge: 60 });
}
