// Where the database time goes during a benchmark: samples pg_stat_activity every `everyMs` on a
// connection of its own and counts, per sample, each backend of the bench database that is running
// a statement: waiting (by wait event and the statement it waits in) or on CPU. The top of that
// count is the figure that says what a request queues behind (a hot row, the WAL flush, NOTIFY's
// lock at commit); `npm run bench:bookings` prints it after its run (BENCH_WAITS=0 leaves it out).
import pg from 'pg';

export interface WaitSampler {
  /** Stops sampling and answers the lines to print: the top `top` waits, most samples first. */
  stop(top?: number): Promise<string[]>;
}

/** One line of a statement: its first words, whitespace folded, so equal statements count together. */
const statementOf = (query: string) => query.replace(/\s+/g, ' ').trim().slice(0, 70);

export async function startWaitSampler(databaseUrl: string, everyMs = 50): Promise<WaitSampler> {
  const client = new pg.Client({ connectionString: databaseUrl });
  await client.connect();
  const database = new URL(databaseUrl).pathname.slice(1);
  const counts = new Map<string, number>();
  let samples = 0;
  let busy = 0;
  let running = true;
  const loop = (async () => {
    while (running) {
      const { rows } = await client.query<{ wait: string | null; query: string }>(
        `SELECT wait_event_type || ':' || wait_event AS wait, query FROM pg_stat_activity
         WHERE datname = $1 AND state = 'active' AND pid <> pg_backend_pid() AND backend_type = 'client backend'
           AND query NOT LIKE 'LISTEN%'`,
        [database],
      );
      samples++;
      for (const row of rows) {
        busy++;
        // ClientRead in an active backend is a pipelined Parse/Bind round: count it as the client's.
        const key = `${(row.wait ?? 'CPU (no wait)').padEnd(28)} ${statementOf(row.query)}`;
        counts.set(key, (counts.get(key) ?? 0) + 1);
      }
      await new Promise((r) => setTimeout(r, everyMs));
    }
  })();
  return {
    async stop(top = 8) {
      running = false;
      await loop;
      await client.end();
      const byWait = new Map<string, number>();
      for (const [key, n] of counts) {
        const wait = key.slice(0, 28).trim();
        byWait.set(wait, (byWait.get(wait) ?? 0) + n);
      }
      const sorted = (m: Map<string, number>) => [...m].sort((a, b) => b[1] - a[1]).slice(0, top);
      return [
        `${samples} samples every ${everyMs} ms, ${busy} backend-samples running a statement ` +
          `(${(busy / Math.max(samples, 1)).toFixed(1)} at a time on average)`,
        '  by wait event:',
        ...sorted(byWait).map(([wait, n]) => `    ${String(n).padStart(6)}  ${wait}`),
        '  by wait event and statement:',
        ...sorted(counts).map(([key, n]) => `    ${String(n).padStart(6)}  ${key}`),
      ];
    },
  };
}
