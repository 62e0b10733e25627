// The XML sandbox for provider tests: the sandbox airlines listening on loopback, the transport a
// test channel gets in production to their /ndc-xml/21.3 routes (REST unless its endpoint says SOAP), and a record of every document that went either way,
// so a test can validate all of them against the 21.3 XSDs at the end.
import Fastify from 'fastify';
import { Agent } from 'undici';
import sandboxApp from '../../sandbox/src/app.js';
import type { ProviderChannel } from '../../api/src/providers/airline-provider.js';
import type { NdcXmlTransport } from '../../api/src/providers/ndc-xml/ndc-xml-transport.js';
import { createSandboxXmlTransport } from '../../api/src/providers/ndc-xml/transport/sandbox-xml-transport.js';
import type { NdcDocument } from './ndc-xsd.js';

export interface XmlSandbox {
  readonly url: string;
  readonly transportOf: (channel: ProviderChannel) => NdcXmlTransport;
  /** Every request the adapter sent and every answer the sandbox gave, in order. */
  readonly documents: NdcDocument[];
  close(): Promise<void>;
}

export async function startXmlSandbox(seed: string): Promise<XmlSandbox> {
  const app = Fastify();
  await app.register(sandboxApp, { seed });
  const url = await app.listen({ port: 0, host: '127.0.0.1' });
  const documents: NdcDocument[] = [];
  const dispatcher = new Agent({ connections: 32, keepAliveTimeout: 10_000 });
  return {
    url,
    documents,
    transportOf: (channel) => {
      const rest = createSandboxXmlTransport(url, channel, { dispatcher });
      return {
        async exchange(request) {
          documents.push({ name: `${request.message}RQ`, xml: request.xml });
          const answer = await rest.exchange(request);
          // Only XML answers are documents (a proxy's HTML error page would not be).
          if (answer.xml.startsWith('<?xml')) documents.push({ name: `${request.message}RS`, xml: answer.xml });
          return answer;
        },
      };
    },
    async close() {
      await dispatcher.close();
      await app.close();
    },
  };
}
