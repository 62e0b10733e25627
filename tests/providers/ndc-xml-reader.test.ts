// The reader against saxes, the parser it replaced: documents of every construct the reader
// handles read to the same tree as saxes read them, and so does every mangling of a sample answer
// that saxes still reads; the reader refuses every mangling saxes refuses but for what saxes
// checked inside the declaration, processing instructions and comments that the reader skips.
// (Every document the XML provider tests exchange with the sandbox is compared too, in those tests.)
import { describe, expect, it } from 'vitest';
import { readerDisagreement, saxesRead, scannerRead, treeDifference } from '../support/saxes-xml-reader.js';

const cases = [
  '<R/>',
  '<?xml version="1.0" encoding="UTF-8"?>\n<ns2:R xmlns:ns2="urn:a" xmlns="urn:b"><ns2:A/><B xmlns:c="urn:c" c:Code="X" Other="y"/></ns2:R>\n',
  `<R a='1' b = "two words" e="it's" f='say "hi"' g=""><L  h="1"  /></R  >`,
  '<R><T>0741234567890</T><A>0100.50</A><E>1e5</E><S>  padded  </S></R>',
  '<R v="&lt;&gt;&amp;&quot;&apos;&#65;&#x42;&#x1F600;">a &lt;b&gt; &amp;amp; &quot;c&quot; &apos;d&apos; &#48;&#x31;&#10;</R>',
  '\uFEFF<?xml version="1.0"?>\n<!-- before -->\n<R><?pi data?>a<!-- c -->b<![CDATA[<not a tag> & ]]]]>c</R>\n<!-- after -->\n',
  '<R>\r\n  <A>x\ry</A>\n  <B a="1\r\n2\t3\n4"/>\n</R>\r\n',
  '<R v="&#13;&#9;">&#13;&#xD;</R>',
  '<Unknown><Vendor_Thing-1.x/><Empty></Empty><Ünïcode>é € 𝄞</Ünïcode></Unknown>',
  '<soap:Envelope xmlns:soap="http://schemas.xmlsoap.org/soap/envelope/"><soap:Body><X>1</X></soap:Body></soap:Envelope>',
  '<R>text <b>bold</b> tail <![CDATA[x]]> more</R>',
  '<R><A>]]</A><B>]></B><C>a>b</C></R>',
];

/** What saxes checks inside the XML declaration, processing instructions and comments, which the reader skips. */
const skippedChecks =
  /XML declaration|processing instruction|malformed comment|version|value must be quoted|at the start of the document/;

describe('the reader against saxes', () => {
  it('reads every construct to the tree saxes read', async () => {
    for (const xml of cases) {
      expect('refused' in saxesRead(xml), xml).toBe(false);
      expect(await readerDisagreement(xml), xml).toBe('');
    }
  });

  it('reads every mangling of an answer that saxes reads to the same tree, and refuses what saxes refuses but in what it skips', async () => {
    const xml =
      '<?xml version="1.0"?><ns:R xmlns:ns="urn:a" a="1"><ns:A b=\'2\'>x &amp; y &#x41;<![CDATA[z]]></ns:A>\n<B c="3"/><!-- c --><?pi x?><C>0100</C></ns:R>';
    const pieces = ['<', '>', '/', '&', ';', '"', "'", '=', ' ', '!', '?', '[', ']', '-', '#', 'x', ':', '\r', '\n'];
    let seed = 7;
    const random = (n: number) => ((seed = (seed * 1_103_515_245 + 12_345) % 2 ** 31), seed % n);
    let bothRead = 0;
    let lenient = 0;
    for (let i = 0; i < 4_000; i++) {
      let mangled = xml;
      for (let edits = 1 + random(2); edits > 0; edits--) {
        const at = random(mangled.length + 1);
        const kind = random(3);
        if (kind === 0) mangled = mangled.slice(0, at) + mangled.slice(at + 1 + random(3));
        else if (kind === 1) mangled = mangled.slice(0, at) + pieces[random(pieces.length)]! + mangled.slice(at);
        else mangled = mangled.slice(0, at) + pieces[random(pieces.length)]! + mangled.slice(at + 1);
      }
      const expected = saxesRead(mangled);
      const read = await scannerRead(mangled);
      if (!('refused' in expected)) {
        expect('refused' in read ? read.refused : treeDifference(expected, read), mangled).toBe('');
        bothRead++;
      } else if (!('refused' in read)) {
        // The reader skips what it does not read without checking it, where saxes checked it.
        expect(expected.refused, mangled).toMatch(skippedChecks);
        lenient++;
      }
    }
    expect(bothRead).toBeGreaterThan(100);
    expect(lenient).toBeGreaterThan(0);
  });
});
