// Bearer tokens for an airline that wants one before its messages: OAuth2 client credentials
// (RFC 6749 §4.4, as Lufthansa's Open API) or a login call answered with a token (Basic user and
// password, as Navitaire's NDC gateway). A token is fetched once for every caller waiting on it,
// kept until shortly before it expires (a tenth of its life, at most a minute, early), and
// dropped when the airline refuses it, so the next call fetches a fresh one.
import { request, type Dispatcher } from 'undici';
import type { ChannelEndpoint } from '../../channel-endpoint.js';

export interface TokenSource {
  /** A token valid now; fetches one when none is held or the held one is about to expire. */
  token(deadlineMs: number): Promise<string>;
  /** Forget the held token (the airline refused it). */
  drop(token: string): void;
}

export class TokenRefused extends Error {
  constructor(readonly status: number | null) {
    super(status === null ? 'The token endpoint could not be reached.' : `The token endpoint answered ${status}.`);
    this.name = 'TokenRefused';
  }
}

/** Without an expires_in, a token is kept this long. */
const defaultLifeSeconds = 900;

export function createTokenSource(
  endpoint: ChannelEndpoint,
  dispatcher: Dispatcher,
  now: () => number = Date.now,
): TokenSource | null {
  const { auth, secrets } = endpoint;
  if (auth.token === 'none' || auth.tokenUrl === null) return null;
  const tokenUrl = auth.tokenUrl;
  let held: { value: string; renewAt: number } | null = null;
  let pending: Promise<string> | null = null;

  async function fetchToken(deadlineMs: number): Promise<string> {
    const headers: Record<string, string> = { accept: 'application/json' };
    let body: string | undefined;
    if (auth.token === 'oauth2_client_credentials') {
      headers['content-type'] = 'application/x-www-form-urlencoded';
      const form = new URLSearchParams({ grant_type: 'client_credentials', client_id: auth.clientId ?? '' });
      form.set('client_secret', secrets.clientSecret ?? '');
      if (auth.scope) form.set('scope', auth.scope);
      body = form.toString();
    } else {
      const pair = `${auth.username ?? ''}:${secrets.password ?? ''}`;
      headers.authorization = `Basic ${Buffer.from(pair).toString('base64')}`;
    }
    if (auth.apiKeyHeader && secrets.apiKey) headers[auth.apiKeyHeader.toLowerCase()] = secrets.apiKey;
    let answer: Dispatcher.ResponseData;
    try {
      answer = await request(tokenUrl, {
        method: 'POST',
        headers,
        ...(body !== undefined ? { body } : {}),
        dispatcher,
        signal: AbortSignal.timeout(deadlineMs),
      });
    } catch {
      throw new TokenRefused(null);
    }
    const text = await answer.body.text().catch(() => '');
    if (answer.statusCode < 200 || answer.statusCode >= 300) throw new TokenRefused(answer.statusCode);
    let parsed: { access_token?: unknown; token?: unknown; expires_in?: unknown };
    try {
      parsed = JSON.parse(text) as typeof parsed;
    } catch {
      throw new TokenRefused(answer.statusCode);
    }
    const value = typeof parsed.access_token === 'string' ? parsed.access_token : parsed.token;
    if (typeof value !== 'string' || value === '') throw new TokenRefused(answer.statusCode);
    const life = Number(parsed.expires_in) > 0 ? Number(parsed.expires_in) : defaultLifeSeconds;
    const early = Math.min(60, life / 10);
    held = { value, renewAt: now() + (life - early) * 1000 };
    return value;
  }

  return {
    async token(deadlineMs) {
      if (held && now() < held.renewAt) return held.value;
      pending ??= fetchToken(deadlineMs).finally(() => {
        pending = null;
      });
      return pending;
    },
    drop(token) {
      if (held?.value === token) held = null;
    },
  };
}
