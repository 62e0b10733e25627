// A developer's contract test, from the outside: Stoplight Prism 5.14.2 as a validating proxy in
// front of a started API and sandbox, and search → book → issue → void through it. Prism reports
// what breaks the contract in each answer's `sl-violations` header; the response side must be clean.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomUUID } from 'node:crypto';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { inDays } from '../support/bookings.js';
import { createAccount, createTenant, type TestAccount } from '../support/factories.js';
import { bundlePath, repoRoot } from '../support/generated-clients.js';
import { closedPort } from '../support/services.js';
import { startStack, type Stack } from '../support/stack.js';

interface Violation {
  location: string[];
  code: string | number;
  message: string;
  severity: string;
}

let stack: Stack;
let agent: TestAccount;
let prism: ChildProcess;
let prismUrl: string;
const violations: { call: string; violation: Violation }[] = [];

async function startPrism(upstream: string): Promise<{ child: ChildProcess; url: string }> {
  const port = await closedPort();
  const bin = path.join(repoRoot, 'node_modules/@stoplight/prism-cli/dist/index.js');
  const child = spawn(
    process.execPath,
    [bin, 'proxy', bundlePath, upstream, '--host', '127.0.0.1', '--port', String(port), '--errors', 'false'],
    { stdio: ['ignore', 'pipe', 'pipe'] },
  );
  let log = '';
  await new Promise<void>((resolve, reject) => {
    const timer = setTimeout(() => reject(new Error(`Prism did not start:\n${log}`)), 120_000);
    const read = (chunk: Buffer) => {
      log += chunk.toString();
      if (log.includes('Prism is listening')) {
        clearTimeout(timer);
        resolve();
      }
    };
    child.stdout.on('data', read);
    child.stderr.on('data', read);
    child.once('exit', (code) => {
      clearTimeout(timer);
      reject(new Error(`Prism exited with ${code}:\n${log}`));
    });
  });
  return { child, url: `http://127.0.0.1:${port}` };
}

/** One call through Prism, as a developer's client would make it; keeps what Prism found wrong. */
async function call(method: string, pathname: string, body?: unknown, headers: Record<string, string> = {}) {
  const res = await fetch(`${prismUrl}${pathname}`, {
    method,
    headers: {
      authorization: `Bearer ${agent.token}`,
      ...(body === undefined ? {} : { 'content-type': 'application/json' }),
      ...headers,
    },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const found = res.headers.get('sl-violations');
  for (const violation of found ? (JSON.parse(found) as Violation[]) : []) {
    violations.push({ call: `${method} ${pathname} → ${res.status}`, violation });
  }
  const text = await res.text();
  return { status: res.status, headers: res.headers, body: text ? (JSON.parse(text) as Record<string, unknown>) : {} };
}

beforeAll(async () => {
  stack = await startStack();
  const tenant = await createTenant(stack.ctx.db);
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  // Prism matches the contract's paths (`/offers`) and forwards them under the upstream's `/api/v1`.
  const started = await startPrism(stack.apiUrl);
  prism = started.child;
  prismUrl = started.url;
}, 180_000);

afterAll(async () => {
  if (prism && prism.exitCode === null) {
    const exited = new Promise((resolve) => prism.once('exit', resolve));
    prism.kill('SIGTERM');
    await exited;
  }
  await stack?.close();
});

describe('through Prism as a validating proxy', () => {
  it('searches, books, issues and voids with no answer that breaks the contract', async () => {
    const search = await call('POST', '/offers', {
      origin_destinations: [{ origin: 'WAW', destination: 'FRA', departure_date: inDays(30) }],
      passengers: { adults: 1 },
    });
    expect(search.status, JSON.stringify(search.body)).toBe(201);
    const offers = search.body.offers as { owner: { code: string }; fares: { fare_id: string }[] }[];
    const fare = offers.find((o) => o.owner.code === 'LH')!.fares[0]!;

    const booked = await call(
      'POST',
      '/bookings',
      {
        fare_id: fare.fare_id,
        search_result_id: search.body.id,
        passengers: [
          { type: 'ADT', first_name: 'Olena', last_name: 'Kovalenko', title: 'MRS', birthdate: '1985-03-14' },
        ],
        contacts: { email: 'olena@example.com', phone: '+48 600 100 200' },
      },
      { 'idempotency-key': randomUUID() },
    );
    expect(booked.status, JSON.stringify(booked.body)).toBe(201);
    const locator = booked.body.locator as string;

    const key = randomUUID();
    const issued = await call('POST', '/bookings/issue', { locator }, { 'idempotency-key': key });
    expect(issued.status, JSON.stringify(issued.body)).toBe(200);
    expect(issued.body.status).toBe('issued');
    // The same key again: the stored answer, marked as a replay.
    const replayed = await call('POST', '/bookings/issue', { locator }, { 'idempotency-key': key });
    expect(replayed.status).toBe(200);
    expect(replayed.headers.get('idempotency-replayed')).toBe('true');

    const voided = await call('DELETE', `/bookings/${locator}`);
    expect(voided.status, JSON.stringify(voided.body)).toBe(200);
    expect(voided.body.status).toBe('voided');

    // Answers the edge gives: a body that is not JSON (415), and one that is too large (413).
    const wrongType = await call('POST', '/bookings/issue', undefined, { 'content-type': 'text/plain' });
    expect(wrongType.status).toBe(415);
    const tooLarge = await call('POST', '/bookings/issue', { locator, padding: 'x'.repeat(1_100_000) });
    expect(tooLarge.status).toBe(413);

    // Prism does validate: a request that breaks the contract is reported (and the API refuses it).
    const invalid = await call('POST', '/bookings/issue', { locator: 'not a locator' });
    expect(invalid.status).toBe(400);
    expect(
      violations.some((v) => v.call.startsWith('POST /bookings/issue → 400') && v.violation.location[0] === 'request'),
    ).toBe(true);

    expect(violations.filter((v) => v.violation.message === 'Selected route not found')).toEqual([]);
    expect(violations.filter((v) => v.violation.location[0] === 'response')).toEqual([]);
  }, 120_000);
});
