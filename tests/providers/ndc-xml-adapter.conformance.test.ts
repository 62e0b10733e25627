// The NDC 21.3 XML adapter against the sandbox airlines speaking XML over real HTTP, through the
// port's conformance suite (the same one the JSON adapter passes), and every document either side
// sent in the suite validated against the 21.3 XSDs at the end.
import { afterAll, describe, expect, it } from 'vitest';
import {
  airlineProviderConformance,
  type ConformanceFixture,
} from '../../api/src/providers/airline-provider.conformance.js';
import { createNdcXmlAdapter } from '../../api/src/providers/ndc-xml/ndc-xml.adapter.js';
import { Agent } from 'undici';
import { createSandboxXmlTransport } from '../../api/src/providers/ndc-xml/transport/sandbox-xml-transport.js';
import { ndcSchemaErrors } from '../support/ndc-xsd.js';
import { readerDifferences } from '../support/saxes-xml-reader.js';
import { startXmlSandbox, type XmlSandbox } from '../support/ndc-xml-sandbox.js';
import { closedPort } from '../support/services.js';

let sandbox: XmlSandbox | undefined;
afterAll(() => sandbox?.close());

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
const settings = { timeoutMs: 5_000, safeRetries: 1 };

airlineProviderConformance('NDC 21.3 XML adapter on the XML sandbox airlines', () => {
  fixture ??= (async () => {
    sandbox = await startXmlSandbox('conformance');
    const url = sandbox.url;
    const closed = `http://127.0.0.1:${await closedPort()}`;
    return {
      provider: createNdcXmlAdapter({ ...settings, transportOf: sandbox.transportOf, systemUrl: url }),
      unreachable: createNdcXmlAdapter({
        timeoutMs: 1_000,
        safeRetries: 1,
        transportOf: (c) => createSandboxXmlTransport(closed, c, { dispatcher: new Agent() }),
        systemUrl: closed,
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

describe('NDC 21.3 XML documents of the conformance suite', () => {
  it('were all valid against the XSDs, and read by the reader as saxes read them', async () => {
    await fixture;
    expect(sandbox!.documents.length).toBeGreaterThan(50);
    expect(await ndcSchemaErrors(sandbox!.documents)).toEqual([]);
    expect(await readerDifferences(sandbox!.documents)).toEqual([]);
  }, 120_000);
});
