// `contrail logs tail`: the request log as it grows (GET /request_logs), one line per call, until
// Ctrl-C, as `stripe logs tail` does. Filters are the log's own: --status (404, 4xx, 403,5xx),
// --method, --path (a prefix).
//
// The log is written in batches a moment after each call, stamped with the call's arrival, so a
// call can appear after a later one was already shown. Each read therefore looks back a few seconds
// before the newest call shown and skips the ids it has printed: nothing is missed, nothing twice.
import { call, failureOf } from '../api-call.js';
import { CliFailure, exitCodes, pause, type Command, type CommandContext } from '../command.js';

interface LoggedCall {
  id: string;
  created_at: string;
  method: string;
  path: string;
  status: number;
  duration_ms: number;
  source: string;
  idempotency_key: string | null;
  replayed: boolean;
}
interface Page {
  data: LoggedCall[];
  meta: { next_cursor: string | null };
}

/** How far back each read looks past the newest call shown (the log's writes lag the calls). */
const lookBackMs = 10_000;
/** Pages read per poll at most: a burst beyond this is shown from its newest calls. */
const maxPages = 10;

export function lineOf(c: LoggedCall): string {
  const key = c.idempotency_key ? `  key=${c.idempotency_key}${c.replayed ? ' (replayed)' : ''}` : '';
  return `${c.created_at}  ${c.status}  ${c.method.padEnd(6)} ${c.path}  ${Math.round(c.duration_ms)} ms  ${c.source}  [${c.id}]${key}`;
}

export const logs: Command = {
  usage: 'contrail logs tail [--status 4xx] [--method POST] [--path /api/v1/bookings] [--interval 1]',
  summary: "Stream the agency's API request log as calls arrive (Ctrl-C to stop).",
  options: {
    status: { type: 'string' },
    method: { type: 'string' },
    path: { type: 'string' },
    interval: { type: 'string' },
  },
  async run(context: CommandContext): Promise<number> {
    const { api, out, signal, values } = context;
    const [verb, ...extra] = context.positionals;
    if (verb !== 'tail' || extra.length > 0) throw new CliFailure(exitCodes.usage, `Usage: ${logs.usage}`);
    const interval = Number(values['interval'] ?? 1);
    if (!Number.isFinite(interval) || interval < 0.2 || interval > 60)
      throw new CliFailure(exitCodes.usage, '--interval takes seconds between 0.2 and 60.');
    const filters = new URLSearchParams();
    for (const name of ['status', 'method', 'path'] as const) {
      const value = values[name];
      if (typeof value === 'string') filters.set(name, name === 'method' ? value.toUpperCase() : value);
    }

    const read = async (params: URLSearchParams): Promise<Page> => {
      const response = await call(api, 'GET', `/request_logs?${params.toString()}`, { signal });
      if (!response.ok) throw await failureOf(response);
      return (await response.json()) as Page;
    };
    /** Every call after `after`, oldest first (up to `maxPages` pages of the newest). */
    const since = async (after: Date): Promise<LoggedCall[]> => {
      const found: LoggedCall[] = [];
      let cursor: string | null = null;
      for (let page = 0; page < maxPages; page++) {
        const params = new URLSearchParams(filters);
        params.set('created_after', after.toISOString());
        params.set('limit', '100');
        if (cursor) params.set('cursor', cursor);
        const { data, meta } = await read(params);
        found.push(...data);
        cursor = meta.next_cursor;
        if (!cursor) break;
      }
      return found.reverse();
    };

    // Start after the newest call already logged: a tail shows what comes next.
    const newest = await read(new URLSearchParams([...filters, ['limit', '1']]));
    let high = new Date(newest.data[0]?.created_at ?? Date.now());
    // Ids printed (or already there at the start) within the look-back window, by their time.
    const shown = new Map<string, number>(newest.data.map((c) => [c.id, Date.parse(c.created_at)]));
    out(`Tailing the request log${filters.size ? ` (${filters.toString()})` : ''}. Ctrl-C to stop.`);
    while (!signal.aborted) {
      await pause(interval * 1000, signal);
      if (signal.aborted) break;
      let calls: LoggedCall[];
      try {
        calls = await since(new Date(high.getTime() - lookBackMs));
      } catch (error) {
        if (signal.aborted) break;
        throw error;
      }
      for (const c of calls) {
        if (shown.has(c.id)) continue;
        const at = Date.parse(c.created_at);
        shown.set(c.id, at);
        if (at > high.getTime()) high = new Date(at);
        out(lineOf(c));
      }
      for (const [id, at] of shown) if (at < high.getTime() - 2 * lookBackMs) shown.delete(id);
    }
    return exitCodes.ok;
  },
};
