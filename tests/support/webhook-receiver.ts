// A real HTTP receiver on loopback for webhook tests and benchmarks: it records every delivery
// (headers, raw body, arrival time) and answers as the test tells it to. `verifyStandardWebhook`
// is an independent implementation of the Standard Webhooks check on node:crypto (not the
// standardwebhooks package the server signs with), so a test does not trust one library twice.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Received {
  headers: IncomingHttpHeaders;
  body: string;
  at: number;
}

export type Answer = (delivery: Received, res: ServerResponse) => void;

export const answerOk: Answer = (_d, res) => res.writeHead(204).end();

export async function startReceiver(answer: Answer = answerOk) {
  const received: Received[] = [];
  let current = answer;
  const server = createServer((req, res) => {
    const chunks: Buffer[] = [];
    req.on('data', (c: Buffer) => chunks.push(c));
    req.on('end', () => {
      const delivery = { headers: req.headers, body: Buffer.concat(chunks).toString('utf8'), at: Date.now() };
      received.push(delivery);
      current(delivery, res);
    });
  });
  server.keepAliveTimeout = 30_000;
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    port,
    url: `http://127.0.0.1:${port}/hooks`,
    received,
    answer(next: Answer) {
      current = next;
    },
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export type Receiver = Awaited<ReturnType<typeof startReceiver>>;

const one = (value: string | string[] | undefined) => (Array.isArray(value) ? value.join(' ') : (value ?? ''));

/**
 * Which of the given secrets signed this delivery (Standard Webhooks, v1: HMAC-SHA256 over
 * `${id}.${timestamp}.${body}` with the base64 key after `whsec_`), checking the timestamp is
 * within `toleranceSeconds` of now. Answers the indexes of the secrets whose signature is present.
 */
export function verifyStandardWebhook(
  delivery: { headers: IncomingHttpHeaders; body: string },
  secrets: readonly string[],
  toleranceSeconds = 300,
): number[] {
  const id = one(delivery.headers['webhook-id']);
  const timestamp = one(delivery.headers['webhook-timestamp']);
  const signatures = one(delivery.headers['webhook-signature'])
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => Buffer.from(s.slice(3), 'base64'));
  if (!id || !/^\d+$/.test(timestamp)) return [];
  if (Math.abs(Date.now() / 1000 - Number(timestamp)) > toleranceSeconds) return [];
  const signed = `${id}.${timestamp}.${delivery.body}`;
  const matches: number[] = [];
  secrets.forEach((secret, index) => {
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    const expected = createHmac('sha256', key).update(signed).digest();
    if (signatures.some((s) => s.length === expected.length && timingSafeEqual(s, expected))) matches.push(index);
  });
  return matches;
}

/** Signs a body as Standard Webhooks does (the benchmark's bare baseline signs with this). */
export function signStandardWebhook(secret: string, id: string, timestamp: number, body: string): string {
  const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
  return `v1,${createHmac('sha256', key).update(`${id}.${timestamp}.${body}`).digest('base64')}`;
}
