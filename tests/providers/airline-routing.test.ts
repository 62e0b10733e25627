// Test and live on the wire: the provider the API holds sends a test channel's calls only to the
// sandbox, and a live channel's only to its configured endpoint. Two real sandbox airlines run on
// loopback, one as "the sandbox" and one as "a live airline", and each records every credential
// that reaches it; many rounds of mixed calls run at once, then each side's record is read.
import type { AddressInfo } from 'node:net';
import Fastify, { type FastifyInstance } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createOutboundGuard } from '../../api/src/outbound/outbound-guard.js';
import { ProviderError, type ProviderChannel } from '../../api/src/providers/airline-provider.js';
import { createAirlineRouting, type RoutedProvider } from '../../api/src/providers/airline-routing.js';
import { defaultEndpointSettings, type ChannelEndpoint } from '../../api/src/providers/channel-endpoint.js';
import sandboxApp from '../../sandbox/src/app.js';

interface Airline {
  app: FastifyInstance;
  url: string;
  seen: string[];
  /** Where each request went: method, path and SOAPAction. */
  doors: string[];
}

async function airline(): Promise<Airline> {
  const seen: string[] = [];
  const doors: string[] = [];
  const app = Fastify();
  app.addHook('onRequest', async (request) => {
    seen.push(request.headers.authorization ?? '');
    doors.push(`${request.method} ${request.url} ${String(request.headers.soapaction ?? '-')}`);
  });
  await app.register(sandboxApp, {});
  await app.listen({ host: '127.0.0.1', port: 0 });
  return { app, url: `http://127.0.0.1:${(app.server.address() as AddressInfo).port}`, seen, doors };
}

let sandbox: Airline;
let liveAirline: Airline;
let provider: RoutedProvider;
let unguarded: RoutedProvider;

beforeAll(async () => {
  [sandbox, liveAirline] = await Promise.all([airline(), airline()]);
  const options = { sandboxUrl: sandbox.url, timeoutMs: 5000, safeRetries: 0 };
  provider = createAirlineRouting({ ...options, guard: createOutboundGuard({ allowCidrs: '127.0.0.0/8' }) });
  unguarded = createAirlineRouting({ ...options, guard: createOutboundGuard({ allowCidrs: '' }) });
});
afterAll(async () => {
  await provider?.close();
  await unguarded?.close();
  await Promise.all([sandbox?.app.close(), liveAirline?.app.close()]);
});

const endpoint = (settings: Partial<ChannelEndpoint>): ChannelEndpoint => ({
  ...defaultEndpointSettings,
  secrets: {},
  version: '1',
  ...settings,
});
const channel = (credential: string, e?: ChannelEndpoint): ProviderChannel => ({
  id: `ach_${credential}`,
  carrier: 'LH',
  credential,
  negoCode: null,
  residentCode: null,
  ...(e ? { endpoint: e } : {}),
});
const day = new Date(Date.now() + 20 * 86_400_000).toISOString().slice(0, 10);
const shopping = {
  legs: [{ origin: 'WAW', destination: 'FRA', date: day }],
  passengers: [{ type: 'ADT' as const, count: 1 }],
  cabin: 'Y' as const,
};

async function outcome(call: Promise<unknown>): Promise<string> {
  try {
    await call;
    return 'answered';
  } catch (error) {
    if (!(error instanceof ProviderError)) throw error;
    return error.kind === 'unavailable' ? `refused: ${error.airlineMessage}` : `airline: ${error.kind}`;
  }
}

describe('routing by channel mode', () => {
  it('never lets a live call reach the sandbox nor a test call a live endpoint', async () => {
    const live = endpoint({ baseUrl: liveAirline.url });
    const cases = [
      // test channels: the sandbox, whatever their endpoint names
      { ch: channel('sbx_lh_plain'), goes: 'answered' },
      { ch: channel('sbx_lh_pointed', live), goes: 'answered' },
      { ch: channel('sbx_lh_xml', endpoint({ adapter: 'ndc-xml', baseUrl: liveAirline.url })), goes: 'answered' },
      // live channels: their endpoint, and nothing else
      { ch: channel('lh-live-key', live), goes: 'answered' },
      { ch: channel('lh-live-none'), goes: 'refused' },
      { ch: channel('lh-live-at-sandbox', endpoint({ baseUrl: `${sandbox.url}/` })), goes: 'refused' },
      {
        ch: channel(
          'lh-live-token-at-sandbox',
          endpoint({ baseUrl: liveAirline.url, auth: { ...live.auth, token: 'login', tokenUrl: `${sandbox.url}/x` } }),
        ),
        goes: 'refused',
      },
    ];
    for (let round = 0; round < 15; round++) {
      const results = await Promise.all(
        cases.flatMap(({ ch }) => [
          outcome(provider.shop(ch, shopping)),
          outcome(provider.retrieveOrder(ch, { locator: 'ABC123', airlineOrderId: 'LH-NOPE' } as never)),
        ]),
      );
      cases.forEach(({ ch, goes }, i) => {
        const [shop, retrieve] = [results[2 * i]!, results[2 * i + 1]!];
        if (goes === 'answered') {
          expect(shop, ch.credential).toBe('answered');
          expect(retrieve, ch.credential).toMatch(/^airline: /);
        } else {
          expect(shop, ch.credential).toMatch(/^refused: /);
          expect(retrieve, ch.credential).toMatch(/^refused: /);
        }
      });
    }
    const credentials = (seen: string[]) => [...new Set(seen.map((a) => a.replace('Bearer ', '')))].sort();
    expect(credentials(sandbox.seen)).toEqual(['sbx_lh_plain', 'sbx_lh_pointed', 'sbx_lh_xml']);
    expect(credentials(liveAirline.seen)).toEqual(['lh-live-key']);
    // Two test channels in JSON and one in XML, two calls each per round: the XML door answers from
    // the engine directly, so each of its calls is seen once.
    expect(sandbox.seen.length).toBe(15 * 2 * 2 + 15 * 2);
    expect(liveAirline.seen.length).toBe(15 * 2);
  });

  it('sends a test channel to the sandbox in the transport its endpoint names, SOAP included', async () => {
    const liveBefore = liveAirline.seen.length;
    const soap = channel(
      'sbx_lh_soap',
      endpoint({
        adapter: 'ndc-xml',
        transport: 'soap',
        baseUrl: liveAirline.url,
        messagePaths: { AirShopping: '/x' },
      }),
    );
    const rest = channel('sbx_lh_rest', endpoint({ adapter: 'ndc-xml', transport: 'rest', baseUrl: liveAirline.url }));
    const doorsBefore = sandbox.doors.length;
    expect(await outcome(provider.shop(soap, shopping))).toBe('answered');
    expect(await outcome(provider.shop(rest, shopping))).toBe('answered');
    // The endpoint's own paths belong to its live airline: the sandbox's doors are used instead.
    expect(sandbox.doors.slice(doorsBefore)).toEqual([
      'POST /ndc-xml/21.3/soap "AirShopping"',
      'POST /ndc-xml/21.3/AirShopping -',
    ]);
    expect(liveAirline.seen.length).toBe(liveBefore);
  });

  it("keeps a test channel's transport until its endpoint changes", async () => {
    const before = sandbox.doors.length;
    const rest = channel('sbx_lh_switch', endpoint({ adapter: 'ndc-xml', transport: 'rest', version: '1' }));
    const soap = channel('sbx_lh_switch', endpoint({ adapter: 'ndc-xml', transport: 'soap', version: '2' }));
    for (const ch of [rest, rest, soap, soap]) expect(await outcome(provider.shop(ch, shopping))).toBe('answered');
    expect(sandbox.doors.slice(before)).toEqual([
      'POST /ndc-xml/21.3/AirShopping -',
      'POST /ndc-xml/21.3/AirShopping -',
      'POST /ndc-xml/21.3/soap "AirShopping"',
      'POST /ndc-xml/21.3/soap "AirShopping"',
    ]);
  });

  it('keeps a live endpoint to the addresses the operator allows', async () => {
    const before = liveAirline.seen.length;
    const result = await outcome(
      unguarded.shop(channel('lh-live-key', endpoint({ baseUrl: liveAirline.url })), shopping),
    );
    expect(result).toMatch(/^refused: .*does not contact/);
    const named = endpoint({ baseUrl: liveAirline.url.replace('127.0.0.1', 'localhost'), version: '2' });
    expect(await outcome(unguarded.shop(channel('lh-live-key', named), shopping))).toMatch(/^refused: /);
    expect(liveAirline.seen.length).toBe(before);
  });
});
