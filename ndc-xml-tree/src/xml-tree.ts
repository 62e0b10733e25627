// Reads an airline's XML answer leniently into a tree of local names: real airline answers are
// often not schema-valid, so the reader takes any namespace prefix (or none), elements in any
// order, unknown elements and extra attributes, and one element where a list was expected; the
// mappers ask for children by name and always get a list. Every text stays a string (a ticket
// number 0741234567890 or an amount 0100.50 survives exactly) until the money code reads it.
// The parse streams through saxes in slices and yields to the event loop between them, so a
// multi-megabyte AirShoppingRS never blocks other requests for long.
import { SaxesParser } from 'saxes';

export interface XmlNode {
  /** The element's local name (prefix dropped). */
  readonly name: string;
  readonly attrs: Readonly<Record<string, string>>;
  readonly children: XmlNode[];
  text: string;
}

/** Characters handed to the parser at a time; it yields once a slice of work has taken sliceMs. */
const chunkChars = 8 * 1024;
const sliceMs = 4;
const noAttrs: Readonly<Record<string, string>> = Object.freeze({});

const localName = (name: string): string => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

export class XmlReadError extends Error {}

/** The document's root element; throws XmlReadError when the bytes are not XML at all. */
export async function readXml(xml: string): Promise<XmlNode> {
  const parser = new SaxesParser({ position: false });
  const root: XmlNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: XmlNode[] = [root];
  let failure: Error | undefined;
  parser.on('opentag', (tag) => {
    let attrs = noAttrs;
    const given = tag.attributes as Record<string, string>;
    for (const key in given) {
      if (key === 'xmlns' || key.startsWith('xmlns:')) continue;
      if (attrs === noAttrs) attrs = {};
      (attrs as Record<string, string>)[localName(key)] = given[key]!;
    }
    const node: XmlNode = { name: localName(tag.name), attrs, children: [], text: '' };
    stack[stack.length - 1]!.children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('text', (text) => {
    stack[stack.length - 1]!.text += text;
  });
  parser.on('cdata', (text) => {
    stack[stack.length - 1]!.text += text;
  });
  parser.on('error', (error) => {
    failure ??= error;
  });
  let since = performance.now();
  for (let at = 0; at < xml.length && !failure; at += chunkChars) {
    parser.write(xml.slice(at, at + chunkChars));
    if (performance.now() - since > sliceMs && at + chunkChars < xml.length) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      since = performance.now();
    }
  }
  if (!failure) parser.close();
  const top = root.children[0];
  if (failure || !top) throw new XmlReadError(failure?.message ?? 'The answer holds no XML element.');
  return top;
}

// The mappers ask thousands of these per answer, so they walk children in plain loops: no
// callback per child and no intermediate lists.

/** Every child of that local name (none: an empty list), in document order. */
export function all(node: XmlNode | undefined, name: string): XmlNode[] {
  const found: XmlNode[] = [];
  if (node) for (const child of node.children) if (child.name === name) found.push(child);
  return found;
}

/** The first child of that local name. */
export function one(node: XmlNode | undefined, name: string): XmlNode | undefined {
  if (node) for (const child of node.children) if (child.name === name) return child;
  return undefined;
}

/** The first element found along a path of local names. */
export function at(node: XmlNode | undefined, ...path: string[]): XmlNode | undefined {
  let here = node;
  for (let i = 0; i < path.length && here; i++) here = one(here, path[i]!);
  return here;
}

/** Every element at the end of a path, fanning out wherever a step repeats. */
export function each(node: XmlNode | undefined, ...path: string[]): XmlNode[] {
  let here: XmlNode[] = node ? [node] : [];
  for (const name of path) {
    const next: XmlNode[] = [];
    for (const parent of here) for (const child of parent.children) if (child.name === name) next.push(child);
    here = next;
  }
  return here;
}

/** The trimmed text at a path ('' when absent): strings only, never coerced to numbers. */
export const text = (node: XmlNode | undefined, ...path: string[]): string => at(node, ...path)?.text.trim() ?? '';

/** The trimmed texts of every element at a path. */
export const texts = (node: XmlNode | undefined, ...path: string[]): string[] =>
  each(node, ...path).map((n) => n.text.trim());

/** The element inside a SOAP 1.1 envelope's Body, or the document itself when it has none. */
export function unwrapEnvelope(root: XmlNode): XmlNode {
  if (root.name !== 'Envelope') return root;
  return one(root, 'Body')?.children[0] ?? root;
}
