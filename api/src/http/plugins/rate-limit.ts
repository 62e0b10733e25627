// A per-IP ceiling on every request, unknown routes included, so nobody can hammer the service:
// fixed one-minute windows; past the ceiling, 429 with Retry-After and the RateLimit-* headers of
// the IETF draft.
//
// The count is shared by every API process (Redis, or PostgreSQL without Redis), or N processes
// would allow N times the ceiling. A round trip per request would cost a cheap request a large
// share of its time (@fastify/rate-limit cost a third of its throughput in `npm run bench`), so
// each process counts locally and syncs its new counts every `syncMs`, reading back the totals of
// every process: a client can overshoot the ceiling by at most what it sends in one sync interval.
// The first request of an address in a window waits for the store once (with every request of
// that address that arrives meanwhile), so a burst at a second process starts from the total.
// If the store does not answer, the local counts still limit (it fails open, never shut).
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import type { LimitStore } from '../../domain/auth/limit-store.js';
import { DomainError } from '../../domain/errors.js';

const windowMs = 60_000;
const maxTrackedClients = 100_000;

export default fp(
  async (
    app: FastifyInstance,
    opts: { perMinute: number; store?: LimitStore; syncMs?: number; keyPrefix?: string },
  ) => {
    const limit = String(opts.perMinute);
    let windowEndsAt = 0;
    /** Every process's count as of the last sync. */
    let shared = new Map<string, number>();
    /** This process's count since the last sync. */
    let pending = new Map<string, number>();
    /** Addresses whose total this process has read in this window (or is reading). */
    let known = new Map<string, Promise<void> | null>();
    const keyOf = (ip: string) => `ratelimit:${opts.keyPrefix ?? ''}:${ip}`;

    const roll = (now: number) => {
      if (now < windowEndsAt) return;
      windowEndsAt = (Math.floor(now / windowMs) + 1) * windowMs;
      shared = new Map();
      pending = new Map();
      known = new Map();
    };

    function firstSight(ip: string): Promise<void> | undefined {
      if (!opts.store || known.has(ip)) return known.get(ip) ?? undefined;
      if (known.size >= maxTrackedClients) known.clear();
      const window = windowEndsAt;
      const reading = opts.store
        .addCalls(new Map([[keyOf(ip), 0]]), new Date(window))
        .then((totals) => {
          if (window === windowEndsAt) shared.set(ip, Math.max(shared.get(ip) ?? 0, totals.get(keyOf(ip)) ?? 0));
        })
        .catch((error: unknown) => app.log.warn({ err: error }, 'rate limit: the shared store did not answer'))
        .finally(() => {
          if (window === windowEndsAt) known.set(ip, null);
        });
      known.set(ip, reading);
      return reading;
    }

    async function sync() {
      if (!opts.store || pending.size === 0) return;
      const sent = pending;
      const window = windowEndsAt;
      pending = new Map();
      try {
        const keys = new Map([...sent].map(([ip, n]) => [keyOf(ip), n]));
        const totals = await opts.store.addCalls(keys, new Date(window));
        if (window !== windowEndsAt) return;
        // The total includes what this process sent; what it counted since stays in `pending`.
        for (const [ip] of sent) shared.set(ip, totals.get(keyOf(ip)) ?? 0);
      } catch (error) {
        app.log.warn({ err: error }, 'rate limit: the shared store did not answer; counting locally');
        if (window !== windowEndsAt) return;
        for (const [ip, n] of sent) shared.set(ip, (shared.get(ip) ?? 0) + n);
      }
    }
    let syncing: Promise<void> | undefined;
    const timer = setInterval(() => {
      syncing ??= sync().finally(() => (syncing = undefined));
    }, opts.syncMs ?? 200);
    timer.unref();
    app.addHook('onClose', async () => {
      clearInterval(timer);
      await syncing;
    });

    function decide(ip: string, now: number): DomainError | undefined {
      const mine = (pending.get(ip) ?? 0) + 1;
      pending.set(ip, mine);
      if ((shared.get(ip) ?? 0) + mine <= opts.perMinute) return undefined;
      return new DomainError('rate_limited', `Try again in ${Math.ceil((windowEndsAt - now) / 1000)} s.`);
    }

    app.addHook('onRequest', (request, reply, done) => {
      const now = Date.now();
      roll(now);
      if (pending.size >= maxTrackedClients) pending.clear();
      const refuse = (refusal: DomainError | undefined) => {
        if (!refusal) return done();
        // Only a refused request carries the headers: they would triple a small answer's size.
        const reset = String(Math.max(1, Math.ceil((windowEndsAt - Date.now()) / 1000)));
        reply.headers({
          'ratelimit-limit': limit,
          'ratelimit-remaining': '0',
          'ratelimit-reset': reset,
          'retry-after': reset,
        });
        done(refusal);
      };
      const reading = firstSight(request.ip);
      if (reading) void reading.then(() => refuse(decide(request.ip, Date.now())));
      else refuse(decide(request.ip, now));
    });
  },
  { name: 'rate-limit' },
);
