// BullMQ with one code path and two backends: Redis when REDIS_URL is set, otherwise BullMQ's
// PostgreSQL backend in the application's database (the embedded default, DESIGN.md §6).
import {
  createPostgresBackend,
  createRedisBackend,
  withBackend,
  type Job,
  type JobsOptions,
  type Processor,
  type Worker as BullWorker,
  type WorkerOptions,
} from 'bullmq';
import { once } from 'node:events';
import { Redis } from 'ioredis';

export interface QueueHandle<T> {
  add(name: string, data: T, opts?: JobsOptions): Promise<Job<T>>;
  /** A repeatable job: one scheduler per id, however many workers start it. */
  upsertJobScheduler(id: string, repeat: { every: number }, template: { name: string; data: T }): Promise<unknown>;
  close(): Promise<void>;
}

export interface QueueBackend {
  kind: 'redis' | 'postgres';
  queue<T>(name: string): QueueHandle<T>;
  worker<T>(name: string, processor: Processor<T>, opts?: Partial<WorkerOptions>): BullWorker<T>;
  /** Resolves when the backend answers a trivial command. */
  ping(): Promise<void>;
  close(): Promise<void>;
}

export function createQueueBackend(options: { redisUrl: string; databaseUrl: string; prefix: string }): QueueBackend {
  return options.redisUrl
    ? redisBackend(options.redisUrl, options.prefix)
    : postgresBackend(options.databaseUrl, options.prefix);
}

function redisBackend(url: string, prefix: string): QueueBackend {
  const { Queue, Worker } = withBackend(createRedisBackend);
  // Producers fail fast: a request must not hang while Redis is away (the outbox row is kept and
  // the sweeper enqueues it later). Workers wait for Redis forever.
  const producer = new Redis(url, { maxRetriesPerRequest: 1, enableOfflineQueue: false, lazyConnect: false });
  producer.on('error', () => undefined);
  const closers: (() => Promise<unknown>)[] = [];
  return {
    kind: 'redis',
    queue<T>(name: string) {
      const q = new Queue<T>(name, { connection: producer, prefix });
      q.on('error', () => undefined);
      closers.push(() => q.close());
      return q as unknown as QueueHandle<T>;
    },
    worker<T>(name: string, processor: Processor<T>, opts: Partial<WorkerOptions> = {}) {
      const connection = new Redis(url, { maxRetriesPerRequest: null });
      const w = new Worker<T>(name, processor, { ...opts, connection, prefix });
      closers.push(async () => {
        await w.close();
        connection.disconnect();
      });
      return w;
    },
    async ping() {
      // Without an offline queue, a command sent before the first connection completes fails.
      if (producer.status !== 'ready') await once(producer, 'ready');
      await producer.ping();
    },
    async close() {
      for (const close of closers.reverse()) await close();
      producer.disconnect();
    },
  };
}

function postgresBackend(databaseUrl: string, prefix: string): QueueBackend {
  const { Queue, Worker } = withBackend(createPostgresBackend);
  // BullMQ keeps its tables in their own schema; `migrate` creates them on first use.
  const connection = { connectionString: databaseUrl, schema: 'bullmq', migrate: true, max: 4 };
  const closers: (() => Promise<unknown>)[] = [];
  let pinger: QueueHandle<unknown> | undefined;
  const backend: QueueBackend = {
    kind: 'postgres',
    queue<T>(name: string) {
      const q = new Queue<T>(name, { connection, prefix });
      q.on('error', () => undefined);
      closers.push(() => q.close());
      return q as unknown as QueueHandle<T>;
    },
    worker<T>(name: string, processor: Processor<T>, opts: Partial<WorkerOptions> = {}) {
      const w = new Worker<T>(name, processor, { ...opts, connection, prefix });
      closers.push(() => w.close());
      return w as unknown as BullWorker<T>;
    },
    async ping() {
      pinger ??= backend.queue('health');
      await (pinger as unknown as { getJobCounts(): Promise<unknown> }).getJobCounts();
    },
    async close() {
      for (const close of closers.reverse()) await close();
    },
  };
  return backend;
}
