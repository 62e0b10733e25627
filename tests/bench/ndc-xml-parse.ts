// `npm run bench:ndc-xml`: reading a 1.5 MB NDC 21.3 AirShoppingRS. The answer is a real one from
// the XML sandbox, its offers repeated (new ids) until it weighs 1.5 MB. Reported as a ratio to a
// bare streaming pass in the same run (saxes, the parser the reader once ran on, with no handlers
// over the same bytes, in one go) — for the adapter's tree read alone and for the tree read plus
// mapping into the port's offers — and the longest the event loop was blocked while the adapter
// read it (a 1 ms timer probe and perf_hooks' monitorEventLoopDelay). Goals: ≥ 0.5× the bare pass,
// ≤ 50 ms blocked.
import { monitorEventLoopDelay } from 'node:perf_hooks';
import { createRequire } from 'node:module';
import type { ProviderChannel } from '../../api/src/providers/airline-provider.js';
import { airShoppingOffers, airShoppingRQ } from '../../api/src/providers/ndc-xml/air-shopping.xml.js';
import { exchangeNdcXml } from '../../api/src/providers/ndc-xml/ndc-xml-exchange.js';
import { one, readXml } from '@contrail/ndc-xml-tree/xml-tree';
import { startXmlSandbox } from '../support/ndc-xml-sandbox.js';

// The yardstick is saxes 6.0.0, the parser the reader used before its own scanner; it stays a
// devDependency of ndc-xml-tree for this bench and the reader's differential tests only.
const { SaxesParser } = createRequire(new URL('../../ndc-xml-tree/package.json', import.meta.url))(
  'saxes',
) as typeof import('saxes');

const targetBytes = 1.5 * 1024 * 1024;
const rounds = Number(process.env.BENCH_ROUNDS ?? 15);
const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const channel: ProviderChannel = {
  id: 'bench',
  carrier: 'LH',
  credential: 'sbx_LH_bench',
  negoCode: null,
  residentCode: null,
};

const sandbox = await startXmlSandbox('bench-xml');
const { root } = await exchangeNdcXml(
  sandbox.transportOf(channel),
  { timeoutMs: 10_000, safeRetries: 0 },
  {
    message: 'AirShopping',
    xml: airShoppingRQ(channel, {
      legs: [{ origin: 'WAW', destination: 'FRA', date }],
      passengers: [
        { type: 'ADT', count: 2 },
        { type: 'CHD', count: 1 },
      ],
      cabin: 'Y',
    }),
    carrier: 'LH',
    safe: true,
  },
);
void root;
const answer = sandbox.documents.find((d) => d.name === 'AirShoppingRS')!.xml;
await sandbox.close();

// Repeat the answer's offers (renamed) until the document weighs 1.5 MB.
const offers = [...answer.matchAll(/<cns:Offer>[\s\S]*?<\/cns:Offer>/g)].map((m) => m[0]);
const at = answer.indexOf('</cns:CarrierOffers>');
const parts: string[] = [];
let size = answer.length;
for (let i = 0; size < targetBytes; i++) {
  const copy = offers[i % offers.length]!.replace(/<cns:OfferID>([^<]+)</, `<cns:OfferID>$1-R${i}<`);
  parts.push(copy);
  size += copy.length;
}
const xml = answer.slice(0, at) + parts.join('') + answer.slice(at);
if (process.env.BENCH_DUMP) (await import('node:fs')).writeFileSync(process.env.BENCH_DUMP, xml);
const megabytes = Buffer.byteLength(xml) / 1024 / 1024;

function bare(): number {
  const t0 = performance.now();
  const parser = new SaxesParser({ position: false });
  for (let i = 0; i < xml.length; i += 64 * 1024) parser.write(xml.slice(i, i + 64 * 1024));
  parser.close();
  return performance.now() - t0;
}

async function adapterRead(map: boolean): Promise<{ ms: number; offers: number }> {
  const t0 = performance.now();
  const tree = await readXml(xml);
  const read = map ? (await airShoppingOffers(tree, one(tree, 'Response')!)).length : 0;
  return { ms: performance.now() - t0, offers: read };
}

const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)]!;

// Warm-up, then the rounds alternate so both see the same machine.
for (let i = 0; i < 3; i++) {
  bare();
  await adapterRead(true);
}
const bareMs: number[] = [];
const treeMs: number[] = [];
const mappedMs: number[] = [];
let offerCount = 0;
let longestGap = 0;
let idleGap = 0;

/** The same probe while the process only waits: the machine's own noise (other processes, GC). */
async function idleProbe(ms: number): Promise<number> {
  let worst = 0;
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    worst = Math.max(worst, now - last);
    last = now;
  }, 1);
  await new Promise((resolve) => setTimeout(resolve, ms));
  clearInterval(probe);
  return worst;
}
let histogramMax = 0;
for (let i = 0; i < rounds; i++) {
  bareMs.push(bare());
  // The probe runs only while the adapter reads: its largest gap is the longest block.
  let last = performance.now();
  const probe = setInterval(() => {
    const now = performance.now();
    longestGap = Math.max(longestGap, now - last);
    last = now;
  }, 1);
  // A histogram per round: one enabled again would count the time it was off as a delay.
  const histogram = monitorEventLoopDelay({ resolution: 1 });
  histogram.enable();
  treeMs.push((await adapterRead(false)).ms);
  const mapped = await adapterRead(true);
  histogram.disable();
  histogramMax = Math.max(histogramMax, histogram.max / 1e6);
  clearInterval(probe);
  mappedMs.push(mapped.ms);
  offerCount = mapped.offers;
  idleGap = Math.max(idleGap, await idleProbe(mapped.ms + (treeMs.at(-1) ?? 0)));
}

const mbps = (ms: number) => megabytes / (ms / 1000);
const row = (name: string, ms: number) =>
  `${name.padEnd(44)} ${ms.toFixed(1).padStart(7)} ms  ${mbps(ms).toFixed(1).padStart(6)} MB/s  ${(median(bareMs) / ms).toFixed(2)}×`;
console.log(
  `AirShoppingRS ${megabytes.toFixed(2)} MB, ${offerCount} offers, median of ${rounds} rounds (ratio to bare)`,
);
console.log(row('bare saxes pass (no handlers, baseline)', median(bareMs)));
console.log(row('adapter: streamed tree read (yields)', median(treeMs)));
console.log(row('adapter: tree read + mapping to offers', median(mappedMs)));
console.log(
  `longest event-loop block while reading: ${longestGap.toFixed(1)} ms (1 ms timer probe), ` +
    `${histogramMax.toFixed(1)} ms (monitorEventLoopDelay max); goal ≤ 50 ms`,
);
console.log(`longest gap of the same probe while idle for as long (machine noise): ${idleGap.toFixed(1)} ms`);
