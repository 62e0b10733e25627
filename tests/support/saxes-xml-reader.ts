// The XML reader as it was before ndc-xml-tree's own scanner: saxes's streaming parser building
// the same tree of local names. Kept only as the reference the scanner is checked against: every
// document the XML provider tests exchange with the sandbox, and the reader's differential cases,
// must read to the same tree (or be refused by both).
import { createRequire } from 'node:module';
import { readXml, XmlReadError, type XmlNode } from '@contrail/ndc-xml-tree/xml-tree';
import type { NdcDocument } from './ndc-xsd.js';

// The saxes the reader used (ndc-xml-tree's devDependency, 6.0.0), not the older one other
// packages bring to the root node_modules.
const { SaxesParser } = createRequire(new URL('../../ndc-xml-tree/package.json', import.meta.url))(
  'saxes',
) as typeof import('saxes');

const localName = (name: string): string => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

/** The tree saxes reads, or the message it refused the document with. */
export function saxesRead(xml: string): XmlNode | { refused: string } {
  const parser = new SaxesParser({ position: false });
  const root: XmlNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlNode[] = [root];
  let failure: Error | undefined;
  parser.on('opentag', (tag) => {
    const attrs: Record<string, string> = {};
    for (const [key, value] of Object.entries(tag.attributes as Record<string, string>))
      if (key !== 'xmlns' && !key.startsWith('xmlns:')) attrs[localName(key)] = value;
    const node: XmlNode = { name: localName(tag.name), attrs, children: [], text: '' };
    stack.at(-1)!.children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => void stack.pop());
  parser.on('text', (text) => void (stack.at(-1)!.text += text));
  parser.on('cdata', (text) => void (stack.at(-1)!.text += text));
  parser.on('error', (error) => void (failure ??= error));
  parser.write(xml);
  if (!failure) parser.close();
  const top = root.children[0];
  if (failure || !top) return { refused: failure?.message ?? 'no element' };
  return top;
}

/** The reader's tree, or the message it refused the document with (any other error is thrown). */
export async function scannerRead(xml: string): Promise<XmlNode | { refused: string }> {
  try {
    return await readXml(xml);
  } catch (error) {
    if (error instanceof XmlReadError) return { refused: error.message };
    throw error;
  }
}

/** Where two trees differ ('' when they do not), walked without recursion. */
export function treeDifference(expected: XmlNode, read: XmlNode): string {
  const pending: [XmlNode, XmlNode, string][] = [[expected, read, expected.name]];
  for (let next = pending.pop(); next; next = pending.pop()) {
    const [x, y, path] = next;
    if (x.name !== y.name) return `${path}: element ${y.name} where saxes read ${x.name}`;
    if (x.text !== y.text) return `${path}: text ${JSON.stringify(y.text)} where saxes read ${JSON.stringify(x.text)}`;
    if (JSON.stringify(Object.entries(x.attrs)) !== JSON.stringify(Object.entries(y.attrs)))
      return `${path}: attributes ${JSON.stringify(y.attrs)} where saxes read ${JSON.stringify(x.attrs)}`;
    if (x.children.length !== y.children.length)
      return `${path}: ${y.children.length} children where saxes read ${x.children.length}`;
    x.children.forEach((child, i) => pending.push([child, y.children[i]!, `${path}/${child.name}[${i}]`]));
  }
  return '';
}

/** How the reader and saxes disagree on one document ('' when they read the same tree or both refuse it). */
export async function readerDisagreement(xml: string): Promise<string> {
  const expected = saxesRead(xml);
  const read = await scannerRead(xml);
  if ('refused' in expected) return 'refused' in read ? '' : `read, where saxes refused it: ${expected.refused}`;
  if ('refused' in read) return `refused: ${read.refused}`;
  return treeDifference(expected, read);
}

/** Every document the reader reads otherwise than saxes did, with how. */
export async function readerDifferences(documents: readonly NdcDocument[]): Promise<string[]> {
  const differences: string[] = [];
  for (const [i, document] of documents.entries()) {
    const difference = await readerDisagreement(document.xml);
    if (difference) differences.push(`${document.name} #${i}: ${difference}`);
  }
  return differences;
}
