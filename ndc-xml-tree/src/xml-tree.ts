// Reads an airline's XML answer leniently into a tree of local names: real airline answers are
// often not schema-valid, so the reader takes any namespace prefix (or none), elements in any
// order, unknown elements and extra attributes, and one element where a list was expected; the
// mappers ask for children by name and always get a list. Every text stays a string (a ticket
// number 0741234567890 or an amount 0100.50 survives exactly) until the money code reads it.
//
// The reader is a scanner of its own over the answer's string: it jumps from one `<` to the next
// with indexOf, slices names and texts out of the string, and decodes entities only where an `&`
// is. Element and attribute names come from one interned table, so a name costs no string per
// element and the mappers' comparisons with literal names are comparisons of two interned strings.
// What it reads as saxes (the reader before it) did: texts concatenated as the document gives them
// (whitespace between elements included), CR LF and CR read as LF (as a space in attribute values,
// like tab and LF), the five named entities and numeric ones decoded, CDATA kept as text, comments,
// processing instructions and the XML declaration skipped, namespace declarations dropped.
// What it refuses with XmlReadError (never another error): any DOCTYPE or other declaration (no
// entity is ever defined, nothing is ever fetched), an unknown entity or a bare `&`, tags unclosed,
// mismatched or stray, a duplicate attribute, an attribute without quotes or without whitespace
// before it, `<` in an attribute value, `]]>` in text, text or a second element outside the root,
// and a document cut short. It does not check characters against XML's character ranges, nor
// what is inside the comments, processing instructions and XML declaration it skips. Open
// elements are kept on a list, never on the call stack, so no depth of nesting can overflow it.
// The scan works in slices and yields to the event loop between them once a slice of work has
// taken sliceMs, so a multi-megabyte AirShoppingRS never blocks other requests for long.

export interface XmlNode {
  /** The element's local name (prefix dropped). */
  readonly name: string;
  /** Shared and frozen on an element without attributes. */
  readonly attrs: Readonly<Record<string, string>>;
  /** Shared and frozen on an element without children: read it, never push to it. */
  readonly children: XmlNode[];
  text: string;
}

/** Characters scanned between two looks at the clock; the scan yields once a slice took sliceMs. */
const sliceChars = 32 * 1024;
const sliceMs = 4;
const noAttrs: Readonly<Record<string, string>> = Object.freeze({});

/** The children of an element that has none yet: shared, so a leaf costs no list of its own. */
const noChildren: XmlNode[] = Object.freeze([]) as unknown as XmlNode[];

export class XmlReadError extends Error {}

const tab = 0x09;
const lineFeed = 0x0a;
const carriageReturn = 0x0d;
const space = 0x20;
const bang = 0x21;
const doubleQuote = 0x22;
const ampersand = 0x26;
const singleQuote = 0x27;
const slash = 0x2f;
const lessThan = 0x3c;
const equals = 0x3d;
const greaterThan = 0x3e;
const question = 0x3f;
const byteOrderMark = 0xfeff;

const isSpace = (c: number) => c === space || c === lineFeed || c === carriageReturn || c === tab;

/** ASCII name characters: 1 within a name, 2 also first. Every non-ASCII character is taken as both. */
const nameChars = new Uint8Array(128);
for (let c = 0; c < 128; c++) {
  const ch = String.fromCharCode(c);
  if (/[A-Za-z_:]/.test(ch)) nameChars[c] = 3;
  else if (/[0-9.-]/.test(ch)) nameChars[c] = 1;
}
const startsName = (c: number) => (c < 128 ? (nameChars[c]! & 2) !== 0 : c === c); // NaN (the end) is not
const inName = (c: number) => (c < 128 ? (nameChars[c]! & 1) !== 0 : c === c);

/** A name as the document spells it and its local part, both interned. */
interface Name {
  readonly qualified: string;
  readonly local: string;
}

/**
 * The names read so far, by a hash of their characters (open addressing). The NDC vocabulary is a
 * few hundred names; past maxInterned (an answer of made-up names) a new name is sliced per use
 * instead, so no answer can grow the table without bound.
 */
const tableSize = 4096;
const maxInterned = 2048;
const table: (Name | undefined)[] = new Array<Name | undefined>(tableSize).fill(undefined);
let interned = 0;

/** The one copy V8 keeps of a string as a property key: equal to every literal of the same text. */
function internalise(text: string): string {
  const holder = Object.create(null) as Record<string, 0>; // no prototype: __proto__ is a name like any
  holder[`#${text}`.slice(1)] = 0;
  return Object.keys(holder)[0]!;
}

function nameAt(xml: string, start: number, end: number, hash: number): Name {
  const length = end - start;
  let slot = hash & (tableSize - 1);
  for (let entry = table[slot]; entry !== undefined; entry = table[slot]) {
    if (entry.qualified.length === length && xml.startsWith(entry.qualified, start)) return entry;
    slot = (slot + 1) & (tableSize - 1);
  }
  const qualified = xml.slice(start, end);
  const colon = qualified.indexOf(':');
  const local = colon < 0 ? qualified : qualified.slice(colon + 1);
  if (interned >= maxInterned) return { qualified, local };
  const name = { qualified: internalise(qualified), local: internalise(local) };
  table[slot] = name;
  interned++;
  return name;
}

const namedEntities: Readonly<Record<string, string>> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

/** XML's Char production: what a numeric character reference may name. */
const isXmlChar = (code: number) =>
  code === tab ||
  code === lineFeed ||
  code === carriageReturn ||
  (code >= space && code <= 0xd7ff) ||
  (code >= 0xe000 && code <= 0xfffd) ||
  (code >= 0x10000 && code <= 0x10ffff);

/** A text or attribute value with its references decoded (called only where an `&` is). */
function decodeEntities(raw: string): string {
  let out = '';
  let from = 0;
  for (let amp = raw.indexOf('&'); amp >= 0; amp = raw.indexOf('&', from)) {
    const semicolon = raw.indexOf(';', amp + 1);
    if (semicolon < 0) throw new XmlReadError('An & that starts no entity reference.');
    const entity = raw.slice(amp + 1, semicolon);
    let decoded: string | undefined;
    if (entity.charCodeAt(0) === 0x23) {
      const hex = entity.charCodeAt(1) === 0x78;
      const digits = entity.slice(hex ? 2 : 1);
      const code = (hex ? /^[0-9a-fA-F]{1,8}$/ : /^[0-9]{1,10}$/).test(digits) ? parseInt(digits, hex ? 16 : 10) : -1;
      if (!isXmlChar(code)) throw new XmlReadError(`A malformed character reference: &${entity};`);
      decoded = String.fromCodePoint(code);
    } else {
      decoded = Object.hasOwn(namedEntities, entity) ? namedEntities[entity] : undefined;
      if (decoded === undefined) throw new XmlReadError(`An undefined entity: &${entity.slice(0, 40)};`);
    }
    out += raw.slice(from, amp) + decoded;
    from = semicolon + 1;
  }
  return out + raw.slice(from);
}

const lineBreaks = /\r\n?/g;
const valueSpaces = /\r\n|[\r\n\t]/g;

/** One read of one document: where it stands and the elements open there. */
class Scan {
  pos: number;
  readonly document: XmlNode = { name: '#document', attrs: noAttrs, children: [], text: '' };
  /** Open elements, outermost first, and their names as spelled (to match the closing tags). */
  readonly open: XmlNode[] = [];
  readonly openNames: Name[] = [];
  /**
   * The children read so far of every open element, innermost last (entries past childCount are
   * stale), and where each open element's begin: an element gets a list of exactly its children
   * when it closes, so no list grows and leaves garbage behind it.
   */
  readonly children: XmlNode[] = [];
  childCount = 0;
  readonly childrenFrom: number[] = [];
  closedRoot = false;
  /** Where the next `&`, CR and `]]>` are at or after the text being read (past the end: none). */
  nextAmp = -1;
  nextCr = -1;
  nextCdataEnd = -1;

  constructor(readonly xml: string) {
    this.pos = xml.charCodeAt(0) === byteOrderMark ? 1 : 0;
  }

  fail(message: string): never {
    throw new XmlReadError(`${message} (at character ${this.pos})`);
  }

  /** Reads on up to the first markup at or after `until` (or the end). */
  run(until: number): void {
    const xml = this.xml;
    const end = xml.length;
    while (this.pos < until && this.pos < end) {
      const lt = xml.indexOf('<', this.pos);
      if (lt < 0) {
        this.text(this.pos, end);
        this.pos = end;
        return;
      }
      if (lt > this.pos) this.text(this.pos, lt);
      this.pos = lt + 1;
      const c = xml.charCodeAt(lt + 1);
      if (c === slash) this.closeTag();
      else if (c === bang) this.declaration();
      else if (c === question) this.instruction();
      else if (startsName(c)) this.openTag();
      else this.fail('A < that starts no tag.');
    }
  }

  /** Text between two tags: the open element's (appended), or whitespace outside the root. */
  text(start: number, end: number): void {
    const xml = this.xml;
    const depth = this.open.length;
    if (depth === 0) {
      for (let i = start; i < end; i++)
        if (!isSpace(xml.charCodeAt(i))) {
          this.pos = i;
          this.fail('Text outside the root element.');
        }
      return;
    }
    if (this.nextCdataEnd < start) this.nextCdataEnd = indexOrEnd(xml, ']]>', start);
    if (this.nextCdataEnd + 2 < end) {
      this.pos = this.nextCdataEnd;
      this.fail('The string "]]>" in text.');
    }
    let text = xml.slice(start, end);
    if (this.nextCr < start) this.nextCr = indexOrEnd(xml, '\r', start);
    if (this.nextCr < end) text = text.replace(lineBreaks, '\n');
    if (this.nextAmp < start) this.nextAmp = indexOrEnd(xml, '&', start);
    if (this.nextAmp < end) {
      this.pos = this.nextAmp;
      text = decodeEntities(text);
    }
    const node = this.open[depth - 1]!;
    node.text = node.text === '' ? text : node.text + text;
  }

  /** After `<`: a name, attributes, then `>` or `/>`. */
  openTag(): void {
    const xml = this.xml;
    let pos = this.pos;
    const start = pos;
    let hash = 0;
    for (let c = xml.charCodeAt(pos); inName(c); c = xml.charCodeAt(++pos)) hash = (Math.imul(hash, 31) + c) | 0;
    const name = nameAt(xml, start, pos, hash);
    let attrs = noAttrs;
    let seen: string[] | undefined;
    for (;;) {
      let c = xml.charCodeAt(pos);
      const spaced = isSpace(c);
      while (isSpace(c)) c = xml.charCodeAt(++pos);
      if (c === greaterThan) {
        this.pos = pos + 1;
        this.element(name, attrs, false);
        return;
      }
      if (c === slash) {
        if (xml.charCodeAt(pos + 1) !== greaterThan) this.failAt(pos, 'A / in a tag not followed by >.');
        this.pos = pos + 2;
        this.element(name, attrs, true);
        return;
      }
      if (c !== c) this.failAt(pos, `The document ends inside the tag <${name.qualified}>.`);
      if (!spaced || !startsName(c)) this.failAt(pos, `A malformed attribute in <${name.qualified}>.`);
      const attrStart = pos;
      hash = 0;
      for (; inName(c); c = xml.charCodeAt(++pos)) hash = (Math.imul(hash, 31) + c) | 0;
      const attr = nameAt(xml, attrStart, pos, hash);
      while (isSpace(c)) c = xml.charCodeAt(++pos);
      if (c !== equals) this.failAt(pos, `The attribute ${attr.qualified} has no value.`);
      c = xml.charCodeAt(++pos);
      while (isSpace(c)) c = xml.charCodeAt(++pos);
      if (c !== doubleQuote && c !== singleQuote) this.failAt(pos, `The attribute ${attr.qualified} is not quoted.`);
      const close = xml.indexOf(c === doubleQuote ? '"' : "'", pos + 1);
      if (close < 0) this.failAt(pos, 'The document ends inside an attribute value.');
      const value = this.attrValue(pos + 1, close);
      pos = close + 1;
      if (seen === undefined) seen = [attr.qualified];
      else if (seen.includes(attr.qualified)) this.failAt(attrStart, `The attribute ${attr.qualified} is given twice.`);
      else seen.push(attr.qualified);
      // Namespace declarations are not attributes of the element: names are read by local part.
      const q = attr.qualified;
      if (q.startsWith('xmlns') && (q.length === 5 || q.charCodeAt(5) === 0x3a)) continue;
      if (attrs === noAttrs) attrs = {};
      (attrs as Record<string, string>)[attr.local] = value;
    }
  }

  attrValue(start: number, end: number): string {
    const xml = this.xml;
    let amp = false;
    let spaces = false;
    for (let i = start; i < end; i++) {
      const c = xml.charCodeAt(i);
      if (c === lessThan) this.failAt(i, 'A < in an attribute value.');
      else if (c === ampersand) amp = true;
      else if (c === lineFeed || c === carriageReturn || c === tab) spaces = true;
    }
    let value = xml.slice(start, end);
    if (spaces) value = value.replace(valueSpaces, ' ');
    if (amp) {
      this.pos = start;
      value = decodeEntities(value);
    }
    return value;
  }

  element(name: Name, attrs: Readonly<Record<string, string>>, empty: boolean): void {
    const open = this.open;
    if (open.length === 0 && this.closedRoot) this.fail('A second root element.');
    const node: XmlNode = { name: name.local, attrs, children: noChildren, text: '' };
    if (open.length === 0) this.document.children.push(node);
    else this.children[this.childCount++] = node;
    if (!empty) {
      open.push(node);
      this.openNames.push(name);
      this.childrenFrom.push(this.childCount);
    } else if (open.length === 0) this.closedRoot = true;
  }

  /** After `</`: the name of the innermost open element, whitespace, `>`. */
  closeTag(): void {
    const xml = this.xml;
    const names = this.openNames;
    let pos = this.pos + 1;
    if (names.length === 0) this.fail('A closing tag with no element open.');
    const qualified = names[names.length - 1]!.qualified;
    if (!xml.startsWith(qualified, pos)) this.fail(`A closing tag that does not close <${qualified}>.`);
    pos += qualified.length;
    let c = xml.charCodeAt(pos);
    while (isSpace(c)) c = xml.charCodeAt(++pos);
    if (c !== greaterThan) this.failAt(pos, `A closing tag that does not close <${qualified}>.`);
    this.pos = pos + 1;
    names.pop();
    const node = this.open.pop()!;
    const from = this.childrenFrom.pop()!;
    if (this.childCount > from) {
      (node as { children: XmlNode[] }).children = this.children.slice(from, this.childCount);
      this.childCount = from;
    }
    if (names.length === 0) this.closedRoot = true;
  }

  /** After `<!`: a comment (skipped) or CDATA (text); a DOCTYPE or any other declaration is refused. */
  declaration(): void {
    const xml = this.xml;
    const pos = this.pos;
    if (xml.startsWith('!--', pos)) {
      const end = xml.indexOf('-->', pos + 3);
      if (end < 0) this.fail('The document ends inside a comment.');
      this.pos = end + 3;
    } else if (xml.startsWith('![CDATA[', pos)) {
      const end = xml.indexOf(']]>', pos + 8);
      if (end < 0) this.fail('The document ends inside a CDATA section.');
      if (this.open.length === 0) this.fail('A CDATA section outside the root element.');
      let text = xml.slice(pos + 8, end);
      if (text.includes('\r')) text = text.replace(lineBreaks, '\n');
      const node = this.open[this.open.length - 1]!;
      node.text = node.text === '' ? text : node.text + text;
      this.pos = end + 3;
    } else this.fail('A DOCTYPE or other declaration: refused (no entity is defined, nothing is fetched).');
  }

  /** After `<?`: a processing instruction or the XML declaration, skipped. */
  instruction(): void {
    const end = this.xml.indexOf('?>', this.pos + 1);
    if (end < 0) this.fail('The document ends inside a processing instruction.');
    this.pos = end + 2;
  }

  failAt(pos: number, message: string): never {
    this.pos = pos;
    return this.fail(message);
  }

  /** The root element once the whole document is read. */
  finish(): XmlNode {
    if (this.open.length > 0) this.fail(`The document ends with <${this.openNames.at(-1)!.qualified}> open.`);
    const root = this.document.children[0];
    if (!root) throw new XmlReadError('The answer holds no XML element.');
    return root;
  }
}

/** Where `what` is at or after `from`, or past the end of `xml` when it is not. */
function indexOrEnd(xml: string, what: string, from: number): number {
  const at = xml.indexOf(what, from);
  return at < 0 ? xml.length + 1 : at;
}

/** The document's root element; throws XmlReadError when the bytes are not XML as read here. */
export async function readXml(xml: string): Promise<XmlNode> {
  const scan = new Scan(xml);
  let since = performance.now();
  for (;;) {
    scan.run(scan.pos + sliceChars);
    if (scan.pos >= xml.length) break;
    if (performance.now() - since > sliceMs) {
      await new Promise<void>((resolve) => setImmediate(resolve));
      since = performance.now();
    }
  }
  return scan.finish();
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
