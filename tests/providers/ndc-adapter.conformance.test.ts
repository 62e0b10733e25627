// The NDC adapter against the real sandbox airlines over HTTP, through the port's conformance suite.
import Fastify from 'fastify';
import { afterAll } from 'vitest';
import sandboxApp from '../../sandbox/src/app.js';
import { closedPort } from '../support/services.js';
import {
  airlineProviderConformance,
  type ConformanceFixture,
} from '../../api/src/providers/airline-provider.conformance.js';
import { createNdcAdapter } from '../../api/src/providers/ndc/ndc.adapter.js';

const sandbox = Fastify();
afterAll(() => sandbox.close());

let fixture: Promise<ConformanceFixture> | undefined;
const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const passengers = [{ type: 'ADT' as const, count: 2 }];
const channel = (credential: string) => ({
  id: 'ach_test',
  carrier: 'LH',
  credential,
  negoCode: null,
  residentCode: null,
});

airlineProviderConformance('NDC adapter on the sandbox airlines', () => {
  fixture ??= (async () => {
    await sandbox.register(sandboxApp, { seed: 'conformance' });
    const url = await sandbox.listen({ port: 0, host: '127.0.0.1' });
    return {
      provider: createNdcAdapter({ baseUrl: url, timeoutMs: 5_000, safeRetries: 1 }),
      unreachable: createNdcAdapter({
        baseUrl: `http://127.0.0.1:${await closedPort()}`,
        timeoutMs: 1_000,
        safeRetries: 1,
      }),
      channel: channel('sbx_LH_conformance'),
      refusedChannel: channel('sbx_revoked_LH'),
      served: { legs: [{ origin: 'WAW', destination: 'FRA', date }], passengers, cabin: 'Y' },
      empty: { legs: [{ origin: 'VNO', destination: 'TLL', date }], passengers, cabin: 'Y' },
      slow: { legs: [{ origin: 'OTP', destination: 'SOF', date }], passengers, cabin: 'Y' },
      otherChannel: channel('sbx_LH_conformance_other'),
      passTime: async (seconds) => {
        const moved = await fetch(`${url}/sandbox/clock`, {
          method: 'POST',
          headers: { 'content-type': 'application/json' },
          body: JSON.stringify({ advance_seconds: seconds }),
        });
        if (!moved.ok) throw new Error(`sandbox clock: ${moved.status}`);
      },
      priceChange: {
        channel: { ...channel('sbx_OS_conformance'), carrier: 'OS' },
        request: { legs: [{ origin: 'VIE', destination: 'ZAG', date }], passengers, cabin: 'Y' },
      },
      liveCredential: 'LH-live-credential',
      surnames: { ticketingFails: 'TICKETFAIL', reissueFails: 'REISSUEFAIL' },
    };
  })();
  return fixture;
});
