// Readiness: can this process do its work? PostgreSQL, the queue backend and the sandbox airlines
// must each answer within a short deadline.
import { sql } from 'kysely';
import type { Db } from '../../db/database.js';

export interface ReadinessCheck {
  name: 'database' | 'queue' | 'sandbox';
  ok: boolean;
  latencyMs: number;
  error?: string;
}

export interface ReadinessService {
  check(): Promise<{ ready: boolean; checks: ReadinessCheck[] }>;
}

const deadlineMs = 2_000;

export function createReadinessService(deps: {
  db: Db;
  pingQueue: () => Promise<void>;
  sandboxUrl: string;
}): ReadinessService {
  const probes: Record<ReadinessCheck['name'], () => Promise<void>> = {
    database: async () => {
      await sql`select 1`.execute(deps.db);
    },
    queue: deps.pingQueue,
    sandbox: async () => {
      const res = await fetch(new URL('/health', deps.sandboxUrl), { signal: AbortSignal.timeout(deadlineMs) });
      if (!res.ok) throw new Error(`answered ${res.status}`);
      await res.body?.cancel();
    },
  };

  return {
    async check() {
      const checks = await Promise.all(
        (Object.keys(probes) as ReadinessCheck['name'][]).map((name) => probe(name, probes[name])),
      );
      return { ready: checks.every((c) => c.ok), checks };
    },
  };
}

async function probe(name: ReadinessCheck['name'], run: () => Promise<void>): Promise<ReadinessCheck> {
  const started = performance.now();
  let timer: NodeJS.Timeout | undefined;
  try {
    await Promise.race([
      run(),
      new Promise<never>((_, reject) => {
        timer = setTimeout(() => reject(new Error(`no answer within ${deadlineMs} ms`)), deadlineMs);
      }),
    ]);
    return { name, ok: true, latencyMs: Math.round(performance.now() - started) };
  } catch (error) {
    return { name, ok: false, latencyMs: Math.round(performance.now() - started), error: summarize(error) };
  } finally {
    clearTimeout(timer);
  }
}

/** A short reason without hosts, users or stack traces. */
function summarize(error: unknown): string {
  if ((error as { name?: unknown }).name === 'TimeoutError') return `no answer within ${deadlineMs} ms`;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return `unreachable (${code})`;
  const message = error instanceof Error ? error.message : String(error);
  return message.startsWith('no answer') || message.startsWith('answered') ? message : 'unreachable';
}
