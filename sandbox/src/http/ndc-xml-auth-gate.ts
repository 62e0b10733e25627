// The gate in front of the sandbox's NDC XML face (`/ndc-xml/…`): each channel credential can be
// switched to the way a real airline wants its callers to prove themselves, so every transport and
// auth style of the API is tried end to end on loopback. A credential with no setting keeps
// today's `Authorization: Bearer sbx_…`. Switched on, it must come, and only come, as set:
// - an API key: the credential in the named header (`Client-Key`, `Ocp-Apim-Subscription-Key`…);
// - OAuth2 client credentials: POST /ndc-xml/auth/token with client_id = client_secret = the
//   credential, then `Bearer <token>`;
// - login-then-token: POST /ndc-xml/auth/login with Basic credential:credential, then the token;
// - mutual TLS: a client certificate whose CN is the credential, signed by the sandbox's CA (on
//   the HTTPS listener, tls-listener.ts).
// What passes is handed on as the `Bearer <credential>` the message routes already read, so the
// routes never learn which style was used. Settings and tokens live in memory (a test airline).
import { randomBytes } from 'node:crypto';
import type { TLSSocket } from 'node:tls';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { channelOf } from './channel-credential.js';

export interface NdcXmlAuthStyle {
  readonly apiKeyHeader: string | null;
  readonly token: 'none' | 'oauth2_client_credentials' | 'login';
  readonly mutualTls: boolean;
  readonly tokenTtlSeconds: number;
}

interface Issued {
  readonly credential: string;
  readonly style: NdcXmlAuthStyle['token'];
  readonly expiresAt: number;
}

const tokenPrefix = 'sbxtok_';

export function installNdcXmlAuthGate(app: FastifyInstance, now: () => number = Date.now): void {
  const styles = new Map<string, NdcXmlAuthStyle>();
  const tokens = new Map<string, Issued>();
  const keyHeaders = () => new Set([...styles.values()].flatMap((s) => (s.apiKeyHeader ? [s.apiKeyHeader] : [])));

  const refuse = (reply: FastifyReply, why: string) =>
    reply
      .code(401)
      .header('content-type', 'application/xml')
      .header('www-authenticate', 'Bearer')
      .send(`<?xml version="1.0" encoding="UTF-8"?><Unauthorized><Reason>${why}</Reason></Unauthorized>`);

  const issue = (credential: string, style: NdcXmlAuthStyle) => {
    const token = tokenPrefix + randomBytes(18).toString('base64url');
    tokens.set(token, { credential, style: style.token, expiresAt: now() + style.tokenTtlSeconds * 1000 });
    return { access_token: token, token_type: 'Bearer', expires_in: style.tokenTtlSeconds };
  };

  app.addContentTypeParser('application/x-www-form-urlencoded', { parseAs: 'string' }, (_request, body, done) =>
    done(null, Object.fromEntries(new URLSearchParams(String(body)))),
  );

  // The switch: a channel sets its own style (with today's bearer credential, whatever it is set to).
  app.put('/sandbox/ndc_xml_auth', async (request, reply) => {
    const { credential } = channelOf(request.headers.authorization);
    const body = (request.body ?? {}) as Record<string, unknown>;
    const token = body.token ?? 'none';
    const header = body.api_key_header ?? null;
    const ttl = body.token_ttl_seconds ?? 3600;
    if (
      typeof token !== 'string' ||
      !['none', 'oauth2_client_credentials', 'login'].includes(token) ||
      (header !== null && (typeof header !== 'string' || !/^[A-Za-z0-9-]{1,100}$/.test(header))) ||
      !Number.isInteger(ttl) ||
      (ttl as number) < 1
    )
      return reply.code(400).send({ error: 'api_key_header, token or token_ttl_seconds is not valid' });
    const style: NdcXmlAuthStyle = {
      apiKeyHeader: header === null ? null : header.toLowerCase(),
      token: token as NdcXmlAuthStyle['token'],
      mutualTls: body.mutual_tls === true,
      tokenTtlSeconds: ttl as number,
    };
    if (!style.apiKeyHeader && style.token === 'none' && !style.mutualTls) styles.delete(credential);
    else styles.set(credential, style);
    return { credential_style: style };
  });

  app.post('/ndc-xml/auth/token', async (request, reply) => {
    const form = (request.body ?? {}) as Record<string, string>;
    const credential = form.client_id ?? '';
    const style = styles.get(credential);
    if (form.grant_type !== 'client_credentials' || !style || style.token !== 'oauth2_client_credentials')
      return reply.code(400).send({ error: 'unauthorized_client' });
    if (form.client_secret !== credential) return reply.code(401).send({ error: 'invalid_client' });
    return issue(credential, style);
  });

  app.post('/ndc-xml/auth/login', async (request, reply) => {
    const basic = /^Basic\s+(.+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const [user = '', password] = Buffer.from(basic ?? '', 'base64')
      .toString('utf8')
      .split(':');
    const style = styles.get(user);
    if (!style || style.token !== 'login' || password !== user) return refuse(reply, 'login refused');
    const { access_token, expires_in } = issue(user, style);
    return { token: access_token, expires_in };
  });

  function presented(request: FastifyRequest) {
    const bearer = /^Bearer\s+(\S+)$/i.exec(request.headers.authorization ?? '')?.[1];
    const issued = bearer?.startsWith(tokenPrefix) ? tokens.get(bearer) : undefined;
    const socket = request.raw.socket as Partial<TLSSocket>;
    const peer = socket.authorized ? socket.getPeerCertificate?.() : undefined;
    const cn = peer?.subject?.CN;
    const keys = [...keyHeaders()].flatMap((h) => {
      const value = request.headers[h];
      return typeof value === 'string' ? [[h, value] as const] : [];
    });
    return { bearer, issued, cn: typeof cn === 'string' ? cn : undefined, keys };
  }

  app.addHook('onRequest', async (request, reply) => {
    if (!request.url.startsWith('/ndc-xml/') || request.url.startsWith('/ndc-xml/auth/')) return;
    const p = presented(request);
    if (p.issued && p.issued.expiresAt <= now()) {
      tokens.delete(p.bearer!);
      return refuse(reply, 'token expired');
    }
    const credential = p.issued?.credential ?? p.keys[0]?.[1] ?? p.cn ?? (p.issued ? undefined : p.bearer);
    // Nothing presented at all: the route's own check answers, as a 21.3 Error (CREDENTIAL_MISSING).
    if (!credential) return;
    const style = styles.get(credential);
    if (!style) {
      // Today's way, and only today's way, for a credential that has not been switched.
      if (p.bearer !== credential) return refuse(reply, 'this channel sends its credential as a bearer token');
    } else {
      if (style.apiKeyHeader && request.headers[style.apiKeyHeader] !== credential)
        return refuse(reply, `the API key goes in ${style.apiKeyHeader}`);
      if (style.token !== 'none' && (p.issued?.credential !== credential || p.issued.style !== style.token))
        return refuse(reply, 'a token of this channel is needed');
      if (style.token === 'none' && p.bearer !== undefined) return refuse(reply, 'no bearer token is expected');
      if (style.mutualTls && p.cn !== credential)
        return refuse(reply, 'a client certificate of this channel is needed');
    }
    request.headers.authorization = `Bearer ${credential}`;
  });
}
