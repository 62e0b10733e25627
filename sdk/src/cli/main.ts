#!/usr/bin/env node
// The `contrail` command: picks the command, parses its options with the shared ones (the token from
// --api-key or CONTRAIL_API_KEY, the API from --api-base or CONTRAIL_API_BASE), runs it, and turns
// a failure into one line on stderr and its exit code (command.ts lists them).
import { parseArgs } from 'node:util';
import { CliFailure, exitCodes, type Options } from './command.js';
import { commands } from './commands/index.js';

const shared: Options = {
  'api-key': { type: 'string' },
  'api-base': { type: 'string' },
  help: { type: 'boolean', short: 'h' },
};
const defaultBase = 'http://127.0.0.1:3000/api/v1';

function help(): string {
  const lines = Object.values(commands).map((c) => `  ${c.usage}\n      ${c.summary}`);
  return [
    'Usage: contrail <command> [options]',
    '',
    ...lines,
    '',
    'Every command takes --api-key <ctr_test_…> (or CONTRAIL_API_KEY) and --api-base <url>',
    `(or CONTRAIL_API_BASE; default ${defaultBase}).`,
  ].join('\n');
}

export async function main(argv: string[], env: NodeJS.ProcessEnv, signal: AbortSignal): Promise<number> {
  const out = (line: string) => process.stdout.write(`${line}\n`);
  const err = (line: string) => process.stderr.write(`${line}\n`);
  const [name, ...rest] = argv;
  if (!name || name === 'help' || name === '--help' || name === '-h') {
    out(help());
    return name ? exitCodes.ok : exitCodes.usage;
  }
  const command = commands[name];
  if (!command) {
    err(`Unknown command "${name}".\n\n${help()}`);
    return exitCodes.usage;
  }
  try {
    let parsed: ReturnType<typeof parseArgs>;
    try {
      parsed = parseArgs({ args: rest, options: { ...shared, ...command.options }, allowPositionals: true });
    } catch (error) {
      throw new CliFailure(exitCodes.usage, `${(error as Error).message}\nUsage: ${command.usage}`);
    }
    if (parsed.values['help']) {
      out(`Usage: ${command.usage}\n${command.summary}`);
      return exitCodes.ok;
    }
    const key = (parsed.values['api-key'] as string | undefined) ?? env['CONTRAIL_API_KEY'];
    if (!key) throw new CliFailure(exitCodes.auth, 'No API token: pass --api-key or set CONTRAIL_API_KEY.');
    const base = ((parsed.values['api-base'] as string | undefined) ?? env['CONTRAIL_API_BASE'] ?? defaultBase).replace(
      /\/+$/,
      '',
    );
    if (!URL.canParse(base)) throw new CliFailure(exitCodes.usage, `--api-base needs a URL, not "${base}".`);
    return await command.run({
      values: parsed.values as Record<string, string | boolean | undefined>,
      positionals: parsed.positionals,
      api: { base, key },
      out,
      err,
      signal,
    });
  } catch (error) {
    if (error instanceof CliFailure) {
      err(error.message);
      return error.exitCode;
    }
    err(`contrail ${name} failed: ${(error as Error).stack ?? String(error)}`);
    return exitCodes.apiError;
  }
}

const stop = new AbortController();
process.once('SIGINT', () => stop.abort());
process.once('SIGTERM', () => stop.abort());
process.exitCode = await main(process.argv.slice(2), process.env, stop.signal);
