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
  /** Shared and frozen on an element without attributes. */
  readonly attrs: Readonly<Record<string, string>>;
  /** Shared and frozen on an element without children: read it, never push to it. */
  readonly children: XmlNode[];
  text: string;
}

/** Characters handed to the parser at a time; it yields once a slice of work has taken sliceMs. */
const chunkChars = 8 * 1024;
const sliceMs = 4;
const noAttrs: Readonly<Record<string, string>> = Object.freeze({});

/** The children of an element that has none yet: shared, so a leaf costs no list of its own. */
const noChildren: XmlNode[] = Object.freeze([]) as unknown as XmlNode[];

const localName = (name: string): string => {
  const colon = name.indexOf(':');
  return colon < 0 ? name : name.slice(colon + 1);
};

export class XmlReadError extends Error {}

/** What leanTags reaches of saxes's parser beyond its typed surface (saxes 6.0.0, pinned in package.json). */
interface SaxesInner {
  stateTable: (() => void)[];
  sOpenTag: () => void;
  sOpenTagSlash: () => void;
  sAttrib: () => void;
  captureNameChars(): number;
  processAttribs: () => void;
  openTag(): void;
  fail(message: string): void;
  name: string;
  tag: { name: string; attributes: Record<string, string>; isSelfClosing: boolean };
  attribList: unknown[];
  state: number;
  sawRoot: boolean;
  closedRoot: boolean;
  fragmentOpt: boolean;
  xmlnsOpt: boolean;
  openTagStartHandler?: (tag: unknown) => void;
}

const endOfChunk = -1;
const greaterThan = 0x3e;
const slash = 0x2f;
const isSpace = (c: number) => c === 0x20 || c === 0x0a || c === 0x0d || c === 0x09;
const noAttributes: Record<string, string> = Object.freeze(Object.create(null) as Record<string, string>);

/**
 * saxes gives every tag a fresh attribute dictionary (Object.create(null), about 180 bytes) and a
 * fresh attribute list, though most NDC elements carry no attribute: about 40 % of what a read
 * allocated. Here a tag without attributes shares one frozen empty dictionary and keeps the list it
 * had; a tag with attributes gets its own, filled and checked for duplicates by saxes as before.
 * The sOpenTag below is saxes 6.0.0's own, without its namespace branch (the reader never asks saxes
 * for namespaces). A parser not shaped as expected is left as it is: only the allocation differs.
 */
function leanTags(parser: SaxesParser): SaxesParser {
  const inner = parser as unknown as SaxesInner;
  const table = inner.stateTable;
  const openTagState = table.indexOf(inner.sOpenTag);
  const openTagSlashState = table.indexOf(inner.sOpenTagSlash);
  const attribState = table.indexOf(inner.sAttrib);
  const processAttribs = inner.processAttribs;
  if (inner.xmlnsOpt || openTagState < 0 || openTagSlashState < 0 || attribState < 0 || !processAttribs) return parser;
  table[openTagState] = function sOpenTag(this: SaxesInner) {
    const c = this.captureNameChars();
    if (c === endOfChunk) return;
    const tag = (this.tag = { name: this.name, attributes: noAttributes, isSelfClosing: false });
    this.name = '';
    this.openTagStartHandler?.call(this, tag);
    this.sawRoot = true;
    if (!this.fragmentOpt && this.closedRoot) this.fail('documents may contain only one root.');
    if (c === greaterThan) this.openTag();
    else if (c === slash) this.state = openTagSlashState;
    else {
      if (!isSpace(c)) this.fail('disallowed character in tag name.');
      this.state = attribState;
    }
  };
  inner.processAttribs = function (this: SaxesInner) {
    if (this.attribList.length === 0) return;
    this.tag.attributes = Object.create(null) as Record<string, string>;
    processAttribs.call(this);
  };
  return parser;
}

/** The document's root element; throws XmlReadError when the bytes are not XML at all. */
export async function readXml(xml: string): Promise<XmlNode> {
  const parser = leanTags(new SaxesParser({ position: false }));
  const root: XmlNode = { name: '#document', attrs: {}, children: [], text: '' };
  const stack: { children: XmlNode[] }[] = [root];
  let failure: Error | undefined;
  parser.on('opentag', (tag) => {
    let attrs = noAttrs;
    const given = tag.attributes as Record<string, string>;
    for (const key in given) {
      if (key === 'xmlns' || key.startsWith('xmlns:')) continue;
      if (attrs === noAttrs) attrs = {};
      (attrs as Record<string, string>)[localName(key)] = given[key]!;
    }
    const node: XmlNode = { name: localName(tag.name), attrs, children: noChildren, text: '' };
    const parent = stack[stack.length - 1]!;
    if (parent.children === noChildren) parent.children = [node];
    else parent.children.push(node);
    stack.push(node);
  });
  parser.on('closetag', () => {
    stack.pop();
  });
  parser.on('text', (text) => {
    (stack[stack.length - 1] as XmlNode).text += text;
  });
  parser.on('cdata', (text) => {
    (stack[stack.length - 1] as XmlNode).text += text;
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

/**
 * A text read from a tree as a string of its own. V8 keeps a substring of 13 characters or more
 * as a view into its whole parent, and every text here is one into the answer: a date or an id
 * kept after the read (an offer waiting for the other airlines, a search result cached) would
 * keep the whole answer, tens of KB, alive with it.
 */
export const detached = (text: string): string => (text.length < 13 ? text : `#${text}`.slice(1));

/**
 * What a mapper built from a tree with every string in it detached, in place. Objects shared
 * between values (a flight that many offers name) are walked once per `seen`.
 */
export function detachStrings<T>(value: T, seen: Set<object> = new Set()): T {
  if (typeof value !== 'object' || value === null || seen.has(value)) return value;
  seen.add(value);
  if (Array.isArray(value)) {
    for (let i = 0; i < value.length; i++) {
      const item: unknown = value[i];
      if (typeof item === 'string') value[i] = detached(item);
      else detachStrings(item, seen);
    }
    return value;
  }
  const record = value as Record<string, unknown>;
  for (const key in record) {
    const item = record[key];
    if (typeof item === 'string') record[key] = detached(item);
    else detachStrings(item, seen);
  }
  return value;
}
