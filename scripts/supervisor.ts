// Keeps `npm start`'s processes running: the sandbox, API_PROCESSES API processes and
// WORKER_PROCESSES workers. A child that dies is started again after a backoff that doubles up to
// a ceiling (and starts over once a child has stayed up a while), and the log says so. Stopping
// drains in order: the API processes and workers first (the API stops taking requests and finishes
// those in flight, a worker finishes its job or leaves it to the queue), then the sandbox they
// call; a child that outstays the grace period is killed.
//
// The API processes are a Node cluster: they share one port and the primary (this process) hands
// connections to them in turn. Children run in their own process group, so a Ctrl-C in the
// terminal reaches this process alone and each child is asked to stop exactly once.
import { spawn, type ChildProcess } from 'node:child_process';
import cluster, { type Worker } from 'node:cluster';
import { nodeArgs } from './node-flags.js';

export interface ProcessSpec {
  /** As the log names it, e.g. `api 2`. */
  readonly name: string;
  readonly script: string;
  readonly env: NodeJS.ProcessEnv;
  readonly v8Flags?: readonly string[];
  /** Shares the primary's listening socket with the other processes of its group (API processes). */
  readonly clustered?: boolean;
  /** Drained first (0) or after the others (1): the sandbox outlives the API that calls it. */
  readonly stopPhase?: 0 | 1;
}

export interface SupervisorOptions {
  readonly log?: (line: string) => void;
  readonly initialBackoffMs?: number;
  readonly maxBackoffMs?: number;
  /** A child that stayed up this long starts its next backoff from the beginning. */
  readonly stableAfterMs?: number;
  readonly stopGraceMs?: number;
}

export interface Supervisor {
  /** The running children by name, with their process ids. */
  pids(): Record<string, number | undefined>;
  stop(): Promise<void>;
}

type Running = ChildProcess | Worker;

export function supervise(specs: readonly ProcessSpec[], options: SupervisorOptions = {}): Supervisor {
  const log = options.log ?? ((line: string) => console.log(`[supervisor] ${line}`));
  const initial = options.initialBackoffMs ?? 500;
  const ceiling = options.maxBackoffMs ?? 15_000;
  const stableAfter = options.stableAfterMs ?? 30_000;
  const grace = options.stopGraceMs ?? 20_000;
  let stopping = false;

  const slots = specs.map((spec) => ({
    spec,
    child: undefined as Running | undefined,
    backoff: initial,
    restarts: 0,
    timer: undefined as NodeJS.Timeout | undefined,
  }));

  const pidOf = (child: Running | undefined) =>
    child === undefined ? undefined : 'process' in child ? child.process.pid : child.pid;

  function launch(slot: (typeof slots)[number]): void {
    const { spec } = slot;
    const startedAt = Date.now();
    const child = spec.clustered ? forkClustered(spec) : spawnChild(spec);
    slot.child = child;
    log(`${spec.name} started (pid ${pidOf(child)})`);
    child.once('exit', (code: number | null, signal: NodeJS.Signals | null) => {
      slot.child = undefined;
      if (stopping) return;
      if (Date.now() - startedAt >= stableAfter) slot.backoff = initial;
      const delay = slot.backoff;
      slot.backoff = Math.min(slot.backoff * 2, ceiling);
      slot.restarts += 1;
      log(`${spec.name} exited (${signal ?? `code ${code}`}); restarting in ${delay} ms (restart ${slot.restarts})`);
      slot.timer = setTimeout(() => launch(slot), delay);
    });
  }

  slots.forEach(launch);

  async function drain(phase: 0 | 1): Promise<void> {
    const inPhase = slots.filter((s) => (s.spec.stopPhase ?? 0) === phase);
    await Promise.all(
      inPhase.map(async (slot) => {
        clearTimeout(slot.timer);
        const child = slot.child;
        if (!child) return;
        const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
        signal(child, 'SIGTERM');
        const killer = setTimeout(() => {
          log(`${slot.spec.name} did not stop within ${grace} ms; killing it`);
          signal(child, 'SIGKILL');
        }, grace);
        await exited;
        clearTimeout(killer);
      }),
    );
  }

  return {
    pids: () => Object.fromEntries(slots.map((s) => [s.spec.name, pidOf(s.child)])),
    async stop() {
      if (stopping) return;
      stopping = true;
      await drain(0);
      await drain(1);
      log('every process stopped');
    },
  };
}

function spawnChild(spec: ProcessSpec): ChildProcess {
  return spawn(process.execPath, nodeArgs(spec.script, spec.v8Flags), {
    env: spec.env,
    stdio: ['ignore', 'inherit', 'inherit'],
    detached: true,
  });
}

function forkClustered(spec: ProcessSpec): Worker {
  // execArgv replaces this process's own (tsx's loader among them): the API runs as npm start runs it.
  cluster.setupPrimary({
    exec: spec.script,
    execArgv: nodeArgs(spec.script, spec.v8Flags).slice(0, -1),
    silent: false,
  });
  return cluster.fork(spec.env);
}

function signal(child: Running, name: NodeJS.Signals): void {
  try {
    if ('process' in child) child.process.kill(name);
    else if (child.pid !== undefined) process.kill(-child.pid, name);
  } catch {
    // Already gone.
  }
}
