// Every transport and auth style of a channel endpoint, end to end on loopback: the API's
// transport talks to the sandbox's NDC XML auth gate (REST and SOAP 1.1, API-key header, OAuth2
// client credentials, login-then-token, mutual TLS on the sandbox's HTTPS door), a payment host of
// its own and per-message deadlines. The airline behind the gate is a loopback route that records
// what reached it and answers a document (or a SOAP fault, or late).
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ProviderError } from '../../api/src/providers/airline-provider.js';
import { defaultEndpointSettings, type ChannelEndpoint } from '../../api/src/providers/channel-endpoint.js';
import {
  createEndpointTransport,
  SoapFaultError,
} from '../../api/src/providers/ndc-xml/transport/endpoint-transport.js';
import type { NdcXmlRequest } from '../../api/src/providers/ndc-xml/ndc-xml-transport.js';
import { installNdcXmlAuthGate } from '../../sandbox/src/http/ndc-xml-auth-gate.js';
import { listenTls } from '../../sandbox/src/http/tls-listener.js';
import { createTestPki, type TestPki } from '../support/test-certs.js';

interface Received {
  url: string;
  authorization: string | undefined;
  contentType: string | undefined;
  soapAction: string | undefined;
  body: string;
}

let airline: FastifyInstance;
let base: string;
let tlsBase: string;
let closeTls: () => Promise<void>;
let payments: FastifyInstance;
let paymentBase: string;
let pki: TestPki;
const received: Received[] = [];
const paid: string[] = [];
let tokensIssued = 0;
let refusals = 0;
const rq = (message: NdcXmlRequest['message'], extra: Partial<NdcXmlRequest> = {}): NdcXmlRequest => ({
  message,
  xml: `<?xml version="1.0" encoding="UTF-8"?><IATA_${message}RQ xmlns="http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersMessage"><Amount>0100.50</Amount></IATA_${message}RQ>`,
  deadlineMs: 5000,
  carriesCard: false,
  ...extra,
});

beforeAll(async () => {
  pki = createTestPki();
  airline = Fastify();
  installNdcXmlAuthGate(airline);
  airline.addContentTypeParser(['application/xml', 'text/xml'], { parseAs: 'string' }, (_r, body, done) =>
    done(null, body),
  );
  airline.addHook('onResponse', async (request) => {
    if (request.url.startsWith('/ndc-xml/auth/') && request.method === 'POST') tokensIssued++;
  });
  airline.addHook('onResponse', async (request, reply) => {
    if (request.url.startsWith('/ndc-xml/21.3/') && reply.statusCode === 401) refusals++;
  });
  airline.post<{ Params: { message: string } }>('/ndc-xml/21.3/:message', async (request, reply) => {
    const body = String(request.body);
    received.push({
      url: request.url,
      authorization: request.headers.authorization,
      contentType: request.headers['content-type'],
      soapAction: request.headers.soapaction as string | undefined,
      body,
    });
    // As the sandbox's own XML routes do: no credential at all is theirs to refuse.
    if (!request.headers.authorization)
      return reply.code(401).header('content-type', 'application/xml').send('<Error/>');
    const { message } = request.params;
    if (message === 'SeatAvailability') await new Promise((r) => setTimeout(r, 600));
    const credential = request.headers.authorization.replace('Bearer ', '');
    const rs = `<IATA_${message}RS xmlns="http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersMessage"><Echo>${credential}</Echo><Amount>0100.50</Amount></IATA_${message}RS>`;
    if (!request.headers.soapaction) return reply.header('content-type', 'application/xml').send(rs);
    const inner =
      message === 'OrderChange'
        ? '<soap:Fault><faultcode>soap:Client</faultcode><faultstring>Order not changeable</faultstring></soap:Fault>'
        : rs;
    return reply
      .code(message === 'OrderChange' ? 500 : 200)
      .header('content-type', 'text/xml')
      .send(
        `<?xml version="1.0"?><s:Envelope xmlns:s="http://schemas.xmlsoap.org/soap/envelope/"><s:Body>${inner.replace(/soap:/g, 's:')}</s:Body></s:Envelope>`,
      );
  });
  await airline.listen({ host: '127.0.0.1', port: 0 });
  base = `http://127.0.0.1:${(airline.server.address() as AddressInfo).port}`;
  const tls = await listenTls(
    airline,
    { key: pki.server.key, cert: pki.server.cert, ca: pki.ca.cert },
    {
      host: '127.0.0.1',
      port: 0,
    },
  );
  tlsBase = `https://127.0.0.1:${tls.port}`;
  closeTls = () => tls.close();

  payments = Fastify();
  payments.addContentTypeParser('application/xml', { parseAs: 'string' }, (_r, body, done) => done(null, body));
  payments.post('/*', async (request, reply) => {
    paid.push(request.url);
    return reply.header('content-type', 'application/xml').send('<IATA_OrderViewRS/>');
  });
  await payments.listen({ host: '127.0.0.1', port: 0 });
  paymentBase = `http://127.0.0.1:${(payments.server.address() as AddressInfo).port}`;
});
afterAll(async () => {
  await closeTls?.();
  await airline?.close();
  await payments?.close();
  pki?.dispose();
});

let channels = 0;
async function channelWith(style: object): Promise<string> {
  const credential = `sbx_lh_transport${channels++}`;
  const answer = await fetch(`${base}/sandbox/ndc_xml_auth`, {
    method: 'PUT',
    headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/json' },
    body: JSON.stringify(style),
  });
  expect(answer.status).toBe(200);
  return credential;
}

function endpoint(
  overrides: Partial<Omit<ChannelEndpoint, 'auth'>> & { auth?: Partial<ChannelEndpoint['auth']> },
): ChannelEndpoint {
  return {
    ...defaultEndpointSettings,
    adapter: 'ndc-xml',
    baseUrl: `${base}/ndc-xml/21.3`,
    secrets: {},
    version: '1',
    ...overrides,
    auth: { ...defaultEndpointSettings.auth, ...overrides.auth },
  };
}

const transportOf = (e: ChannelEndpoint, extra: { ca?: string } = {}) =>
  createEndpointTransport(e, { channelId: 'ach_test', carrier: 'LH', ...extra });

async function refusedKind(call: Promise<unknown>): Promise<string> {
  try {
    await call;
  } catch (error) {
    if (error instanceof ProviderError) return error.kind;
    throw error;
  }
  throw new Error('the exchange was not refused');
}

describe('REST with an API key', () => {
  it('sends the bare document with the key in the named header, and reads the answer untouched', async () => {
    const credential = await channelWith({ api_key_header: 'Ocp-Apim-Subscription-Key' });
    const transport = transportOf(
      endpoint({
        messagePaths: { AirShopping: '/AirShopping' },
        auth: { apiKeyHeader: 'Ocp-Apim-Subscription-Key' },
        secrets: { apiKey: credential },
      }),
    );
    const request = rq('AirShopping');
    const answer = await transport.exchange(request);
    expect(answer.status).toBe(200);
    expect(answer.xml).toContain(`<Echo>${credential}</Echo><Amount>0100.50</Amount>`);
    const last = received.at(-1)!;
    expect(last).toMatchObject({ url: '/ndc-xml/21.3/AirShopping', contentType: 'application/xml; charset=utf-8' });
    expect(last.body).toBe(request.xml);
    expect(last.soapAction).toBeUndefined();

    const wrong = transportOf(endpoint({ auth: { apiKeyHeader: 'Client-Key' }, secrets: { apiKey: credential } }));
    expect(await refusedKind(wrong.exchange(rq('AirShopping')))).toBe('credential_refused');
    // The switched channel may no longer come the old way.
    const oldWay = await fetch(`${base}/ndc-xml/21.3/AirShopping`, {
      method: 'POST',
      headers: { authorization: `Bearer ${credential}`, 'content-type': 'application/xml' },
      body: request.xml,
    });
    expect(oldWay.status).toBe(401);
    await transport.close();
    await wrong.close();
  });
});

describe('SOAP 1.1', () => {
  it('wraps the document in an envelope with its SOAPAction, unwraps the answer, and types a fault', async () => {
    const credential = await channelWith({ api_key_header: 'Client-Key' });
    const transport = transportOf(
      endpoint({
        transport: 'soap',
        soapActions: { OfferPrice: 'OfferPriceV01' },
        auth: { apiKeyHeader: 'Client-Key' },
        secrets: { apiKey: credential },
      }),
    );
    const answer = await transport.exchange(rq('OfferPrice'));
    expect(answer.xml).toMatch(/^<IATA_OfferPriceRS[\s>]/);
    expect(answer.xml).toContain('<Amount>0100.50</Amount>');
    const last = received.at(-1)!;
    expect(last.soapAction).toBe('"OfferPriceV01"');
    expect(last.contentType).toBe('text/xml; charset=utf-8');
    expect(last.body).toMatch(
      /^<\?xml[^>]*\?><soap:Envelope xmlns:soap="http:\/\/schemas.xmlsoap.org\/soap\/envelope\/">/,
    );
    expect(last.body).toContain('<soap:Body><IATA_OfferPriceRQ');
    expect(last.body.match(/<\?xml/g)).toHaveLength(1);

    const fault = await transport.exchange(rq('OrderChange')).catch((e: unknown) => e);
    expect(fault).toBeInstanceOf(SoapFaultError);
    expect(fault).toMatchObject({
      kind: 'invalid_request',
      fault: { code: 's:Client', message: 'Order not changeable' },
    });
    await transport.close();
  });
});

describe('tokens', () => {
  it('OAuth2 client credentials: one token for many callers, renewed before it expires', async () => {
    const credential = await channelWith({ token: 'oauth2_client_credentials', token_ttl_seconds: 2 });
    const transport = transportOf(
      endpoint({
        auth: { token: 'oauth2_client_credentials', tokenUrl: `${base}/ndc-xml/auth/token`, clientId: credential },
        secrets: { clientSecret: credential },
      }),
    );
    const before = tokensIssued;
    const answers = await Promise.all(Array.from({ length: 30 }, () => transport.exchange(rq('AirShopping'))));
    expect(answers.every((a) => a.xml.includes(`<Echo>${credential}</Echo>`))).toBe(true);
    expect(tokensIssued - before).toBe(1);
    // Renewed a fifth of a second (a tenth of its life) before expiry: no call ever meets a 401.
    const refusedBefore = refusals;
    for (let i = 0; i < 12; i++) {
      await transport.exchange(rq('AirShopping'));
      await new Promise((r) => setTimeout(r, 200));
    }
    expect(tokensIssued - before).toBeGreaterThanOrEqual(2);
    expect(refusals - refusedBefore).toBe(0);

    const wrong = transportOf(
      endpoint({
        auth: { token: 'oauth2_client_credentials', tokenUrl: `${base}/ndc-xml/auth/token`, clientId: credential },
        secrets: { clientSecret: 'not-it' },
      }),
    );
    expect(await refusedKind(wrong.exchange(rq('AirShopping')))).toBe('credential_refused');
    await transport.close();
    await wrong.close();
  });

  it('login then token', async () => {
    const credential = await channelWith({ token: 'login' });
    const ok = transportOf(
      endpoint({
        auth: { token: 'login', tokenUrl: `${base}/ndc-xml/auth/login`, username: credential },
        secrets: { password: credential },
      }),
    );
    expect((await ok.exchange(rq('ServiceList'))).xml).toContain(`<Echo>${credential}</Echo>`);
    const wrong = transportOf(
      endpoint({
        auth: { token: 'login', tokenUrl: `${base}/ndc-xml/auth/login`, username: credential },
        secrets: { password: 'nope' },
      }),
    );
    expect(await refusedKind(wrong.exchange(rq('ServiceList')))).toBe('credential_refused');
    await ok.close();
    await wrong.close();
  });
});

describe('mutual TLS', () => {
  it('presents the client certificate; no certificate, or one of another CA, is refused', async () => {
    const credential = await channelWith({ mutual_tls: true });
    const client = pki.client(credential);
    const ok = transportOf(
      endpoint({
        baseUrl: `${tlsBase}/ndc-xml/21.3`,
        auth: { mutualTls: true },
        secrets: { clientCertificate: client.cert, clientKey: client.key },
      }),
      { ca: pki.ca.cert },
    );
    expect((await ok.exchange(rq('OrderRetrieve'))).xml).toContain(`<Echo>${credential}</Echo>`);

    const none = transportOf(endpoint({ baseUrl: `${tlsBase}/ndc-xml/21.3` }), { ca: pki.ca.cert });
    expect(await refusedKind(none.exchange(rq('OrderRetrieve')))).toBe('credential_refused');
    const rogue = pki.client(credential, 'rogue');
    const forged = transportOf(
      endpoint({
        baseUrl: `${tlsBase}/ndc-xml/21.3`,
        auth: { mutualTls: true },
        secrets: { clientCertificate: rogue.cert, clientKey: rogue.key },
      }),
      { ca: pki.ca.cert },
    );
    expect(await refusedKind(forged.exchange(rq('OrderRetrieve')))).toBe('credential_refused');
    // And the server's certificate is checked: without the test CA the transport will not talk.
    const untrusting = transportOf(
      endpoint({
        baseUrl: `${tlsBase}/ndc-xml/21.3`,
        auth: { mutualTls: true },
        secrets: { clientCertificate: client.cert, clientKey: client.key },
      }),
    );
    expect(await refusedKind(untrusting.exchange(rq('OrderRetrieve')))).toBe('unavailable');
    for (const t of [ok, none, forged, untrusting]) await t.close();
  });
});

describe('payment host and deadlines', () => {
  it('sends card-bearing documents to the payment host and only those', async () => {
    const credential = await channelWith({ api_key_header: 'apikey' });
    const transport = transportOf(
      endpoint({
        paymentBaseUrl: `${paymentBase}/pci`,
        auth: { apiKeyHeader: 'apikey' },
        secrets: { apiKey: credential },
      }),
    );
    const before = received.length;
    await transport.exchange(rq('OrderChange', { carriesCard: true }));
    await transport.exchange(rq('OrderCreate', { carriesCard: true }));
    await transport.exchange(rq('OrderRetrieve'));
    expect(paid).toEqual(['/pci/OrderChange', '/pci/OrderCreate']);
    expect(received.slice(before).map((r) => r.url)).toEqual(['/ndc-xml/21.3/OrderRetrieve']);
    await transport.close();
  });

  it('keeps each message to its own deadline', async () => {
    const credential = await channelWith({ api_key_header: 'apikey' });
    const transport = transportOf(
      endpoint({
        timeoutMs: 5000,
        messageTimeoutsMs: { SeatAvailability: 150 },
        auth: { apiKeyHeader: 'apikey' },
        secrets: { apiKey: credential },
      }),
    );
    const started = performance.now();
    expect(await refusedKind(transport.exchange(rq('SeatAvailability')))).toBe('timeout');
    expect(performance.now() - started).toBeLessThan(550);
    expect((await transport.exchange(rq('AirShopping'))).status).toBe(200);
    await transport.close();
  });
});
