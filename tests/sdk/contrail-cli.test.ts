// The event stream and the `contrail` CLI against a real stack: GET /events/stream hands the
// agency's events on as they are written (the envelope exactly as GET /events/{id} answers it), sends
// heartbeat comments, resumes after Last-Event-ID without repeating or skipping, and keeps other
// agencies' events out; `contrail listen` (the built CLI, run as a child process) forwards real and
// triggered events to a loopback receiver signed per Standard Webhooks with the secret it printed;
// `contrail trigger` fires a test event; `contrail logs tail` prints each new call of the request log
// once, filtered as asked; every failure is one clear line and its exit code.
import { spawn, type ChildProcessWithoutNullStreams } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { verifyWebhook } from '@contrail/sdk';
import { bearer, book, findFares } from '../support/bookings';
import { createAccount, createTenant, type TestAccount } from '../support/factories';
import { ensureSdkBuilt, builtCli } from '../support/sdk-package';
import { closedPort } from '../support/services';
import { startStack, type Stack } from '../support/stack';
import { waitFor } from '../support/wait';
import { startReceiver, verifyStandardWebhook, type Receiver } from '../support/webhook-receiver';

let stack: Stack;
let receiver: Receiver;
let supervisor: TestAccount;
let agent: TestAccount;
let outsider: TestAccount;
const children: ChildProcessWithoutNullStreams[] = [];

beforeAll(async () => {
  ensureSdkBuilt();
  [stack, receiver] = await Promise.all([
    startStack({ env: { EVENT_STREAM_POLL_MS: '100', EVENT_STREAM_HEARTBEAT_MS: '300' } }),
    startReceiver(),
  ]);
  const tenant = await createTenant(stack.ctx.db);
  supervisor = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant });
  agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant });
  outsider = await createAccount(stack.ctx.db, { userType: 'Supervisor', tenant: await createTenant(stack.ctx.db) });
}, 120_000);
afterAll(async () => {
  for (const child of children) child.kill('SIGKILL');
  await receiver?.close();
  await stack?.close();
});

async function bookOne(who: TestAccount, days: number): Promise<string> {
  const [fare] = await findFares(stack.baseUrl, bearer(who.token), { origin: 'WAW', destination: 'FRA', days });
  return (await book(stack.baseUrl, bearer(who.token), fare!)).locator;
}

interface Message {
  id?: string;
  event: string;
  data: string;
}

/** An open stream, read in the background: its raw text and its messages as they come. */
async function openStream(token: string, lastEventId?: string) {
  const abort = new AbortController();
  const response = await fetch(`${stack.apiUrl}/events/stream`, {
    headers: {
      ...bearer(token),
      Accept: 'text/event-stream',
      ...(lastEventId ? { 'Last-Event-ID': lastEventId } : {}),
    },
    signal: abort.signal,
  });
  const stream = { response, raw: '', messages: [] as Message[], close: () => abort.abort() };
  if (response.ok && response.body) {
    void (async () => {
      const decoder = new TextDecoder();
      let pending = '';
      try {
        for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) {
          const text = decoder.decode(chunk, { stream: true });
          stream.raw += text;
          pending += text;
          let end: number;
          while ((end = pending.indexOf('\n\n')) >= 0) {
            const block = pending.slice(0, end);
            pending = pending.slice(end + 2);
            const fields = Object.fromEntries(
              block
                .split('\n')
                .filter((l) => !l.startsWith(':'))
                .map((l) => [l.slice(0, l.indexOf(':')), l.slice(l.indexOf(':') + 2)]),
            );
            if (fields['data'] !== undefined) stream.messages.push(fields as unknown as Message);
          }
        }
      } catch {
        // closed by the test
      }
    })();
  }
  return stream;
}

const locatorOf = (m: Message) =>
  (JSON.parse(m.data) as { data: { object: { locator?: string } } }).data.object.locator;

describe('GET /events/stream', () => {
  it('hands on the agency’s events as written, with heartbeats, and resumes after Last-Event-ID', async () => {
    const first = await openStream(supervisor.token);
    expect(first.response.status).toBe(200);
    expect(first.response.headers.get('content-type')).toMatch(/^text\/event-stream/);
    expect(first.response.headers.get('request-id')).toBeTruthy();
    const locator = await bookOne(supervisor, 40);
    await waitFor(
      'the booking.created message',
      async () => first.messages,
      (ms) => ms.some((m) => locatorOf(m) === locator),
      15_000,
    );
    const message = first.messages.find((m) => locatorOf(m) === locator)!;
    expect(message.event).toBe('booking.created');
    const event = JSON.parse(message.data) as { id: string };
    const stored = await fetch(`${stack.apiUrl}/events/${event.id}`, { headers: bearer(supervisor.token) });
    expect(JSON.parse(message.data)).toEqual(await stored.json());
    await waitFor(
      'a heartbeat',
      async () => first.raw,
      (raw) => raw.includes(': heartbeat\n\n'),
      5_000,
    );
    first.close();

    // Written while no stream was open: the resumed stream starts right after the last id seen,
    // and another agency's booking never appears.
    const missed = await bookOne(supervisor, 41);
    const foreign = await bookOne(outsider, 42);
    const resumed = await openStream(supervisor.token, message.id);
    await waitFor(
      'the missed booking',
      async () => resumed.messages,
      (ms) => ms.some((m) => locatorOf(m) === missed),
      15_000,
    );
    const seen = resumed.messages.map(locatorOf);
    expect(seen[0]).toBe(missed);
    expect(seen).not.toContain(locator);
    expect(seen).not.toContain(foreign);
    resumed.close();
  });

  it('is for those who manage the endpoints, and takes only a Last-Event-ID it gave', async () => {
    expect((await openStream(agent.token)).response.status).toBe(403);
    const bad = await openStream(supervisor.token, 'bm90LWEtcG9zaXRpb24');
    expect(bad.response.status).toBe(400);
    expect(await bad.response.json()).toMatchObject({ errors: [{ code: 'validation_failed' }] });
  });
});

/** Runs the built CLI; answers its exit code and output once it ends. */
function cli(args: string[], env: Record<string, string> = {}) {
  const child = spawn('node', [builtCli, ...args], { env: { ...process.env, CONTRAIL_API_KEY: '', ...env } });
  children.push(child);
  const run = { child, stdout: '', stderr: '', done: new Promise<number | null>((r) => child.on('close', r)) };
  child.stdout.on('data', (c: Buffer) => (run.stdout += c.toString()));
  child.stderr.on('data', (c: Buffer) => (run.stderr += c.toString()));
  return run;
}

describe('contrail listen and trigger', () => {
  it('forwards real and triggered events to a local URL, signed with the secret it printed', async () => {
    const listen = cli(['listen', '--forward-to', receiver.url, '--api-base', stack.apiUrl], {
      CONTRAIL_API_KEY: supervisor.token,
    });
    await waitFor(
      'Ready',
      async () => listen.stdout,
      (out) => out.includes('Ready!'),
      15_000,
    );
    const secret = /signing secret is (whsec_\S+)/.exec(listen.stdout)![1]!;

    const trigger = cli(['trigger', 'booking.created', '--api-base', stack.apiUrl], {
      CONTRAIL_API_KEY: supervisor.token,
    });
    expect(await trigger.done, trigger.stderr).toBe(0);
    const triggeredId = /Triggered booking\.created \[(evt_\w+)\]/.exec(trigger.stdout)![1]!;
    const locator = await bookOne(supervisor, 43);

    const arrived = await waitFor(
      'both deliveries',
      async () => receiver.received,
      (all) =>
        all.some((d) => d.headers['webhook-id'] === triggeredId) &&
        all.some((d) => locatorOf({ event: '', data: d.body }) === locator),
      15_000,
    );
    for (const delivery of arrived) {
      expect(verifyStandardWebhook(delivery, [secret])).toEqual([0]);
      const event = verifyWebhook(delivery.body, delivery.headers, secret);
      expect(delivery.headers['webhook-id']).toBe(event.id);
    }
    await waitFor(
      'the answer logged',
      async () => listen.stdout,
      (out) => out.includes(`<-- [204] POST ${receiver.url}`),
      5_000,
    );

    listen.child.kill('SIGINT');
    expect(await listen.done).toBe(0);
  });

  it('tails the request log: each new call once, with its request id, filtered as asked', async () => {
    const before = await fetch(`${stack.apiUrl}/account/details`, { headers: bearer(supervisor.token) });
    expect(before.status).toBe(200);
    // The log is written a moment after each call: the tail starts once this one is in it.
    await waitFor(
      'the earlier call logged',
      async () =>
        (await fetch(`${stack.apiUrl}/request_logs?limit=1`, { headers: bearer(supervisor.token) })).json() as Promise<{
          data: { id: string }[];
        }>,
      (page) => page.data[0]?.id === before.headers.get('request-id'),
      10_000,
    );
    const tail = cli(['logs', 'tail', '--interval', '0.3', '--api-base', stack.apiUrl], {
      CONTRAIL_API_KEY: supervisor.token,
    });
    const errors = cli(['logs', 'tail', '--status', '4xx', '--interval', '0.3', '--api-base', stack.apiUrl], {
      CONTRAIL_API_KEY: supervisor.token,
    });
    for (const run of [tail, errors])
      await waitFor(
        'tailing',
        async () => run.stdout,
        (out) => out.includes('Tailing the request log'),
        15_000,
      );
    const calls: { path: string; status: number; id: string }[] = [];
    for (const path of ['/account/details', '/bookings', '/bookings/NOSUCH']) {
      const response = await fetch(`${stack.apiUrl}${path}`, { headers: bearer(supervisor.token) });
      calls.push({ path, status: response.status, id: response.headers.get('request-id')! });
    }
    expect(calls.map((c) => c.status)).toEqual([200, 200, 404]);
    await waitFor(
      'every call tailed',
      async () => tail.stdout,
      (out) => calls.every((c) => out.includes(`[${c.id}]`)),
      15_000,
    );
    await waitFor(
      'the 404 tailed',
      async () => errors.stdout,
      (out) => out.includes(`[${calls[2]!.id}]`),
      15_000,
    );
    // Polls go on; what was printed is not printed again, and the call before the tail is not shown.
    await new Promise((r) => setTimeout(r, 1_000));
    expect(tail.stdout).not.toContain(`[${before.headers.get('request-id')}]`);
    for (const c of calls) expect(tail.stdout.split(`[${c.id}]`).length - 1).toBe(1);
    expect(tail.stdout).toMatch(new RegExp(`  404  GET +/api/v1/bookings/NOSUCH  \\d+ ms  api  \\[${calls[2]!.id}\\]`));
    expect(errors.stdout).not.toContain(`[${calls[0]!.id}]`);
    expect(errors.stdout).not.toContain(`[${calls[1]!.id}]`);
    for (const run of [tail, errors]) run.child.kill('SIGINT');
    expect([await tail.done, await errors.done]).toEqual([0, 0]);
  });

  it('says what is wrong in one line, with an exit code per kind of failure', async () => {
    const api = ['--api-base', stack.apiUrl];
    const cases: { args: string[]; env?: Record<string, string>; code: number; says: RegExp }[] = [
      { args: ['trigger', 'booking.created', ...api], code: 3, says: /No API token/ },
      {
        args: ['trigger', 'booking.created', ...api],
        env: { CONTRAIL_API_KEY: 'ctr_test_nobody' },
        code: 3,
        says: /401/,
      },
      { args: ['trigger', 'booking.created', ...api], env: { CONTRAIL_API_KEY: agent.token }, code: 3, says: /403/ },
      { args: ['trigger', 'no.such_type', ...api], env: { CONTRAIL_API_KEY: supervisor.token }, code: 1, says: /400/ },
      {
        args: ['trigger', 'sales_report.ready', ...api],
        env: { CONTRAIL_API_KEY: supervisor.token },
        code: 1,
        says: /422 \(test_event_unavailable/,
      },
      {
        args: ['trigger', 'booking.created', '--api-base', `http://127.0.0.1:${await closedPort()}/api/v1`],
        env: { CONTRAIL_API_KEY: supervisor.token },
        code: 4,
        says: /Cannot reach the API/,
      },
      { args: ['listen', ...api], env: { CONTRAIL_API_KEY: supervisor.token }, code: 2, says: /--forward-to/ },
      { args: ['tail'], code: 2, says: /Unknown command "tail"/ },
      { args: ['logs', 'follow', ...api], env: { CONTRAIL_API_KEY: supervisor.token }, code: 2, says: /logs tail/ },
    ];
    for (const c of cases) {
      const run = cli(c.args, c.env);
      expect({ args: c.args, code: await run.done }).toEqual({ args: c.args, code: c.code });
      expect(run.stderr.trim().split('\n')[0]).toMatch(c.says);
    }
  });
});
