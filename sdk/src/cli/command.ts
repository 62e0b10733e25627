// What a `contrail` command is: its options (node:util parseArgs), a line of help, and `run`, which
// answers the exit code. Adding a command is one file in commands/ and one line in commands/index.ts.
import type { ParseArgsConfig } from 'node:util';

export type Options = NonNullable<ParseArgsConfig['options']>;

export interface CommandContext {
  /** The options parsed against the command's own and the shared ones. */
  values: Record<string, string | boolean | undefined>;
  positionals: string[];
  /** Where the API lives, with `/api/v1`, and the token (`ctr_test_…`). */
  api: { base: string; key: string };
  out: (line: string) => void;
  err: (line: string) => void;
  /** Aborted on Ctrl-C / SIGTERM: a long-running command stops and answers 0. */
  signal: AbortSignal;
}

export interface Command {
  usage: string;
  summary: string;
  options: Options;
  run(context: CommandContext): Promise<number>;
}

/** Exit codes, the same for every command (sdk/README.md lists them). */
export const exitCodes = {
  ok: 0,
  /** The API refused the request (4xx but 401/403) or answered 5xx. */
  apiError: 1,
  /** Wrong arguments: a missing option, an unknown command. */
  usage: 2,
  /** No token, or the API refused it (401, 403). */
  auth: 3,
  /** The API could not be reached. */
  unreachable: 4,
} as const;

/** A failure that ends the command with this code and one clear line. */
export class CliFailure extends Error {
  constructor(
    readonly exitCode: number,
    message: string,
  ) {
    super(message);
  }
}

/** Waits `ms`, or less when the command is stopped (the signal aborts): never rejects. */
export function pause(ms: number, signal: AbortSignal): Promise<void> {
  return new Promise((resolve) => {
    const timer = setTimeout(resolve, ms);
    signal.addEventListener('abort', () => (clearTimeout(timer), resolve()), { once: true });
  });
}
