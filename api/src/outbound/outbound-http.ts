// Posting to a user-given URL through the guard: the connection's own lookup checks the address it
// dials (outbound-guard.ts), an address written as an IP is checked before dialling (no lookup runs
// for it), redirects are answered as they are and never followed (a 3xx could point anywhere), and
// one deadline covers connecting, sending and reading the answer.
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import { Agent, request } from 'undici';
import { OutboundRefused, type OutboundGuard } from './outbound-guard.js';

export interface OutboundAnswer {
  /** null when no HTTP answer came (refused, timed out, connection failed). */
  status: number | null;
  headers: Record<string, string>;
  /** The first characters of the answer's body. */
  excerpt: string | null;
  durationMs: number;
  /** Why no answer came. */
  error: string | null;
}

/**
 * A body to post: bytes in hand, or bytes read as they are sent (with their `content-length` in
 * the headers; a stream that fails, or ends short or long, aborts the request: no answer).
 */
export type OutboundBody = string | Buffer | AsyncIterable<Buffer>;

export interface OutboundPoster {
  post(url: string, body: OutboundBody, headers: Record<string, string>): Promise<OutboundAnswer>;
  close(): Promise<void>;
}

export function createOutboundPoster(
  guard: OutboundGuard,
  options: { timeoutMs: number; excerptChars?: number; connections?: number },
): OutboundPoster {
  const excerptChars = options.excerptChars ?? 1000;
  const agent = new Agent({
    connect: { lookup: guard.lookup, timeout: options.timeoutMs },
    connections: options.connections ?? 64,
    keepAliveTimeout: 10_000,
    headersTimeout: options.timeoutMs,
    bodyTimeout: options.timeoutMs,
  });

  async function post(url: string, body: OutboundBody, headers: Record<string, string>): Promise<OutboundAnswer> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const failed = (error: string): OutboundAnswer => ({
      status: null,
      headers: {},
      excerpt: null,
      durationMs: elapsed(),
      error,
    });
    let target: URL;
    try {
      target = new URL(url);
    } catch {
      return failed('The URL is not valid.');
    }
    const host = target.hostname.replace(/^\[|\]$/g, '');
    if (isIP(host) && !guard.allows(host)) return failed(`${host} is an address this server does not contact.`);
    const signal = AbortSignal.timeout(options.timeoutMs);
    try {
      const res = await request(target, {
        method: 'POST',
        body: typeof body === 'string' || Buffer.isBuffer(body) ? body : Readable.from(body, { objectMode: false }),
        headers: { 'content-type': 'application/json', 'user-agent': 'Contrail-Webhooks/1', ...headers },
        dispatcher: agent,
        maxRedirections: 0,
        signal,
      });
      const excerpt = await readExcerpt(res.body, excerptChars);
      const answerHeaders: Record<string, string> = {};
      for (const [k, v] of Object.entries(res.headers)) if (typeof v === 'string') answerHeaders[k] = v;
      return { status: res.statusCode, headers: answerHeaders, excerpt, durationMs: elapsed(), error: null };
    } catch (error) {
      if (signal.aborted) return failed(`No answer within ${options.timeoutMs} ms.`);
      const cause = (error as { cause?: unknown }).cause;
      if (error instanceof OutboundRefused) return failed(error.message);
      if (cause instanceof OutboundRefused) return failed(cause.message);
      return failed(describe(error));
    }
  }

  return { post, close: () => agent.close() };
}

async function readExcerpt(body: AsyncIterable<Buffer> & { destroy(): void }, chars: number): Promise<string> {
  const parts: Buffer[] = [];
  let size = 0;
  for await (const chunk of body) {
    parts.push(chunk);
    size += chunk.length;
    // The rest of a long answer is not read: the excerpt is all anyone looks at.
    if (size >= chars * 4) {
      body.destroy();
      break;
    }
  }
  return Buffer.concat(parts).toString('utf8').slice(0, chars);
}

function describe(error: unknown): string {
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.cause?.code ?? e.code;
  const message = e.cause?.message ?? e.message ?? String(error);
  return code ? `${code}: ${message}` : message;
}
