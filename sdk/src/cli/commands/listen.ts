// `contrail listen --forward-to <url>`: the agency's events on a laptop with no public address, as
// `stripe listen` does. It opens the API's event stream (GET /events/stream) and POSTs each event to
// the local URL signed per Standard Webhooks, so the local app verifies it with `verifyWebhook`
// exactly as it would a real delivery.
//
// The CLI signs, not the server: the secret then never crosses the network (the API would otherwise
// have to send it down the stream), and the signature's timestamp is the moment of forwarding, so
// events replayed after a reconnect still pass the receiver's 5-minute tolerance. The secret is new
// for each session (printed on start) unless `--secret` keeps one, for an app whose .env holds it.
import { randomBytes } from 'node:crypto';
import { Webhook } from 'standardwebhooks';
import { call, failureOf } from '../api-call.js';
import { CliFailure, exitCodes, pause, type Command, type CommandContext } from '../command.js';
import { readSse, type SseMessage } from '../sse.js';

const maxBackoffMs = 30_000;

function forwardUrl(value: unknown): URL {
  if (typeof value !== 'string') throw new CliFailure(exitCodes.usage, 'Say where to forward: --forward-to <url>.');
  const url = URL.canParse(value) ? new URL(value) : undefined;
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new CliFailure(exitCodes.usage, `--forward-to needs an http(s) URL, not "${value}".`);
  return url;
}

function signingSecret(value: unknown): string {
  if (value === undefined) return `whsec_${randomBytes(24).toString('base64')}`;
  if (typeof value !== 'string' || !/^whsec_[A-Za-z0-9+/]{16,}={0,2}$/.test(value))
    throw new CliFailure(exitCodes.usage, '--secret must look like whsec_ followed by base64.');
  return value;
}

export const listen: Command = {
  usage: 'contrail listen --forward-to <url> [--events <type,…>] [--secret <whsec_…>]',
  summary: "Forward the agency's events, signed as webhooks, to a local URL.",
  options: {
    'forward-to': { type: 'string' },
    events: { type: 'string' },
    secret: { type: 'string' },
  },
  async run(context: CommandContext): Promise<number> {
    const { api, out, err, signal } = context;
    const target = forwardUrl(context.values['forward-to']);
    const secret = signingSecret(context.values['secret']);
    const signer = new Webhook(secret);
    const types = typeof context.values['events'] === 'string' ? context.values['events'] : undefined;
    const path = `/events/stream${types ? `?type=${encodeURIComponent(types)}` : ''}`;

    async function forward(message: SseMessage): Promise<void> {
      const event = JSON.parse(message.data) as { id: string; type: string };
      const at = new Date();
      out(`${at.toISOString()}  --> ${event.type} [${event.id}]`);
      try {
        const answer = await fetch(target, {
          method: 'POST',
          headers: {
            'Content-Type': 'application/json',
            'User-Agent': 'contrail-cli',
            'webhook-id': event.id,
            'webhook-timestamp': String(Math.floor(at.getTime() / 1000)),
            'webhook-signature': signer.sign(event.id, at, message.data),
          },
          body: message.data,
          signal: AbortSignal.any([signal, AbortSignal.timeout(30_000)]),
        });
        await answer.arrayBuffer();
        out(`${new Date().toISOString()}  <-- [${answer.status}] POST ${target.href} [${event.id}]`);
      } catch (error) {
        if (signal.aborted) return;
        const cause = error instanceof Error ? ((error.cause as Error | undefined)?.message ?? error.message) : '';
        err(`${new Date().toISOString()}  could not deliver ${event.id} to ${target.href} (${cause})`);
      }
    }

    let lastId: string | undefined;
    let connected = false;
    let backoff = 1_000;
    while (!signal.aborted) {
      let response: Response;
      try {
        response = await call(api, 'GET', path, {
          headers: { Accept: 'text/event-stream', ...(lastId ? { 'Last-Event-ID': lastId } : {}) },
          signal,
        });
        if (!response.ok || !response.body) throw await failureOf(response);
      } catch (error) {
        if (signal.aborted) break;
        // Before the first connection a failure is the answer (a wrong token, a wrong --api-base);
        // afterwards the API restarted or the network dropped: keep trying, and resume where it was.
        if (!connected || (error instanceof CliFailure && error.exitCode === exitCodes.auth)) throw error;
        err(`${(error as Error).message} Trying again in ${backoff / 1000} s.`);
        await pause(backoff, signal);
        backoff = Math.min(backoff * 2, maxBackoffMs);
        continue;
      }
      if (!connected) {
        out(`Ready! Your webhook signing secret is ${secret} (Ctrl-C to quit).`);
        out(`Forwarding events to ${target.href}`);
      } else err('Reconnected; resuming after the last event received.');
      connected = true;
      backoff = 1_000;
      try {
        for await (const message of readSse(response.body)) {
          await forward(message);
          if (message.id) lastId = message.id;
        }
      } catch {
        // The stream broke (the API went away); reconnect below.
      }
      if (signal.aborted) break;
      err(`The stream closed. Reconnecting in ${backoff / 1000} s.`);
      await pause(backoff, signal);
    }
    return exitCodes.ok;
  },
};
