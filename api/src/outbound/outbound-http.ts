// Posting to a user-given URL through the guard: the connection's own lookup checks the address it
// dials (outbound-guard.ts), so a name is judged once per connection, when it is opened; an address
// written as an IP is checked before dialling (no lookup runs for it; its verdict is kept per
// address). Redirects are answered as they are and never followed (a 3xx could point anywhere), and
// one deadline covers waiting for a connection, connecting, sending and reading the answer.
// A post goes straight to the agent's dispatch with a handler that keeps the answer's first bytes:
// no response stream, no abort signal and no timer of its own per request (one sweep over the posts
// under way ends those past their deadline), since a webhook worker makes hundreds a second.
import { isIP } from 'node:net';
import { Readable } from 'node:stream';
import { Agent, util, type Dispatcher } from 'undici';
import { OutboundRefused, type OutboundGuard } from './outbound-guard.js';

export interface OutboundAnswer {
  /** null when no HTTP answer came (refused, timed out, connection failed). */
  status: number | null;
  /**
   * The answer's headers when it is not a success (a failure's Retry-After is all that is read of
   * them); a 2xx answer's are left unread, {}: a webhook worker takes hundreds a second.
   */
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
    // A backstop only: the post's own deadline (below) ends it first, and says so.
    headersTimeout: options.timeoutMs + 1_000,
    bodyTimeout: options.timeoutMs + 1_000,
  });

  // The posts under way, each with its deadline; swept every tenth of the timeout (at most 250 ms),
  // so a post ends at most that late, well inside a delivery claim's margin (webhook-delivery.ts).
  const underWay = new Set<Post>();
  const sweepMs = Math.min(250, Math.ceil(options.timeoutMs / 10));
  let sweeper: NodeJS.Timeout | null = null;
  const sweep = () => {
    const now = performance.now();
    for (const p of underWay) if (p.deadline <= now) p.expire();
    if (underWay.size === 0 && sweeper) {
      clearInterval(sweeper);
      sweeper = null;
    }
  };

  // An address written as an IP is judged the same way every time: its verdict is kept.
  const verdicts = new Map<string, boolean>();
  const allowsIp = (host: string) => {
    let verdict = verdicts.get(host);
    if (verdict === undefined) {
      verdict = guard.allows(host);
      if (verdicts.size >= 1000) verdicts.clear();
      verdicts.set(host, verdict);
    }
    return verdict;
  };

  // A URL is parsed once: a worker posts to the same few endpoints hundreds of times a second.
  const targets = new Map<string, Target | null>();
  const targetOf = (url: string): Target | null => {
    let target = targets.get(url);
    if (target === undefined) {
      try {
        const parsed = new URL(url);
        target = {
          origin: parsed.origin,
          path: parsed.pathname + parsed.search,
          host: parsed.hostname.replace(/^\[|\]$/g, ''),
        };
      } catch {
        target = null;
      }
      if (targets.size >= 1000) targets.clear();
      targets.set(url, target);
    }
    return target;
  };

  function post(url: string, body: OutboundBody, headers: Record<string, string>): Promise<OutboundAnswer> {
    const started = performance.now();
    const elapsed = () => Math.round(performance.now() - started);
    const failed = (error: string): OutboundAnswer => ({
      status: null,
      headers: {},
      excerpt: null,
      durationMs: elapsed(),
      error,
    });
    const target = targetOf(url);
    if (!target) return Promise.resolve(failed('The URL is not valid.'));
    const { host } = target;
    if (isIP(host) && !allowsIp(host))
      return Promise.resolve(failed(`${host} is an address this server does not contact.`));
    return new Promise<OutboundAnswer>((resolve) => {
      const p = new Post(started + options.timeoutMs, excerptChars, (answer) => {
        underWay.delete(p);
        resolve(
          answer.error === null
            ? { ...answer, durationMs: elapsed() }
            : failed(answer.error === timedOut ? `No answer within ${options.timeoutMs} ms.` : answer.error),
        );
      });
      underWay.add(p);
      sweeper ??= setInterval(sweep, sweepMs).unref();
      agent.dispatch(
        {
          origin: target.origin,
          path: target.path,
          method: 'POST',
          body: typeof body === 'string' || Buffer.isBuffer(body) ? body : Readable.from(body, { objectMode: false }),
          headers: { 'content-type': 'application/json', 'user-agent': 'Contrail-Webhooks/1', ...headers },
        },
        p,
      );
    });
  }

  return { post, close: () => agent.close() };
}

const timedOut = 'timed out';

/** Where a URL posts: what the agent's dispatch takes, and the host the guard judges. */
interface Target {
  origin: string;
  path: string;
  host: string;
}

/**
 * One post as undici's dispatch sees it: keeps the status, the headers and the answer's first
 * bytes, and answers once (the answer, the error, or the deadline, whichever comes first).
 */
class Post implements Dispatcher.DispatchHandlers {
  private abort: ((reason?: Error) => void) | null = null;
  private over = false;
  private status = 0;
  private headers: Record<string, string> = {};
  private parts: Buffer[] = [];
  private size = 0;

  constructor(
    readonly deadline: number,
    private readonly excerptChars: number,
    private readonly answer: (answer: Omit<OutboundAnswer, 'durationMs'>) => void,
  ) {}

  private end(error: string | null): void {
    if (this.over) return;
    this.over = true;
    const excerpt = error === null ? Buffer.concat(this.parts).toString('utf8').slice(0, this.excerptChars) : null;
    this.answer({ status: error === null ? this.status : null, headers: this.headers, excerpt, error });
  }

  /** The deadline passed: no answer; the request is ended now, or as soon as it gets a connection. */
  expire(): void {
    this.end(timedOut);
    this.abort?.(new Error(timedOut));
  }

  onConnect(abort: (reason?: Error) => void): void {
    if (this.over) abort(new Error(timedOut));
    else this.abort = abort;
  }

  onHeaders(statusCode: number, rawHeaders: Buffer[] | string[] | null): boolean {
    if (statusCode < 200) return true;
    this.status = statusCode;
    if (rawHeaders && statusCode >= 300)
      for (const [k, v] of Object.entries(util.parseHeaders(rawHeaders)))
        if (typeof v === 'string') this.headers[k] = v;
    return true;
  }

  onData(chunk: Buffer): boolean {
    if (this.over) return false;
    this.parts.push(chunk);
    this.size += chunk.length;
    // The rest of a long answer is not read: the excerpt is all anyone looks at.
    if (this.size >= this.excerptChars * 4) {
      this.end(null);
      this.abort?.(new Error('excerpt read'));
    }
    return true;
  }

  onComplete(): void {
    this.end(null);
  }

  onError(error: Error): void {
    const cause = (error as { cause?: unknown }).cause;
    if (error instanceof OutboundRefused) this.end(error.message);
    else if (cause instanceof OutboundRefused) this.end(cause.message);
    else this.end(describe(error));
  }

  onUpgrade(): void {
    this.end('The receiver answered with a protocol upgrade.');
  }
}

function describe(error: unknown): string {
  const e = error as { code?: string; message?: string; cause?: { code?: string; message?: string } };
  const code = e.cause?.code ?? e.code;
  const message = e.cause?.message ?? e.message ?? String(error);
  return code ? `${code}: ${message}` : message;
}
