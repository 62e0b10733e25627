// `npm start` stopped as a process manager stops it (systemd, Docker, a CI job's timeout): SIGTERM
// to npm itself, not to scripts/start.ts. npm hands the signal only to the process its script's
// shell started, so the script must be that process; before, the shell died and start.ts with
// every service it supervises kept running, orphaned, holding the port.
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startCluster, type Cluster } from '../support/cluster.js';
import { waitFor } from '../support/wait.js';

let cluster: Cluster;
let stopped: Awaited<ReturnType<Cluster['stop']>> | undefined;

beforeAll(async () => {
  cluster = await startCluster({ apiProcesses: 1, workerProcesses: 1, throughNpm: true });
}, 300_000);
afterAll(async () => {
  if (!stopped) await cluster?.stop();
});

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

it('SIGTERM to npm drains every service and npm exits 0', async () => {
  const pids = cluster.pids();
  expect(Object.keys(pids).sort()).toEqual(['api', 'sandbox', 'worker']);
  stopped = await cluster.stop('SIGTERM');
  expect(stopped.code).toBe(0);
  expect(stopped.output).toContain('every process stopped');
  const left = await waitFor(
    'the supervised services to end',
    async () => Object.entries(pids).filter(([, pid]) => running(pid)),
    (still) => still.length === 0,
    10_000,
  );
  expect(left).toEqual([]);
}, 60_000);
