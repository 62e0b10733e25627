// Which order calls the NDC adapter may send twice. An airline that answers 503 is retried for the
// safe messages (retrieve, reshop) and never for those that change the order at the airline
// (create, issue, void, refund, change): a lost answer there may hide a booking or a ticketing that
// did happen, and a resend could do it twice.
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { ProviderError, type AirlineProvider } from '../../api/src/providers/airline-provider.js';
import { createNdcAdapter } from '../../api/src/providers/ndc/ndc.adapter.js';

const received: { url: string; body: string }[] = [];
const airline = http.createServer((request, response) => {
  let body = '';
  request.on('data', (chunk: Buffer) => (body += chunk.toString()));
  request.on('end', () => {
    // Order SLOW23 stands for an airline that takes its time: it never answers.
    if (body.includes('SLOW23')) return void received.push({ url: request.url ?? '', body });
    received.push({ url: request.url ?? '', body });
    response.writeHead(503, { 'content-type': 'application/json' });
    response.end(JSON.stringify({ Errors: { Error: [{ Code: 'INTERNAL', DescText: 'db host 10.0.0.7 down' }] } }));
  });
});

let provider: AirlineProvider;
/** Short deadlines, a longer one for calls that change an order. */
let hurried: AirlineProvider;
beforeAll(async () => {
  await new Promise<void>((resolve) => airline.listen(0, '127.0.0.1', resolve));
  const { port } = airline.address() as AddressInfo;
  const baseUrl = `http://127.0.0.1:${port}`;
  provider = createNdcAdapter({ baseUrl, timeoutMs: 5_000, safeRetries: 2 });
  hurried = createNdcAdapter({ baseUrl, timeoutMs: 300, orderTimeoutMs: 900, safeRetries: 2 });
});
afterAll(() => new Promise<void>((resolve) => airline.close(() => resolve())));
beforeEach(() => void received.splice(0));

const channel = { id: 'ach_test', carrier: 'LH', credential: 'sbx_LH_retries', negoCode: null, residentCode: null };
const cash = { form: { type: 'cash' as const }, amount: { amount: '100.00', currency: 'EUR' } };
const card = {
  form: { type: 'card' as const, brand: 'visa' as const, number: '4111111111111111', expiry: '1230' },
  amount: cash.amount,
};
const passenger = {
  id: 'PAX1',
  type: 'ADT' as const,
  givenName: 'Anna',
  surname: 'Kowalska',
  title: null,
  birthdate: '1985-03-14',
  gender: null,
  identityDocument: null,
};

async function failure(call: Promise<unknown>): Promise<ProviderError> {
  const error = await call.then(
    () => null,
    (e: unknown) => e,
  );
  expect(error).toBeInstanceOf(ProviderError);
  return error as ProviderError;
}

describe('NDC adapter retries', () => {
  it.each([
    ['retrieve', () => provider.retrieveOrder(channel, { orderId: 'ABC234', sellerReference: 'bkg_1' })],
    [
      'reprice',
      () => provider.reshopOrder(channel, { orderId: 'ABC234', sellerReference: 'bkg_1' }, { type: 'reprice' }),
    ],
  ])('retries a safe call (%s) after a 503', async (_name, call) => {
    expect((await failure(call())).kind).toBe('unavailable');
    expect(received).toHaveLength(3);
  });

  it.each([
    [
      'create',
      () =>
        provider.createOrder(channel, {
          offerId: 'OF1',
          sellerReference: 'bkg_1',
          passengers: [passenger],
          contact: { email: 'a@example.com', phone: '+48 600 100 200' },
        }),
    ],
    ['issue', () => provider.issueOrder(channel, { orderId: 'ABC234', sellerReference: 'bkg_1' }, card)],
    ['void', () => provider.voidOrder(channel, { orderId: 'ABC234', sellerReference: 'bkg_1' })],
    ['cancel', () => provider.cancelOrder(channel, { orderId: 'ABC234', sellerReference: 'bkg_1' })],
    ['refund quote', () => provider.quoteRefund(channel, { orderId: 'ABC234', sellerReference: 'bkg_1' })],
    ['refund confirm', () => provider.confirmRefund(channel, { orderId: 'ABC234', sellerReference: 'bkg_1' }, 'RQ1')],
    ['change', () => provider.changeOrder(channel, { orderId: 'ABC234', sellerReference: 'bkg_1' }, 'RO1', cash)],
    [
      'services',
      () =>
        provider.addServices(
          channel,
          { orderId: 'ABC234', sellerReference: 'bkg_1' },
          [{ serviceId: 'S1', passengerId: 'PAX1' }],
          cash,
        ),
    ],
    [
      'contacts',
      () =>
        provider.updateContacts(channel, { orderId: 'ABC234', sellerReference: 'bkg_1' }, { email: 'b@example.com' }),
    ],
    [
      'passengers',
      () =>
        provider.updatePassengers(channel, { orderId: 'ABC234', sellerReference: 'bkg_1' }, [
          { id: 'PAX1', title: 'MS' },
        ]),
    ],
  ])('sends a call that changes the order (%s) exactly once, even after a 503', async (_name, call) => {
    expect((await failure(call())).kind).toBe('unavailable');
    expect(received).toHaveLength(1);
  });

  it('gives an order-changing call its own, longer deadline, and sends it once', async () => {
    let started = Date.now();
    expect((await failure(hurried.retrieveOrder(channel, { orderId: 'SLOW23', sellerReference: 'bkg_1' }))).kind).toBe(
      'timeout',
    );
    expect(Date.now() - started).toBeLessThan(800);
    started = Date.now();
    expect(
      (await failure(hurried.issueOrder(channel, { orderId: 'SLOW23', sellerReference: 'bkg_1' }, cash))).kind,
    ).toBe('timeout');
    expect(Date.now() - started).toBeGreaterThanOrEqual(850);
    expect(received.filter((r) => r.url.endsWith('/OrderChange'))).toHaveLength(1);
  });

  it('passes on no 5xx words and never puts the card number into an error', async () => {
    const error = await failure(provider.issueOrder(channel, { orderId: 'ABC234', sellerReference: 'bkg_1' }, card));
    expect(error.airlineMessage).not.toContain('10.0.0.7');
    expect(`${error.message} ${error.airlineMessage} ${JSON.stringify(error)}`).not.toContain('4111111111111111');
    // It did reach the airline, in the one message that carries it.
    expect(received[0]!.body).toContain('4111111111111111');
  });
});
