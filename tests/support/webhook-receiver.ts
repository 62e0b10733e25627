// A real HTTP receiver on loopback for webhook tests and benchmarks: it records every delivery
// (headers, raw body, arrival time) and answers as the test tells it to. `verifyStandardWebhook`
// checks a delivery twice, and both must agree: with the standardwebhooks package, the reference
// for the wire format, and with a check of its own on node:crypto written here, apart from the
// server's signer (webhook-signing.ts), so a test trusts neither the server's code nor one library.
import { createHmac, timingSafeEqual } from 'node:crypto';
import { createServer, type IncomingHttpHeaders, type ServerResponse } from 'node:http';
import type { AddressInfo } from 'node:net';
import { Webhook } from 'standardwebhooks';

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
 * within five minutes of now (the package's own tolerance). Answers the indexes of the secrets
 * whose signature is present; throws when the package and the check here disagree on one.
 */
export function verifyStandardWebhook(
  delivery: { headers: IncomingHttpHeaders; body: string },
  secrets: readonly string[],
): number[] {
  const id = one(delivery.headers['webhook-id']);
  const timestamp = one(delivery.headers['webhook-timestamp']);
  const signatureHeader = one(delivery.headers['webhook-signature']);
  const signatures = signatureHeader
    .split(' ')
    .filter((s) => s.startsWith('v1,'))
    .map((s) => Buffer.from(s.slice(3), 'base64'));
  const fresh = /^\d+$/.test(timestamp) && Math.abs(Date.now() / 1000 - Number(timestamp)) <= 300;
  const signed = `${id}.${timestamp}.${delivery.body}`;
  const headers = { 'webhook-id': id, 'webhook-timestamp': timestamp, 'webhook-signature': signatureHeader };
  const matches: number[] = [];
  secrets.forEach((secret, index) => {
    const key = Buffer.from(secret.replace(/^whsec_/, ''), 'base64');
    const expected = createHmac('sha256', key).update(signed).digest();
    const ours =
      id !== '' && fresh && signatures.some((s) => s.length === expected.length && timingSafeEqual(s, expected));
    let theirs = true;
    try {
      new Webhook(secret).verify(delivery.body, headers);
    } catch {
      theirs = false;
    }
    if (ours !== theirs) {
      throw new Error(`Secret ${index}: the standardwebhooks package says ${theirs}, the node:crypto check ${ours}.`);
    }
    if (ours) matches.push(index);
  });
  return matches;
}
