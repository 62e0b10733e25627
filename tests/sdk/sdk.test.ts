// The SDK against the running API: auth, typed errors, retries with one Idempotency-Key, method
// override, deadlines and pagination. The only stand-in is a fetch wrapper that records what the
// SDK sends, or loses a response on the way back as a flaky network would.
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import {
  ApiTimeoutError,
  AuthenticationError,
  confirmFlightsChangeRequest,
  confirmRefundRequest,
  ApiAbortError,
  configure,
  createBooking,
  createClient,
  createFlightsChangeRequest,
  createRefundRequest,
  getAccountDetails,
  getMailMessage,
  getReadiness,
  InternalServerError,
  issueBooking,
  listMailMessages,
  NotFoundError,
  paginate,
  PermissionDeniedError,
  priceReshopOffer,
  RateLimitError,
  resetConfig,
  searchOffers,
  sendMail,
  updateAccountLocale,
  type MailMessage,
} from '@contrail/sdk';
import { inDays } from '../support/bookings.js';
import { createAccount, createTenant } from '../support/factories.js';
import { closedPort } from '../support/services.js';
import { startStack, tokens, type Stack } from '../support/stack.js';
import { wellInsideMinute } from '../support/wait.js';

let stack: Stack;
const seen: { method: string; url: string; headers: Headers }[] = [];

function recordingFetch(options: { loseFirstResponse?: boolean; delayMs?: number } = {}): typeof fetch {
  let lost = false;
  return async (input, init) => {
    seen.push({
      method: init?.method ?? 'GET',
      url: input instanceof Request ? input.url : input.toString(),
      headers: new Headers(init?.headers),
    });
    if (options.delayMs) await new Promise((r) => setTimeout(r, options.delayMs));
    init?.signal?.throwIfAborted();
    const response = await fetch(input, init);
    if (options.loseFirstResponse && !lost) {
      lost = true;
      await response.body?.cancel();
      throw new TypeError('fetch failed: connection reset');
    }
    return response;
  };
}

beforeAll(async () => {
  stack = await startStack();
});
afterAll(async () => {
  await stack.close();
});
afterEach(() => {
  resetConfig();
  seen.length = 0;
});

describe('calls', () => {
  it('authenticates with an API token and returns the typed body', async () => {
    configure({ baseUrl: stack.apiUrl, token: tokens.Agent });
    const me = await getAccountDetails();
    expect(me).toMatchObject({
      email: 'agent@contrail.test',
      user_type: 'Agent',
      company: { balance: { currency: 'EUR' } },
    });
  });

  it('sends PUT/PATCH/DELETE as POST with X-HTTP-Method-Override when asked', async () => {
    configure({ baseUrl: stack.apiUrl, token: tokens.Supervisor, methodOverride: true, fetch: recordingFetch() });
    const me = await updateAccountLocale({ language: 'ua' });
    expect(me.language).toBe('ua');
    expect(seen[0]!.method).toBe('POST');
    expect(seen[0]!.headers.get('X-HTTP-Method-Override')).toBe('PATCH');
  });

  it('walks every page of a list', async () => {
    configure({ baseUrl: stack.apiUrl, token: tokens.Admin });
    const to = `pages-${Date.now()}@example.com`;
    for (const n of [1, 2, 3]) await sendMail({ to, subject: `Page ${n}`, body: 'x' });
    const all: MailMessage[] = [];
    for await (const message of paginate((p) => listMailMessages(p), { to, per_page: 2 })) all.push(message);
    expect(all.map((m) => m.subject).sort()).toEqual(['Page 1', 'Page 2', 'Page 3']);
  });
});

describe('clients', () => {
  it('gives each client its own settings: two callers at once, each answered as itself', async () => {
    configure({ baseUrl: stack.apiUrl, token: tokens.Admin });
    const agent = createClient({ baseUrl: stack.apiUrl, token: tokens.Agent });
    const supervisor = createClient({ baseUrl: stack.apiUrl, token: tokens.Supervisor });
    const [asAgent, asSupervisor, asConfigured] = await Promise.all([
      agent.getAccountDetails(),
      supervisor.getAccountDetails(),
      getAccountDetails(),
    ]);
    expect(asAgent.email).toBe('agent@contrail.test');
    expect(asSupervisor.email).toBe('supervisor@contrail.test');
    expect(asConfigured.email).toBe('admin@contrail.test');
    await expect(agent.listMailMessages()).rejects.toBeInstanceOf(PermissionDeniedError);
  });

  it('answers an aborted call with ApiAbortError, not a connection error', async () => {
    const slow = createClient({ baseUrl: stack.apiUrl, token: tokens.Agent, fetch: recordingFetch({ delayMs: 300 }) });
    const abort = new AbortController();
    const call = slow.getAccountDetails({ signal: abort.signal });
    setTimeout(() => abort.abort(), 50);
    await expect(call).rejects.toBeInstanceOf(ApiAbortError);
    expect(seen).toHaveLength(1);
  });
});

describe('errors', () => {
  it('throws one error class per status family with code, request id and the errors array', async () => {
    configure({ baseUrl: stack.apiUrl, token: tokens.Admin });
    const error = await getMailMessage('msg_missing').catch((e: unknown) => e);
    expect(error).toBeInstanceOf(NotFoundError);
    const notFound = error as NotFoundError;
    expect(notFound.status).toBe(404);
    expect(notFound.code).toBe('not_found');
    expect(notFound.requestId).toMatch(/^req_/);
    expect(notFound.messages).toEqual(['No such message.']);

    configure({ token: tokens.Agent });
    await expect(listMailMessages()).rejects.toBeInstanceOf(PermissionDeniedError);
    configure({ token: `ctr_test_${'0'.repeat(32)}` });
    await expect(getAccountDetails()).rejects.toBeInstanceOf(AuthenticationError);
  });
});

describe('retries', () => {
  it('sends an Idempotency-Key with each POST and reuses it when it retries, so nothing is done twice', async () => {
    configure({ baseUrl: stack.apiUrl, token: tokens.Admin, fetch: recordingFetch({ loseFirstResponse: true }) });
    const to = `retry-${Date.now()}@example.com`;
    const message = await sendMail({ to, subject: 'Once', body: 'Only once' });
    expect(seen).toHaveLength(2);
    const keys = seen.map((s) => s.headers.get('Idempotency-Key'));
    expect(keys[0]).toMatch(/^[0-9a-f-]{36}$/);
    expect(keys[1]).toBe(keys[0]);
    const rows = await stack.ctx.db.selectFrom('mail_messages').select('id').where('recipient', '=', to).execute();
    expect(rows.map((r) => r.id)).toEqual([message.id]);
  });

  it('uses a new key for each new POST', async () => {
    configure({ baseUrl: stack.apiUrl, token: tokens.Admin, fetch: recordingFetch() });
    await sendMail({ to: 'a@example.com', subject: 'One', body: 'x' });
    await sendMail({ to: 'a@example.com', subject: 'One', body: 'x' });
    expect(seen[0]!.headers.get('Idempotency-Key')).not.toBe(seen[1]!.headers.get('Idempotency-Key'));
  });

  it('retries 503 with backoff, then gives up with the typed error', async () => {
    const down = await startStack({
      env: { DATABASE_URL: `postgres://postgres@127.0.0.1:${await closedPort()}/gone` },
    });
    try {
      configure({ baseUrl: down.apiUrl, maxRetries: 2, maxRetryDelayMs: 50, fetch: recordingFetch() });
      const error = await getReadiness().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(InternalServerError);
      expect((error as InternalServerError).status).toBe(503);
      expect(seen).toHaveLength(3);
    } finally {
      await down.close();
    }
  });

  it('does not wait out a Retry-After longer than it may wait, and does not retry other 4xx', async () => {
    const limited = await startStack({ env: { RATE_LIMIT_PER_MINUTE: '1' } });
    try {
      configure({ baseUrl: limited.apiUrl, token: tokens.Admin, maxRetryDelayMs: 1_000, fetch: recordingFetch() });
      // Both calls in one window, with more than a second of it left (a Retry-After it may wait).
      await wellInsideMinute();
      await getAccountDetails();
      const error = await getAccountDetails().catch((e: unknown) => e);
      expect(error).toBeInstanceOf(RateLimitError);
      expect(Number((error as RateLimitError).headers.get('Retry-After'))).toBeGreaterThan(1);
      expect(seen).toHaveLength(2);
    } finally {
      await limited.close();
    }
  });

  it('gives each try a deadline', async () => {
    configure({
      baseUrl: stack.apiUrl,
      timeoutMs: 20,
      maxRetries: 1,
      maxRetryDelayMs: 10,
      fetch: recordingFetch({ delayMs: 60 }),
    });
    await expect(getAccountDetails()).rejects.toBeInstanceOf(ApiTimeoutError);
    expect(seen).toHaveLength(2);
  });
});

describe('booking changes', () => {
  /** An issued LH Classic booking (it allows a change for a fee) of a fresh agent. */
  async function issuedClassic(days: number) {
    const agent = await createAccount(stack.ctx.db, { userType: 'Agent', tenant: await createTenant(stack.ctx.db) });
    configure({ baseUrl: stack.apiUrl, token: agent.token, maxRetries: 0 });
    const result = await searchOffers({
      origin_destinations: [{ origin: 'WAW', destination: 'FRA', departure_date: inDays(days) }],
      passengers: { adults: 1 },
      carriers: ['LH'],
    });
    const fare = result.offers.flatMap((o) => o.fares).find((f) => f.fare_family.code === 'CL')!;
    const booked = await createBooking({
      fare_id: fare.fare_id,
      search_result_id: result.id,
      passengers: [{ type: 'ADT', first_name: 'Olena', last_name: 'Kovalenko', birthdate: '1985-03-14' }],
      contacts: { email: 'olena@example.com', phone: '+48 600 100 200' },
    });
    return { agent, issued: await issueBooking({ locator: booked.locator }) };
  }

  it('changes the flights: alternatives, one priced again, confirmed with reissued tickets', async () => {
    const { issued } = await issuedClassic(90);
    const request = await createFlightsChangeRequest(issued.locator, {
      journeys: [{ origin_destination: 0, date: inDays(91) }],
    });
    const [alternative] = request.alternatives;
    expect(alternative).toBeDefined();
    const priced = await priceReshopOffer(issued.locator, { offer_id: alternative!.offer_id });
    expect(priced.paid_by).toBe('bsp_cash');
    const changed = await confirmFlightsChangeRequest(issued.locator, {
      flights_change_request_id: request.id,
      offer_id: alternative!.offer_id,
    });
    expect(changed.documents.map((d) => d.status).sort()).toEqual(['exchanged', 'issued']);
    expect(changed.segments[0]!.departure_at.slice(0, 10)).toBe(inDays(91));
  });

  it('refunds once even when the answer is lost and the SDK retries with the same key', async () => {
    const { agent, issued } = await issuedClassic(92);
    const quote = await createRefundRequest(issued.locator, {});
    expect(quote).toMatchObject({ status: 'quoted', refund_to: 'bsp_cash' });
    configure({
      baseUrl: stack.apiUrl,
      token: agent.token,
      maxRetries: 2,
      fetch: recordingFetch({ loseFirstResponse: true }),
    });
    const refunded = await confirmRefundRequest(issued.locator, { refund_request_id: quote.id });
    expect(refunded.status).toBe('refunded');
    expect(seen.map((s) => s.headers.get('Idempotency-Key'))).toEqual([
      seen[0]!.headers.get('Idempotency-Key'),
      seen[0]!.headers.get('Idempotency-Key'),
    ]);
    const docs = await stack.ctx.db
      .selectFrom('sales_documents')
      .select('kind')
      .where('locator', '=', issued.locator)
      .where('kind', '=', 'refund')
      .execute();
    expect(docs).toHaveLength(1);
  });
});
