// The reader's own cases: what it reads leniently and exactly, what it refuses (always with
// XmlReadError, whatever the bytes), that no depth of nesting overflows the stack, and that it
// yields to the event loop while it reads a large answer.
import { describe, expect, it } from 'vitest';
import { readXml, XmlReadError, type XmlNode } from './xml-tree.js';

/** A tree as plain data, walked without recursion (a deep one would overflow toEqual's). */
const shape = (node: XmlNode): unknown => ({
  name: node.name,
  attrs: { ...node.attrs },
  text: node.text,
  children: node.children.map(shape),
});

const refused = async (xml: string) => {
  const error = await readXml(xml).then(
    () => undefined,
    (e: unknown) => e,
  );
  expect(error, xml).toBeInstanceOf(XmlReadError);
  return (error as Error).message;
};

describe('what the reader reads', () => {
  it('reads names by local part whatever the prefix, and drops namespace declarations', async () => {
    const root = await readXml(
      '<ns2:AirShoppingRS xmlns:ns2="urn:a" xmlns="urn:b"><Offer/><cns:Offer xmlns:cns="urn:c"/><x:y:Z/></ns2:AirShoppingRS>',
    );
    expect(shape(root)).toEqual({
      name: 'AirShoppingRS',
      attrs: {},
      text: '',
      children: [
        { name: 'Offer', attrs: {}, text: '', children: [] },
        { name: 'Offer', attrs: {}, text: '', children: [] },
        { name: 'y:Z', attrs: {}, text: '', children: [] },
      ],
    });
  });

  it('reads attributes in either quote, with spaces around =, by local name, and any number of them', async () => {
    const root = await readXml(`<R a='1' b = "two words" c:d="x" e="it's" f='say "hi"' g="" ><L  h="1"  /></R  >`);
    expect(root.attrs).toEqual({ a: '1', b: 'two words', d: 'x', e: "it's", f: 'say "hi"', g: '' });
    expect(root.children[0]!.attrs).toEqual({ h: '1' });
  });

  it('keeps texts exactly as strings: leading zeros, exponents, spaces', async () => {
    const root = await readXml('<R><T>0741234567890</T><A>0100.50</A><E>1e5</E><S>  padded  </S></R>');
    expect(root.children.map((c) => c.text)).toEqual(['0741234567890', '0100.50', '1e5', '  padded  ']);
  });

  it('decodes the five named entities and numeric references, in texts and attribute values', async () => {
    const root = await readXml(
      '<R v="&lt;&gt;&amp;&quot;&apos;&#65;&#x42;&#x1F600;">a &lt;b&gt; &amp;amp; &quot;c&quot; &apos;d&apos; &#48;&#x31;&#10;</R>',
    );
    expect(root.attrs.v).toBe(`<>&"'AB\u{1F600}`);
    expect(root.text).toBe(`a <b> &amp; "c" 'd' 01\n`);
  });

  it('keeps CDATA as text, skips comments, processing instructions and the declaration', async () => {
    const root = await readXml(
      '\uFEFF<?xml version="1.0" encoding="UTF-8"?>\n<!-- before -->\n<R><?pi data?>a<!-- c -- d -->b<![CDATA[<not a tag> & ]]]]>c</R>\n<!-- after -->\n',
    );
    expect(root.text).toBe('ab<not a tag> & ]]c');
    expect(root.children).toEqual([]);
  });

  it('adds whitespace between elements to the parent text, and reads CR LF and CR as LF', async () => {
    const root = await readXml('<R>\r\n  <A>x\ry</A>\n  <B a="1\r\n2\t3\n4"/>\n</R>');
    expect(root.text).toBe('\n  \n  \n');
    expect(root.children[0]!.text).toBe('x\ny');
    expect(root.children[1]!.attrs.a).toBe('1 2 3 4');
    expect((await readXml('<R v="&#13;&#9;">&#13;</R>')).text).toBe('\r');
  });

  it('takes any element, an element of no namespace, empty elements written either way', async () => {
    const root = await readXml('<Unknown><Vendor_Thing-1.x/><Empty></Empty><Ünïcode>é</Ünïcode></Unknown>');
    expect(root.children.map((c) => [c.name, c.text, c.children.length])).toEqual([
      ['Vendor_Thing-1.x', '', 0],
      ['Empty', '', 0],
      ['Ünïcode', 'é', 0],
    ]);
  });

  it('reads names that are also names of object properties as any other', async () => {
    const root = await readXml('<__proto__ constructor="c"><toString/><hasOwnProperty>x</hasOwnProperty></__proto__>');
    expect(root.name).toBe('__proto__');
    expect(root.attrs.constructor).toBe('c');
    expect(root.children.map((c) => c.name)).toEqual(['toString', 'hasOwnProperty']);
  });

  it('shares one frozen empty list and attribute set among leaves, and gives each element with some its own', async () => {
    const root = await readXml('<R><A/><B/><C x="1"><D/></C></R>');
    const [a, b, c] = root.children;
    expect(a!.children).toBe(b!.children);
    expect(Object.isFrozen(a!.children)).toBe(true);
    expect(a!.attrs).toBe(b!.attrs);
    expect(c!.attrs).not.toBe(a!.attrs);
    expect(c!.children).not.toBe(a!.children);
  });

  it('reads a SOAP envelope and answers of thousands of distinct names alike', async () => {
    const many = Array.from({ length: 5_000 }, (_, i) => `<n${i} a${i}="${i}">${i}</n${i}>`).join('');
    const root = await readXml(`<R>${many}</R>`);
    expect(root.children).toHaveLength(5_000);
    expect(root.children[4_999]).toMatchObject({ name: 'n4999', attrs: { a4999: '4999' }, text: '4999' });
    const again = await readXml(`<R>${many}</R>`);
    expect(again.children[4_321]).toMatchObject({ name: 'n4321', attrs: { a4321: '4321' }, text: '4321' });
  });

  it('reads nesting of any depth without growing the call stack', async () => {
    const depth = 200_000;
    const root = await readXml(`${'<a>'.repeat(depth)}deep${'</a>'.repeat(depth)}`);
    let levels = 1;
    let node = root;
    while (node.children.length) {
      node = node.children[0]!;
      levels++;
    }
    expect(levels).toBe(depth);
    expect(node.text).toBe('deep');
  });

  it('yields to the event loop while it reads a large answer', async () => {
    const offer =
      '<cns:Offer><cns:OfferID>OFFER-1</cns:OfferID><cns:TotalAmount CurCode="EUR">0100.50</cns:TotalAmount></cns:Offer>';
    const xml = `<R xmlns:cns="urn:c">${offer.repeat(60_000)}</R>`;
    let turns = 0;
    const tick = () => {
      turns++;
      if (!done) setImmediate(tick);
    };
    let done = false;
    setImmediate(tick);
    const root = await readXml(xml);
    done = true;
    expect(root.children).toHaveLength(60_000);
    expect(turns).toBeGreaterThan(1);
  });
});

describe('what the reader refuses', () => {
  it('refuses a DOCTYPE outright: no entity is ever defined or expanded, nothing fetched', async () => {
    const laughs =
      '<?xml version="1.0"?><!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;">]><lolz>&lol2;</lolz>';
    expect(await refused(laughs)).toMatch(/DOCTYPE/);
    await refused('<!DOCTYPE r SYSTEM "http://127.0.0.1:1/evil.dtd"><r>&ext;</r>');
    await refused('<!doctype r><r/>');
    await refused('<R><!ENTITY x "y"></R>');
  });

  it('refuses entities it does not know and a bare &', async () => {
    for (const xml of [
      '<R>&nbsp;</R>',
      '<R>a & b</R>',
      '<R a="&x;"/>',
      '<R a="&"/>',
      '<R>&#xZZ;</R>',
      '<R>&#0;</R>',
      '<R>&#x110000;</R>',
      '<R>&#;</R>',
      '<R>&;</R>',
    ])
      await refused(xml);
  });

  it('refuses tags unclosed, mismatched or stray', async () => {
    for (const xml of [
      '<R>',
      '<R><a></R>',
      '<R><a></b></R>',
      '<R></R></R>',
      '</R>',
      '<R><ab></a></R>',
      '<R><a></ab></R>',
      '<a:R></b:R>',
      '<R/ >',
      '< R/>',
      '<R></ R>',
      '<>',
      '<R></>',
    ])
      await refused(xml);
  });

  it('refuses bad attribute syntax', async () => {
    for (const xml of [
      '<R a=1/>',
      '<R a/>',
      '<R a="1"b="2"/>',
      '<R a="1" a="2"/>',
      '<R a="<"/>',
      '<R a="1/>',
      '<R a=\'1"/>',
      '<R ="1"/>',
      '<R a=/>',
      '<R<x/>',
      '<R a="1" =/>',
    ])
      await refused(xml);
  });

  it('refuses text or a second element outside the root, ]]> in text, and no element at all', async () => {
    for (const xml of [
      '',
      '   ',
      'not xml',
      'x<R/>',
      '<R/>x',
      '<R/><S/>',
      '<R/>&amp;',
      '<R>a]]>b</R>',
      '<![CDATA[x]]><R/>',
      '<!-- only a comment -->',
      '<?xml version="1.0"?>',
    ])
      await refused(xml);
  });

  it('refuses a document cut short anywhere', async () => {
    const xml =
      '<?xml version="1.0"?><!-- c --><ns:R xmlns:ns="urn:a" a="1"><ns:A b=\'2\'>x &amp; y<![CDATA[z]]></ns:A><B/><?pi x?></ns:R>';
    await readXml(xml);
    for (let length = 0; length < xml.length; length++) await refused(xml.slice(0, length));
  });

  it('answers any mangling of a document with a tree or XmlReadError, never another error', async () => {
    const xml =
      '<?xml version="1.0"?><ns:R xmlns:ns="urn:a" a="1"><ns:A b=\'2\'>x &amp; y &#x41;<![CDATA[z]]></ns:A><B/><!-- c --><?pi x?></ns:R>';
    const pieces = [
      '<',
      '>',
      '/',
      '&',
      ';',
      '"',
      "'",
      '=',
      ' ',
      '!',
      '?',
      '[',
      ']',
      '-',
      '#',
      'x',
      ':',
      '\r',
      '\uFEFF',
      '\uD800',
    ];
    let seed = 42;
    const random = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    for (let i = 0; i < 3_000; i++) {
      let mangled = xml;
      for (let edits = 1 + random(3); edits > 0; edits--) {
        const at = random(mangled.length + 1);
        const kind = random(3);
        if (kind === 0) mangled = mangled.slice(0, at) + mangled.slice(at + 1 + random(4));
        else if (kind === 1) mangled = mangled.slice(0, at) + pieces[random(pieces.length)]! + mangled.slice(at);
        else mangled = mangled.slice(0, at) + pieces[random(pieces.length)]! + mangled.slice(at + 1);
      }
      await readXml(mangled).catch((error: unknown) => {
        if (!(error instanceof XmlReadError)) throw new Error(`${String(error)} reading ${JSON.stringify(mangled)}`);
      });
    }
  });
});
