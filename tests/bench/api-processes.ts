// `npm run bench:processes`: throughput of `npm start` with one API process and with
// two (API_PROCESSES), on the same machine in one run, each as scripts/start.ts runs it (the
// cluster harness of the tests). The load is GET /api/v1/account/details with a bearer token
// (token lookup, a PostgreSQL read, the whole HTTP chain) and GET /api/v1/healthz (the chain alone).
// It reports requests per second and the ratio; it asserts nothing.
import autocannon from 'autocannon';
import { demoAccounts } from '../../api/src/scripts/seed.js';
import { startCluster } from '../support/cluster.js';
import { localPostgresUrl, localRedisUrl } from '../support/services.js';

const seconds = Number(process.env.BENCH_SECONDS ?? 10);
const connections = Number(process.env.BENCH_CONNECTIONS ?? 32);
const rounds = Number(process.env.BENCH_ROUNDS ?? 2);
const token = demoAccounts.find((a) => a.userType === 'Agent')!.token;
const paths = ['/api/v1/account/details', '/api/v1/healthz'];

async function measure(apiProcesses: number): Promise<Record<string, number>> {
  const cluster = await startCluster({
    apiProcesses,
    workerProcesses: 1,
    // The per-caller rate limit would answer most of this load with 429: the bench measures the API, not the limiter.
    env: { LOG_LEVEL: 'warn', RATE_LIMIT_PER_MINUTE: '100000000' },
    services: {
      databaseUrl: process.env.DATABASE_URL ?? localPostgresUrl,
      redisUrl: process.env.REDIS_URL ?? localRedisUrl,
      keyPrefix: 'bench-api-processes',
    },
  });
  try {
    const result: Record<string, number> = {};
    for (const path of paths) {
      // A short warm-up, so both processes have compiled their hot paths before the count.
      await autocannon({
        url: `${cluster.baseUrls[0]}${path}`,
        connections,
        duration: 2,
        headers: { authorization: `Bearer ${token}` },
      });
      const run = await autocannon({
        url: `${cluster.baseUrls[0]}${path}`,
        connections,
        duration: seconds,
        headers: { authorization: `Bearer ${token}` },
      });
      if (run.non2xx > 0) console.warn(`${path}: ${run.non2xx} answers were not 2xx`);
      result[path] = run.requests.average;
    }
    return result;
  } finally {
    await cluster.stop();
  }
}

const table: { round: number; path: string; one: number; two: number }[] = [];
for (let round = 1; round <= rounds; round += 1) {
  const one = await measure(1);
  const two = await measure(2);
  for (const path of paths) table.push({ round, path, one: one[path]!, two: two[path]! });
}
console.log(
  `\nAPI processes: requests/s at ${connections} connections, ${seconds} s each, on ${(await import('node:os')).cpus().length} cores`,
);
for (const row of table) {
  console.log(
    `  round ${row.round}  ${row.path.padEnd(26)} 1 process ${row.one.toFixed(0).padStart(6)}   2 processes ${row.two.toFixed(0).padStart(6)}   ratio ${(row.two / row.one).toFixed(2)}`,
  );
}
