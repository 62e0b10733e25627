// Validates NDC 21.3 documents against the official XSDs, read from ../shared/ndc-21.3 beside the
// repository (test data under IATA's terms: never copied into this tree). xmllint-wasm compiles a
// schema per call, so the common types (1 MB) are loaded once and every message schema is included
// into one schema in the message namespace: a batch of documents of any message validates in one
// call.
import { readFile, readdir } from 'node:fs/promises';
import { fileURLToPath } from 'node:url';
import { validateXML } from 'xmllint-wasm';

/** ../shared/ndc-21.3, from the repository root (a worktree resolves its own ../shared). */
export const ndcSchemaDir = fileURLToPath(new URL('../../../shared/ndc-21.3/', import.meta.url));

const messageNs = 'http://www.iata.org/IATA/2015/EASD/00/IATA_OffersAndOrdersMessage';

let loaded: Promise<{ schema: string; preload: { fileName: string; contents: string }[] }> | undefined;

function load() {
  loaded ??= (async () => {
    const files = (await readdir(ndcSchemaDir)).filter((f) => f.endsWith('.xsd'));
    const messages = files.filter((f) => f.startsWith('IATA_') && f !== 'IATA_OffersAndOrdersCommonTypes.xsd');
    const preload = await Promise.all(
      files.map(async (fileName) => ({ fileName, contents: await readFile(ndcSchemaDir + fileName, 'utf8') })),
    );
    const schema =
      `<xs:schema xmlns:xs="http://www.w3.org/2001/XMLSchema" targetNamespace="${messageNs}" ` +
      `elementFormDefault="qualified">` +
      messages.map((f) => `<xs:include schemaLocation="${f}"/>`).join('') +
      '</xs:schema>';
    return { schema, preload };
  })();
  return loaded;
}

export interface NdcDocument {
  readonly name: string;
  readonly xml: string;
}

/** The schema errors of each document (an empty list: every document is valid). */
export async function ndcSchemaErrors(documents: readonly NdcDocument[]): Promise<string[]> {
  if (documents.length === 0) return [];
  const { schema, preload } = await load();
  const result = await validateXML({
    xml: documents.map((d, i) => ({ fileName: `${i}-${d.name}.xml`, contents: d.xml })),
    schema: [{ fileName: 'all-messages.xsd', contents: schema }],
    preload,
    initialMemoryPages: 1024,
    maxMemoryPages: 4096,
  });
  return result.errors.map((e) => e.rawMessage);
}
