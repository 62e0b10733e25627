// Idempotency-Key on POSTs that create, move money or issue (DESIGN.md §3): the same key with the
// same request replays the first answer; with another request, 422; while the first still runs,
// 409. Keys are scoped to the caller and kept 24 h (the worker's sweeper deletes older ones).
import { createHash } from 'node:crypto';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import fp from 'fastify-plugin';
import type { Db } from '../../db/database.js';
import * as keys from '../../db/idempotency.repository.js';
import type { Clock } from '../../domain/clock.js';
import { DomainError } from '../../domain/errors.js';

declare module 'fastify' {
  interface FastifyRequest {
    idempotency: { scope: string; key: string } | null;
  }
  interface FastifyInstance {
    idempotent: {
      preHandler: (request: FastifyRequest, reply: FastifyReply) => Promise<FastifyReply | undefined>;
      onSend: (request: FastifyRequest, reply: FastifyReply, payload: unknown) => Promise<unknown>;
    };
  }
}

/** How long a running request holds its key before another may take over (its process died). */
const lockMs = 60_000;

export default fp(
  async (app: FastifyInstance, opts: { db: Db; clock: Clock }) => {
    const { db, clock } = opts;
    app.decorateRequest('idempotency', null);
    app.decorate('idempotent', {
      async preHandler(request: FastifyRequest, reply: FastifyReply) {
        const key = request.headers['idempotency-key'];
        if (typeof key !== 'string') return undefined;
        const scope = request.principal ? `account:${request.principal.accountId}` : `ip:${request.ip}`;
        const requestHash = fingerprint(request);
        const now = clock.now();
        const claim = await keys.claimKey(db, {
          scope,
          key,
          requestHash,
          lockedUntil: new Date(now.getTime() + lockMs),
        });
        if (!claim.claimed) {
          const existing = claim.existing;
          if (existing.request_hash !== requestHash) {
            throw new DomainError('idempotency_key_reused', 'Use a new Idempotency-Key for a different request.');
          }
          if (existing.state === 'done') {
            return reply
              .code(existing.response_status ?? 200)
              .header('Idempotency-Replayed', 'true')
              .send(existing.response_body);
          }
          const takenOver = await keys.reclaimExpired(db, scope, key, new Date(now.getTime() + lockMs), now);
          if (!takenOver) {
            reply.header('Retry-After', '1');
            throw new DomainError('idempotency_key_in_use', 'The first request with this key has not finished yet.');
          }
        }
        request.idempotency = { scope, key };
        return undefined;
      },
      async onSend(request: FastifyRequest, reply: FastifyReply, payload: unknown) {
        const claim = request.idempotency;
        if (!claim) return payload;
        request.idempotency = null;
        // Failures on our side and throttling are not answers worth replaying: let the retry run.
        if (reply.statusCode >= 500 || reply.statusCode === 429) {
          await keys.releaseKey(db, claim.scope, claim.key);
        } else {
          const body = typeof payload === 'string' && payload !== '' ? (JSON.parse(payload) as unknown) : null;
          await keys.completeKey(db, { ...claim, status: reply.statusCode, body });
        }
        return payload;
      },
    });
  },
  { name: 'idempotency', dependencies: ['auth'] },
);

function fingerprint(request: FastifyRequest): string {
  return createHash('sha256')
    .update(`${request.method} ${request.url}\n${canonicalJson(request.body)}`)
    .digest('hex');
}

/** JSON with object keys sorted, so the same body written in another key order matches. */
function canonicalJson(value: unknown): string {
  if (Array.isArray(value)) return `[${value.map(canonicalJson).join(',')}]`;
  if (value && typeof value === 'object') {
    const entries = Object.entries(value as Record<string, unknown>).sort(([a], [b]) => (a < b ? -1 : a > b ? 1 : 0));
    return `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${canonicalJson(v)}`).join(',')}}`;
  }
  return JSON.stringify(value ?? null);
}
