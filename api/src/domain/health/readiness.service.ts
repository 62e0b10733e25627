// Readiness: can this process do its work? PostgreSQL, the queue backend and the airline system (the
// sandbox airlines, asked through the provider port) must each answer within a short deadline.
import { ping, type Db } from '../../db/database.js';
import { ProviderError, type AirlineProvider } from '../../providers/airline-provider.js';

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
  provider: Pick<AirlineProvider, 'ping'>;
}): ReadinessService {
  const probes: Record<ReadinessCheck['name'], () => Promise<void>> = {
    database: () => ping(deps.db),
    queue: deps.pingQueue,
    sandbox: () => deps.provider.ping({ signal: AbortSignal.timeout(deadlineMs) }),
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
  if (error instanceof ProviderError) {
    return error.kind === 'timeout' ? `no answer within ${deadlineMs} ms` : 'unreachable';
  }
  if ((error as { name?: unknown }).name === 'TimeoutError') return `no answer within ${deadlineMs} ms`;
  const code = (error as { code?: unknown }).code;
  if (typeof code === 'string') return `unreachable (${code})`;
  const message = error instanceof Error ? error.message : String(error);
  return message.startsWith('no answer') || message.startsWith('answered') ? message : 'unreachable';
}
