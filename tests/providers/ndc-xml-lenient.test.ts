// The XML adapter reads real airline answers, which are often not schema-valid: an AirShoppingRS
// from the XML sandbox, broken in each way airlines break it (unknown elements, elements out of
// order, extra attributes, other namespace prefixes or none, one element where a list is
// expected), must read into the same offers as the valid answer. Numbers stay the strings the
// airline sent. And a sample answer is cross-checked with Debian's xmllint where it is installed
// (.ci/run installs libxml2-utils; a machine without it skips that one check).
import { execFile } from 'node:child_process';
import { statSync } from 'node:fs';
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { promisify } from 'node:util';
import v8 from 'node:v8';
import { runInNewContext } from 'node:vm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProviderChannel, ProviderOffer } from '../../api/src/providers/airline-provider.js';
import { airShoppingOffers, airShoppingRQ } from '../../api/src/providers/ndc-xml/air-shopping.xml.js';
import { exchangeNdcXml } from '../../api/src/providers/ndc-xml/ndc-xml-exchange.js';
import { detachStrings, one, readXml, XmlReadError, type XmlNode } from '@contrail/ndc-xml-tree/xml-tree';
import { ndcSchemaDir } from '../support/ndc-xsd.js';
import { startXmlSandbox, type XmlSandbox } from '../support/ndc-xml-sandbox.js';

const date = new Date(Date.now() + 30 * 86_400_000).toISOString().slice(0, 10);
const channel: ProviderChannel = {
  id: 'ach_x',
  carrier: 'LH',
  credential: 'sbx_LH_lenient',
  negoCode: null,
  residentCode: null,
};
const search = {
  legs: [{ origin: 'WAW', destination: 'FRA', date }],
  passengers: [{ type: 'ADT' as const, count: 2 }],
  cabin: 'Y' as const,
};

let sandbox: XmlSandbox;
let valid: string;
/** The sandbox's answer as it came (with its own AugmentationPoint namespace). */
let raw: string;
let baseline: ProviderOffer[];

async function offersOf(xml: string): Promise<ProviderOffer[]> {
  const root = await readXml(xml);
  return await airShoppingOffers(root, one(root, 'Response')!);
}

/** Writes a parsed tree back out as it stands (no schema order), each element with `prefix`. */
function serialise(node: XmlNode, prefix: (node: XmlNode, depth: number) => string, depth = 0): string {
  const p = prefix(node, depth);
  const attrs = Object.entries(node.attrs)
    .map(([k, v]) => ` ${k}="${v}"`)
    .join('');
  const inner = node.children.length
    ? node.children.map((c) => serialise(c, prefix, depth + 1)).join('')
    : node.text.replace(/&/g, '&amp;').replace(/</g, '&lt;');
  return `<${p}${node.name}${attrs}>${inner}</${p}${node.name}>`;
}

const namespaces =
  ' xmlns="http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersMessage" xmlns:cns="http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersCommonTypes"';
const asWritten = (node: XmlNode, depth: number) => (depth <= 1 ? '' : 'cns:');
const withNamespaces = (xml: string) => xml.replace(/^<(\w+)>/, `<$1${namespaces}>`);

function transform(node: XmlNode, change: (node: XmlNode) => XmlNode): XmlNode {
  return change({ ...node, children: node.children.map((c) => transform(c, change)) });
}

beforeAll(async () => {
  sandbox = await startXmlSandbox('xml-lenient');
  const { root } = await exchangeNdcXml(
    sandbox.transportOf(channel),
    { timeoutMs: 5_000, safeRetries: 0 },
    {
      message: 'AirShopping',
      xml: airShoppingRQ(channel, search),
      carrier: 'LH',
      safe: true,
    },
  );
  raw = sandbox.documents.find((d) => d.name === 'AirShoppingRS')!.xml;
  valid = withNamespaces(serialise(root, asWritten));
  baseline = await offersOf(valid);
  expect(baseline.length).toBeGreaterThan(1);
});
afterAll(() => sandbox.close());

describe('reading airline answers leniently', () => {
  it('reads the sandbox answer re-serialised exactly as it parsed', async () => {
    expect(await offersOf(valid)).toEqual(baseline);
  });

  it('ignores unknown elements anywhere, in our namespaces and in others', async () => {
    const root = await readXml(valid);
    const noisy = transform(root, (n) =>
      n.children.length
        ? {
            ...n,
            children: [
              {
                name: 'VendorExtension',
                attrs: {},
                children: [{ name: 'OfferID', attrs: {}, children: [], text: 'NOT-AN-OFFER' }],
                text: '',
              },
              ...n.children,
            ],
          }
        : n,
    );
    expect(await offersOf(withNamespaces(serialise(noisy, asWritten)))).toEqual(baseline);
  });

  it('reads elements in any order', async () => {
    const root = await readXml(valid);
    // Reversed everywhere: schema order broken in every sequence (lists read back to front).
    const reversed = transform(root, (n) => ({ ...n, children: [...n.children].reverse() }));
    const offers = await offersOf(withNamespaces(serialise(reversed, asWritten)));
    expect(offers.map((o) => o.offerId).sort()).toEqual(baseline.map((o) => o.offerId).sort());
    const byId = new Map(offers.map((o) => [o.offerId, o]));
    for (const offer of baseline) {
      const read = byId.get(offer.offerId)!;
      expect(read.total).toEqual(offer.total);
      expect(read.journeys.map((j) => j.segments.map((s) => s.id))).toEqual(
        offer.journeys.map((j) => j.segments.map((s) => s.id).reverse()),
      );
      expect(read.passengers.map((p) => [p.type, p.count, p.total])).toEqual(
        offer.passengers.map((p) => [p.type, p.count, p.total]).reverse(),
      );
    }
  });

  it('takes extra attributes, any namespace prefix and a default namespace without prefixes', async () => {
    const root = await readXml(valid);
    const attributed = transform(root, (n) => ({ ...n, attrs: { ...n.attrs, 'vendor-flag': 'Y', seq: '1' } }));
    expect(await offersOf(withNamespaces(serialise(attributed, asWritten)))).toEqual(baseline);
    const ns2 = serialise(root, (_n, depth) => (depth === 0 ? '' : 'ns2:')).replace(
      /^<(\w+)>/,
      '<$1 xmlns="http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersMessage" xmlns:ns2="http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersCommonTypes">',
    );
    expect(await offersOf(ns2)).toEqual(baseline);
    const bare = serialise(root, () => '');
    expect(await offersOf(bare)).toEqual(baseline);
  });

  it('reads one element where a list is expected as a list of one', async () => {
    const root = await readXml(valid);
    // Keep only the first offer and the first of every repeated element inside it.
    const single = transform(root, (n) => {
      const seen = new Set<string>();
      return {
        ...n,
        children: n.children.filter((c) =>
          seen.has(c.name) &&
          c.name !== 'DatedMarketingSegment' &&
          c.name !== 'PaxSegment' &&
          c.name !== 'DatedOperatingSegment' &&
          c.name !== 'DatedOperatingLeg' &&
          c.name !== 'PaxJourney' &&
          c.name !== 'PriceClass' &&
          c.name !== 'BaggageAllowance' &&
          c.name !== 'Pax'
            ? false
            : (seen.add(c.name), true),
        ),
      };
    });
    const offers = await offersOf(withNamespaces(serialise(single, asWritten)));
    expect(offers).toHaveLength(1);
    expect(offers[0]!.offerId).toBe(baseline[0]!.offerId);
    expect(offers[0]!.passengers).toHaveLength(1);
    expect(offers[0]!.passengers[0]!.taxes).toHaveLength(1);
  });

  it('keeps numbers as the strings the airline sent', async () => {
    const first = baseline[0]!;
    const odd = valid
      .replace(
        `<cns:TotalAmount CurCode="${first.total.currency}">${first.total.amount}</cns:TotalAmount></cns:TotalPrice>`,
        `<cns:TotalAmount CurCode="${first.total.currency}">0100.50</cns:TotalAmount></cns:TotalPrice>`,
      )
      .replace(/<cns:MarketingCarrierFlightNumberText>\d+</, '<cns:MarketingCarrierFlightNumberText>0482<');
    const [offer] = await offersOf(odd);
    expect(offer!.total.amount).toBe('0100.50');
    expect(offer!.journeys.flatMap((j) => j.segments).some((s) => s.marketing.number === '0482')).toBe(true);
    const ticket = await readXml(
      '<TicketDocInfo><Ticket><TicketNumber>0741234567890</TicketNumber></Ticket><Amount>1e5</Amount></TicketDocInfo>',
    );
    expect(ticket.children[0]!.children[0]!.text).toBe('0741234567890');
    expect(ticket.children[1]!.text).toBe('1e5');
  });

  it.skipIf(!process.env.PATH?.split(':').some((dir) => isFile(join(dir, 'xmllint'))))(
    'cross-checks a sample answer with xmllint --nonet --schema (libxml2-utils, installed by .ci/run)',
    async () => {
      const dir = await mkdtemp(join(tmpdir(), 'ndc-xmllint-'));
      try {
        await writeFile(join(dir, 'rs.xml'), raw);
        const run = promisify(execFile);
        const { stderr } = await run('xmllint', [
          '--noout',
          '--nonet',
          '--schema',
          join(ndcSchemaDir, 'IATA_AirShoppingRS.xsd'),
          join(dir, 'rs.xml'),
        ]);
        expect(stderr).toContain('validates');
        // And it fails a broken one: the check is real.
        await writeFile(
          join(dir, 'bad.xml'),
          valid.replace('<cns:OfferID>', '<cns:OfferID>bad id with spaces</cns:OfferID><cns:OfferID>'),
        );
        await expect(
          run('xmllint', [
            '--noout',
            '--nonet',
            '--schema',
            join(ndcSchemaDir, 'IATA_AirShoppingRS.xsd'),
            join(dir, 'bad.xml'),
          ]),
        ).rejects.toThrow();
      } finally {
        await rm(dir, { recursive: true, force: true });
      }
    },
  );
});

function isFile(path: string): boolean {
  try {
    return statSync(path).isFile();
  } catch {
    return false;
  }
}

describe("the reader's elements and attributes", () => {
  it('gives attributes by local name to the elements that have them, and an empty set to the rest', async () => {
    const root = await readXml(
      '<a:R xmlns:a="urn:x" xmlns="urn:y" Id="1"><a:Leaf/><a:Item a:Code="X" Other="y &amp; z"/>' +
        '<Empty></Empty><a:Item Code="Q">text</a:Item></a:R>',
    );
    expect(root.attrs).toEqual({ Id: '1' });
    expect(root.children.map((c) => c.name)).toEqual(['Leaf', 'Item', 'Empty', 'Item']);
    const [leaf, item, empty, second] = root.children;
    expect(leaf!.attrs).toEqual({});
    expect(leaf!.children).toEqual([]);
    expect(item!.attrs).toEqual({ Code: 'X', Other: 'y & z' });
    expect(empty!.attrs).toEqual({});
    expect(second!.attrs).toEqual({ Code: 'Q' });
    expect(second!.text).toBe('text');
    // A second document shares nothing with the first.
    const other = await readXml('<R><Leaf Code="Z"/><Leaf/></R>');
    expect(other.children.map((c) => c.attrs)).toEqual([{ Code: 'Z' }, {}]);
    expect(leaf!.attrs).toEqual({});
  });

  it('still refuses what is not well-formed XML', async () => {
    for (const broken of ['<R a="1" a="2"/>', '<R><a/><b></R>', '<a/><b/>', '<R<x/>', 'not xml'])
      await expect(readXml(broken), broken).rejects.toBeInstanceOf(XmlReadError);
  });

  it('detaches every string of what a mapper built, walking shared parts once', () => {
    const shared = { code: 'a flight that many offers name', n: 3 };
    const value = {
      id: 'OFFER-0123456789-XYZ',
      short: 'LH',
      list: ['0100.50', 'a long text of its own', shared],
      shared,
    };
    const copy = structuredClone(value);
    expect(detachStrings(value)).toBe(value);
    expect(value).toEqual(copy);
    expect(value.list[2]).toBe(value.shared);
  });

  it('keeps no answer alive through the strings it detached, where the same strings undetached would', () => {
    v8.setFlagsFromString('--expose-gc');
    const gc = runInNewContext('gc') as () => void;
    // What stays on the heap of a 10 MB answer once only an offer read from it is kept.
    const heldBy = (detach: boolean) => {
      gc();
      const before = process.memoryUsage().heapUsed;
      let answer: string | null = Array.from({ length: 400_000 }, (_, i) => `<Offer id="OFFER-${i}"/>`).join('');
      const read = { id: answer.slice(11, 40), segments: [answer.slice(100, 130)] };
      const kept = detach ? detachStrings(read) : read;
      answer = null;
      gc();
      return { held: process.memoryUsage().heapUsed - before, kept };
    };
    const undetached = heldBy(false);
    const detached = heldBy(true);
    // V8 keeps a slice of 13 characters or more as a view into its whole parent: the control holds it.
    expect(undetached.held).toBeGreaterThan(8_000_000);
    expect(detached.held).toBeLessThan(1_000_000);
    expect(detached.kept).toEqual(undetached.kept);
  });
});
