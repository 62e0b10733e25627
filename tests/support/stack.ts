// A real Contrail stack for a test: the API on a real port (with the console build and docs), the
// sandbox on another (its orders in a schema of the run's database of its own, so stacks never share
// them), the run's PostgreSQL database and Redis. Every /api/v1 response it serves
// is checked against the contract, and close() fails the test file if any did not conform.
import { randomBytes } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { inject } from 'vitest';
import app from '../../api/src/app.js';
import { loadConfig, type Config } from '../../api/src/config.js';
import { createAppContext, type AppContext } from '../../api/src/context.js';
import { demoAccounts } from '../../api/src/scripts/seed.js';
import type { Clock } from '../../api/src/domain/clock.js';
import { loggerOptions, serverOptions } from '../../api/src/http/server-options.js';
import sandboxApp from '../../sandbox/src/app.js';
import { testSecretKey } from './services.js';
import { specViolation } from './spec-validator.js';

export interface Stack {
  baseUrl: string;
  apiUrl: string;
  sandboxUrl: string;
  fastify: FastifyInstance;
  ctx: AppContext;
  config: Config;
  violations: string[];
  /** Stops the sandbox and starts a new one on the same port and schema, as a process restart would. */
  restartSandbox(): Promise<void>;
  /** Stops the sandbox (its port refuses connections); the answer starts it again on that port. */
  stopSandbox(): Promise<() => Promise<void>>;
  close(): Promise<void>;
}

export const tokens = Object.fromEntries(demoAccounts.map((a) => [a.userType, a.token])) as Record<
  'Admin' | 'Support' | 'Supervisor' | 'Agent',
  string
>;

/** The environment a test stack runs with; tests override single keys. */
export function testEnv(overrides: Record<string, string> = {}): Record<string, string> {
  return {
    DATABASE_URL: inject('databaseUrl'),
    REDIS_URL: inject('redisUrl'),
    KEY_PREFIX: inject('keyPrefix'),
    LOG_LEVEL: 'silent',
    SECRET_KEY: testSecretKey,
    PORT: '0',
    // The request ceiling is shared through Redis by every stack of the run (all on 127.0.0.1), so
    // it is out of reach unless a test sets its own (and then gets a KEY_PREFIX of its own).
    RATE_LIMIT_PER_MINUTE: '100000000',
    ...overrides,
  };
}

export async function startStack(
  options: {
    env?: Record<string, string>;
    withSandbox?: boolean;
    clock?: Clock;
    /** Where the API's log lines go, for tests that read them (back office: no card number in a log). */
    logStream?: { write(line: string): void };
  } = {},
): Promise<Stack> {
  let sandbox: FastifyInstance | undefined;
  let sandboxUrl = 'http://127.0.0.1:9';
  const sandboxDatabase = { url: inject('databaseUrl'), schema: `sandbox_${randomBytes(6).toString('hex')}` };
  const startSandbox = async (port: number) => {
    // Each stack's sandbox migrates a schema of its own when it registers: on a loaded machine, with
    // two stacks starting at once, that passed Fastify's default 10 s for a plugin.
    const app = Fastify({ logger: false, pluginTimeout: 60_000 });
    await app.register(sandboxApp, { database: sandboxDatabase });
    await app.listen({ host: '127.0.0.1', port });
    return app;
  };
  if (options.withSandbox !== false) {
    sandbox = await startSandbox(0);
    sandboxUrl = `http://127.0.0.1:${(sandbox.server.address() as AddressInfo).port}`;
  }

  const ownCeiling: Record<string, string> =
    options.env?.RATE_LIMIT_PER_MINUTE && !options.env.KEY_PREFIX
      ? { KEY_PREFIX: `${inject('keyPrefix')}-${Math.random().toString(36).slice(2, 10)}` }
      : {};
  const config = loadConfig(testEnv({ SANDBOX_URL: sandboxUrl, ...ownCeiling, ...options.env }));
  const ctx = createAppContext(config, { clock: options.clock });
  const fastify = Fastify(
    options.logStream
      ? { ...serverOptions(config), logger: { ...loggerOptions(config), stream: options.logStream } }
      : serverOptions(config),
  );
  const violations: string[] = [];
  fastify.addHook('onSend', async (request, reply, payload) => {
    if (!request.url.startsWith('/api/v1/') || request.url.startsWith('/api/v1/openapi.json')) return payload;
    const text = typeof payload === 'string' ? payload : payload === null || payload === undefined ? '' : undefined;
    if (text === undefined) return payload;
    const problem = specViolation(
      { method: request.method, url: request.routeOptions.url },
      reply.statusCode,
      String(reply.getHeader('content-type') ?? ''),
      text,
    );
    if (problem) violations.push(problem);
    return payload;
  });
  await fastify.register(app, { ctx });
  const baseUrl = await fastify.listen({ host: '127.0.0.1', port: config.PORT });

  const stopSandbox = async () => {
    if (!sandbox) throw new Error('this stack runs without a sandbox');
    const { port } = sandbox.server.address() as AddressInfo;
    await sandbox.close();
    return async () => {
      sandbox = await startSandbox(port);
    };
  };
  return {
    baseUrl,
    apiUrl: `${baseUrl}/api/v1`,
    sandboxUrl,
    fastify,
    ctx,
    config,
    violations,
    async restartSandbox() {
      const start = await stopSandbox();
      await start();
    },
    stopSandbox,
    async close() {
      await fastify.close();
      await ctx.close();
      await sandbox?.close();
      if (violations.length > 0) throw new Error(`responses that break the contract:\n${violations.join('\n')}`);
    },
  };
}
