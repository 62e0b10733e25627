// Calls to the Contrail API from the CLI: the bearer token, one Idempotency-Key per POST, and the
// API's error envelope turned into one line and an exit code.
import { randomUUID } from 'node:crypto';
import { CliFailure, exitCodes } from './command.js';

interface ErrorEnvelope {
  errors?: { code?: string; title?: string; detail?: string }[];
}

/** The failure for an answer that is not 2xx: the API's own words, and its request id for support. */
export async function failureOf(response: Response): Promise<CliFailure> {
  const body = (await response.json().catch(() => ({}))) as ErrorEnvelope;
  const first = body.errors?.[0];
  const words = first ? `${first.code ?? 'error'}: ${first.detail ?? first.title ?? ''}`.trim() : response.statusText;
  const requestId = response.headers.get('request-id');
  const message = `The API answered ${response.status} (${words})${requestId ? ` [request ${requestId}]` : ''}.`;
  const auth = response.status === 401 || response.status === 403;
  return new CliFailure(auth ? exitCodes.auth : exitCodes.apiError, message);
}

export function unreachable(base: string, error: unknown): CliFailure {
  const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : String(error);
  return new CliFailure(exitCodes.unreachable, `Cannot reach the API at ${base} (${cause}).`);
}

export async function call(
  api: { base: string; key: string },
  method: 'GET' | 'POST',
  path: string,
  init: { body?: unknown; headers?: Record<string, string>; signal?: AbortSignal } = {},
): Promise<Response> {
  const headers: Record<string, string> = {
    Authorization: `Bearer ${api.key}`,
    Accept: 'application/json',
    'User-Agent': 'contrail-cli',
    ...init.headers,
  };
  if (init.body !== undefined) headers['Content-Type'] = 'application/json';
  if (method === 'POST') headers['Idempotency-Key'] = randomUUID();
  try {
    return await fetch(`${api.base}${path}`, {
      method,
      headers,
      body: init.body === undefined ? undefined : JSON.stringify(init.body),
      signal: init.signal,
    });
  } catch (error) {
    if (init.signal?.aborted) throw error;
    throw unreachable(api.base, error);
  }
}
