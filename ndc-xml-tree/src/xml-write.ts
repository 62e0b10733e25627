// Builds NDC 21.3 documents in schema order and in the two namespaces. The root element and its
// direct children (DistributionChain, PayloadAttributes, Request, Response, Error…) are in the
// message namespace; everything inside them is in the common-types namespace. Every sequence of
// the 21.3 common types lists its elements alphabetically (case-insensitively), so an element's
// children are emitted sorted that way: a builder cannot put them out of the order the XSD wants.
// Lists keep their order (a stable sort), and choices hold one element, so sorting never
// reorders what order means something.
export const messageNs = 'http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersMessage';
export const commonNs = 'http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersCommonTypes';

export interface XmlElement {
  readonly name: string;
  /** An element of another namespace (inside AugmentationPoint): its prefix, declared by its attrs. */
  readonly prefix?: string;
  readonly attrs?: Readonly<Record<string, string>>;
  readonly text?: string;
  readonly children?: readonly XmlElement[];
}

type Part = XmlElement | readonly XmlElement[] | null | undefined | false | '';

/** A common-types element with children (absent parts are skipped, lists are flattened). */
export function el(name: string, ...parts: Part[]): XmlElement {
  const children: XmlElement[] = [];
  for (const part of parts) {
    if (!part) continue;
    if (Array.isArray(part)) children.push(...(part as readonly XmlElement[]));
    else children.push(part as XmlElement);
  }
  return { name, children };
}

/** A text element; null or undefined leaves it out. */
export function leaf(
  name: string,
  value: string | number | null | undefined,
  attrs?: Record<string, string>,
): XmlElement | null {
  if (value === null || value === undefined) return null;
  return { name, text: String(value), ...(attrs ? { attrs } : {}) };
}

/** An amount with its currency, the decimal text exactly as given. */
export const amount = (name: string, money: { amount: string; currency: string }): XmlElement => ({
  name,
  text: money.amount,
  attrs: { CurCode: money.currency },
});

/** Element names lower-cased, worked out once per name (the builders' names are a fixed set). */
const sortKeys = new Map<string, string>();
const sortKey = (name: string): string => {
  let key = sortKeys.get(name);
  if (key === undefined) sortKeys.set(name, (key = name.toLowerCase()));
  return key;
};

const order = (a: XmlElement, b: XmlElement): number => {
  const x = sortKey(a.name);
  const y = sortKey(b.name);
  return x < y ? -1 : x > y ? 1 : 0;
};

const escapes: Record<string, string> = { '&': '&amp;', '<': '&lt;', '>': '&gt;', '"': '&quot;' };
const special = /[&<>"]/;
const everySpecial = new RegExp(special.source, 'g');
/** Most texts (codes, ids, dates) hold nothing to escape: tested first, they are kept as they are. */
const escape = (value: string): string =>
  special.test(value) ? value.replace(everySpecial, (c) => escapes[c]!) : value;

/** Whether the children are in schema order already (most are: builders list them so). */
function inOrder(children: readonly XmlElement[]): boolean {
  for (let i = 1; i < children.length; i++) if (order(children[i - 1]!, children[i]!) > 0) return false;
  return true;
}

/**
 * The element as text. Built by concatenation: V8 joins the pieces as a rope and flattens it once,
 * where pushing every piece to one list and joining it cost about twice as much.
 */
function write(node: XmlElement, prefix: string): string {
  let out = '<' + prefix + node.name;
  const attrs = node.attrs;
  if (attrs) for (const key in attrs) out += ' ' + key + '="' + escape(attrs[key]!) + '"';
  const children = node.children;
  if (children && children.length > 0) {
    out += '>';
    const ordered = children.length > 1 && !inOrder(children) ? [...children].sort(order) : children;
    for (const child of ordered) out += write(child, child.prefix ?? 'cns:');
    return out + '</' + prefix + node.name + '>';
  }
  if (node.text !== undefined) return out + '>' + escape(node.text) + '</' + prefix + node.name + '>';
  return out + '/>';
}

/**
 * A whole IATA_<Message> document: `parts` are the root's children in the message namespace, in
 * the order given (the root sequences are not all alphabetical: a response starts with Error or
 * Response); their contents are in the common-types namespace, in schema order.
 */
export function ndcDocument(root: string, parts: readonly (XmlElement | null | undefined)[]): string {
  let out =
    '<?xml version="1.0" encoding="UTF-8"?><' + root + ' xmlns="' + messageNs + '" xmlns:cns="' + commonNs + '">';
  for (const part of parts) if (part) out += write(part, '');
  return out + '</' + root + '>';
}
