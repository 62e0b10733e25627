// `npm run bench:ndc-xml` (second part): what the XML wire itself costs the API per search, against
// the JSON wire, on the answers a search really gets. Every sandbox carrier is asked on the search
// bench's routes over both wires; then, in this process, the CPU time (process.cpuUsage, which
// hardly moves with what else runs on the machine) of what each adapter does with one search's
// answers: building the 13 requests, reading the answers, mapping them to the port's offers (and,
// for XML, what it remembers for pricing), and redacting them for the airline message log.
import { loadavg } from 'node:os';
import { carriers } from '../../sandbox/src/data/carriers.data.js';
import { redactAirlineMessage } from '../../api/src/log-redaction.js';
import type { ProviderChannel, ShopRequest } from '../../api/src/providers/airline-provider.js';
import { createNdcAdapter } from '../../api/src/providers/ndc/ndc.adapter.js';
import type { AirShoppingRS } from '../../api/src/providers/ndc/ndc-messages.js';
import { indexDataLists as indexJson, offerOf as jsonOfferOf } from '../../api/src/providers/ndc/ndc-offer.mapper.js';
import { airShoppingOffers, airShoppingRQ, shoppedOffers } from '../../api/src/providers/ndc-xml/air-shopping.xml.js';
import { exchangeNdcXml } from '../../api/src/providers/ndc-xml/ndc-xml-exchange.js';
import { one, readXml, unwrapEnvelope } from '@contrail/ndc-xml-tree/xml-tree';
import { startXmlSandbox } from '../support/ndc-xml-sandbox.js';
import { searchRoutes as routes } from './bench-support.js';

const rounds = Number(process.env.BENCH_SEARCH_ROUNDS ?? 300);
const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const channels: ProviderChannel[] = carriers.map((c) => ({
  id: `bench-${c.code}`,
  carrier: c.code,
  credential: `sbx_${c.code}_bench`,
  negoCode: null,
  residentCode: null,
}));
const requests: ShopRequest[] = routes.map(([origin, destination]) => ({
  legs: [{ origin, destination, date }],
  passengers: [{ type: 'ADT', count: 1 }],
  cabin: 'Y',
}));

const sandbox = await startXmlSandbox('bench-xml-search');
const jsonAnswers: string[] = [];
const json = createNdcAdapter({
  baseUrl: sandbox.url,
  timeoutMs: 10_000,
  safeRetries: 0,
  sink: { record: (exchange) => exchange.response && jsonAnswers.push(exchange.response) },
});
for (const request of requests)
  for (const channel of channels) {
    await exchangeNdcXml(
      sandbox.transportOf(channel),
      { timeoutMs: 10_000, safeRetries: 0 },
      { message: 'AirShopping', xml: airShoppingRQ(channel, request), carrier: channel.carrier, safe: true },
    ).catch(() => undefined); // a carrier that does not fly the route answers with an Error
    await json.shop(channel, request).catch(() => undefined);
  }
const xmlAnswers = sandbox.documents.filter((d) => d.name === 'AirShoppingRS').map((d) => d.xml);
await sandbox.close();

/** CPU ms per search of `work`, which handles every route's search once. */
async function cpuPerSearch(work: () => unknown): Promise<number> {
  for (let i = 0; i < 20; i++) await work();
  const before = process.cpuUsage();
  for (let i = 0; i < rounds; i++) await work();
  const used = process.cpuUsage(before);
  return (used.user + used.system) / 1000 / rounds / routes.length;
}

const xmlTrees = await Promise.all(xmlAnswers.map(async (xml) => unwrapEnvelope(await readXml(xml))));
const jsonBodies = jsonAnswers.map((text) => JSON.parse(text) as Partial<AirShoppingRS>);
const xmlOffers = await Promise.all(xmlTrees.map((root) => airShoppingOffers(root, one(root, 'Response')!)));

const figures: [string, number, number][] = [
  [
    'build the requests',
    await cpuPerSearch(() => requests.forEach((r) => channels.forEach((c) => airShoppingRQ(c, r)))),
    await cpuPerSearch(() =>
      requests.forEach((r) => channels.forEach((c) => JSON.stringify({ ...r, CarrierCriteria: [c.carrier] }))),
    ),
  ],
  [
    'read the answers',
    await cpuPerSearch(async () => {
      for (const xml of xmlAnswers) unwrapEnvelope(await readXml(xml));
    }),
    await cpuPerSearch(() => jsonAnswers.forEach((text) => JSON.parse(text))),
  ],
  [
    'map them to offers',
    await cpuPerSearch(async () => {
      for (let i = 0; i < xmlTrees.length; i++) {
        const response = one(xmlTrees[i], 'Response')!;
        shoppedOffers(response, await airShoppingOffers(xmlTrees[i]!, response));
      }
    }),
    await cpuPerSearch(() =>
      jsonBodies.forEach((body) => {
        if (!body.OffersGroup || !body.DataLists) return;
        const index = indexJson(body.DataLists);
        body.OffersGroup.CarrierOffers.forEach((g) => g.Offer.forEach((o) => jsonOfferOf(o, g.CarrierName, index)));
      }),
    ),
  ],
  [
    'redact them for the message log',
    await cpuPerSearch(() => xmlAnswers.forEach((xml) => redactAirlineMessage(xml, 'xml'))),
    await cpuPerSearch(() => jsonAnswers.forEach((text) => redactAirlineMessage(text, 'json'))),
  ],
];

const kb = (texts: string[]) => texts.reduce((sum, t) => sum + Buffer.byteLength(t), 0) / 1024 / routes.length;
console.log(
  `\none search's answers, ${channels.length} carriers × ${routes.length} routes, ` +
    `${(xmlOffers.reduce((sum, o) => sum + o.length, 0) / routes.length).toFixed(0)} offers per search: ` +
    `XML ${kb(xmlAnswers).toFixed(0)} KB, JSON ${kb(jsonAnswers).toFixed(0)} KB per search; CPU ms per search ` +
    `(mean over ${rounds} rounds, load average ${loadavg()[0]!.toFixed(1)})`,
);
console.log(`  ${'step'.padEnd(34)} ${'XML'.padStart(8)} ${'JSON'.padStart(8)}`);
for (const [step, xmlMs, jsonMs] of figures)
  console.log(`  ${step.padEnd(34)} ${xmlMs.toFixed(3).padStart(8)} ${jsonMs.toFixed(3).padStart(8)}`);
const [xmlTotal, jsonTotal] = [1, 2].map((k) => figures.reduce((sum, f) => sum + (f[k] as number), 0));
console.log(
  `  ${'total'.padEnd(34)} ${xmlTotal!.toFixed(3).padStart(8)} ${jsonTotal!.toFixed(3).padStart(8)}` +
    `   (XML costs ${(xmlTotal! - jsonTotal!).toFixed(2)} ms more per search)`,
);
