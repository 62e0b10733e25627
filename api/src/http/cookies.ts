// The console's cookies: the session (HttpOnly: scripts never see it), the CSRF token (readable:
// the console sends it back as X-CSRF-Token) and, for a minute after creating one, the new API
// token (product spec §9: the console reads the token from a cookie). Read and written here by
// hand: a cookie plugin would parse every request and add a hook to every response, which
// API-token calls should not pay for. Our cookie values are base64url and need no encoding.
import type { FastifyReply, FastifyRequest } from 'fastify';

export type CookieSecure = 'auto' | 'always' | 'never';

export const sessionCookie = 'contrail_session';
export const csrfCookie = 'contrail_csrf';
export const apiTokenCookie = 'contrail_api_token';
/** The console's chosen language, written by the console (console/src/lib/i18n/language-storage.ts). */
export const languageCookie = 'contrail_language';

/** One cookie of the request, read only when an operation asks. */
export function cookieOf(request: FastifyRequest, name: string): string | undefined {
  const header = request.headers.cookie;
  if (header === undefined) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}

interface CookieOptions {
  httpOnly: boolean;
  sameSite: 'Lax' | 'Strict';
  expires?: Date;
  maxAgeSeconds?: number;
}

function setCookie(
  request: FastifyRequest,
  reply: FastifyReply,
  name: string,
  value: string,
  options: CookieOptions,
): void {
  const parts = [`${name}=${value}`, 'Path=/', `SameSite=${options.sameSite}`];
  if (options.expires) parts.push(`Expires=${options.expires.toUTCString()}`);
  if (options.maxAgeSeconds !== undefined) parts.push(`Max-Age=${options.maxAgeSeconds}`);
  if (options.httpOnly) parts.push('HttpOnly');
  // Secure whenever the request came over TLS: request.protocol is https for a direct TLS socket,
  // or when a proxy trusted by TRUST_PROXY says X-Forwarded-Proto: https (untrusted, it is ignored).
  // COOKIE_SECURE=always forces it, for proxies that do not forward the scheme.
  const policy = request.server.cookieSecure ?? 'auto';
  if (policy === 'always' || (policy === 'auto' && request.protocol === 'https')) parts.push('Secure');
  const previous = reply.getHeader('set-cookie');
  const lines = previous === undefined ? [] : ([] as string[]).concat(previous as string | string[]);
  reply.header('set-cookie', [...lines, parts.join('; ')]);
}

export function setSessionCookies(
  request: FastifyRequest,
  reply: FastifyReply,
  session: { cookieToken: string; csrfToken: string; expiresAt: Date },
): void {
  setCookie(request, reply, sessionCookie, session.cookieToken, {
    sameSite: 'Lax',
    httpOnly: true,
    expires: session.expiresAt,
  });
  setCookie(request, reply, csrfCookie, session.csrfToken, {
    sameSite: 'Lax',
    httpOnly: false,
    expires: session.expiresAt,
  });
}

export function clearSessionCookies(request: FastifyRequest, reply: FastifyReply): void {
  setCookie(request, reply, sessionCookie, '', { sameSite: 'Lax', httpOnly: true, expires: new Date(0) });
  setCookie(request, reply, csrfCookie, '', { sameSite: 'Lax', httpOnly: false, expires: new Date(0) });
}

export function setApiTokenCookie(request: FastifyRequest, reply: FastifyReply, token: string): void {
  setCookie(request, reply, apiTokenCookie, token, { sameSite: 'Strict', httpOnly: false, maxAgeSeconds: 60 });
}
