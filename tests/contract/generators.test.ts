// The contract works with generators nobody here wrote, with their default options: clients from
// openapi-typescript (+ openapi-fetch) and @hey-api/openapi-ts compile the guides' examples under
// `tsc --strict`, no schema is renamed to dodge a collision, the XLSX report comes out binary, and
// a hey-api client given a bearer token sends only the bearer.
import { spawnSync } from 'node:child_process';
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { generateClients, guideExamples, repoRoot, type GeneratedClients } from '../support/generated-clients.js';

let clients: GeneratedClients;

beforeAll(async () => {
  clients = await generateClients();
}, 180_000);
afterAll(() => clients?.close());

/** Compiles the guide's examples for one client in its folder with `tsc --strict`; returns tsc's output. */
function compileExamples(dir: string, client: 'openapi-fetch' | 'hey-api'): { status: number | null; output: string } {
  const examples = guideExamples(client);
  expect(examples.length).toBeGreaterThan(0);
  for (const { name, code } of examples) writeFileSync(path.join(dir, `example-${name}.ts`), code);
  const nodeModules = path.join(repoRoot, 'node_modules');
  writeFileSync(
    path.join(dir, 'tsconfig.json'),
    JSON.stringify({
      compilerOptions: {
        strict: true,
        noEmit: true,
        target: 'ES2022',
        module: 'ESNext',
        moduleResolution: 'Bundler',
        lib: ['ES2023', 'DOM', 'DOM.Iterable'],
        types: ['node'],
        typeRoots: [path.join(nodeModules, '@types')],
        paths: { 'openapi-fetch': [path.join(nodeModules, 'openapi-fetch')] },
      },
      include: ['**/*.ts'],
    }),
  );
  const tsc = spawnSync(process.execPath, [path.join(nodeModules, 'typescript/bin/tsc'), '-p', dir], {
    encoding: 'utf8',
  });
  return { status: tsc.status, output: tsc.stdout + tsc.stderr };
}

describe('the guides compile with tsc --strict', () => {
  it('against openapi-typescript 7 types and openapi-fetch', () => {
    const { status, output } = compileExamples(clients.openapiFetchDir, 'openapi-fetch');
    expect(output).toBe('');
    expect(status).toBe(0);
  }, 120_000);

  it('against the @hey-api/openapi-ts 0.95 SDK', () => {
    const { status, output } = compileExamples(clients.heyApiDir, 'hey-api');
    expect(output).toBe('');
    expect(status).toBe(0);
  }, 120_000);
});

describe('what the generators make of the contract', () => {
  const heyTypes = () => readFileSync(path.join(clients.heyApiDir, 'contrail/types.gen.ts'), 'utf8');
  const oatTypes = () => readFileSync(path.join(clients.openapiFetchDir, 'contrail-api.d.ts'), 'utf8');

  it('hey-api renames no type to avoid a collision (a schema named like an operation type would be)', () => {
    const names = new Set([...heyTypes().matchAll(/^export type (\w+) =/gm)].map((m) => m[1]!));
    const renamed = [...names].filter((name) => /\d$/.test(name) && names.has(name.replace(/\d+$/, '')));
    expect(renamed).toEqual([]);
  });

  it('declares the defaulted request fields optional in openapi-typescript default output', () => {
    const types = oatTypes();
    for (const field of ['children', 'infants', 'cabin', 'reshop', 'accept_price_increase']) {
      expect(types, field).toMatch(new RegExp(`\\b${field}\\?: `));
      expect(types, field).not.toMatch(new RegExp(`requestBodies[\\s\\S]*\\b${field}: `));
    }
  });

  it('answers the XLSX report as a binary body', () => {
    expect(heyTypes()).toMatch(/export type ExportSalesResponses = \{[\s\S]*?200: Blob \| File;/);
    const bundle = JSON.parse(readFileSync(path.join(repoRoot, 'api/src/http/generated/openapi.bundle.json'), 'utf8'));
    const content = bundle.paths['/sales/export'].get.responses['200'].content;
    expect(content['application/vnd.openxmlformats-officedocument.spreadsheetml.sheet'].schema).toMatchObject({
      type: 'string',
      contentMediaType: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
    });
  });

  it("a hey-api client set up as the guide says sends the bearer token only, not the console's cookie and CSRF", async () => {
    const sdk = (await import(pathToFileURL(path.join(clients.heyApiDir, 'contrail/index.ts')).href)) as {
      getAccountDetails(options: { client: unknown }): Promise<unknown>;
    };
    const { client } = (await import(pathToFileURL(path.join(clients.heyApiDir, 'contrail/client.gen.ts')).href)) as {
      client: { setConfig(config: object): void };
    };
    const sent: Headers[] = [];
    const recording: typeof fetch = async (input) => {
      sent.push(new Headers((input as Request).headers));
      return new Response('{}', { status: 200, headers: { 'content-type': 'application/json' } });
    };
    const token = 'ctr_test_example';
    client.setConfig({
      baseUrl: 'http://127.0.0.1:9/api/v1',
      fetch: recording,
      auth: (scheme: { scheme?: string }) => (scheme.scheme === 'bearer' ? token : undefined),
    });
    await sdk.getAccountDetails({ client });
    expect(sent[0]!.get('authorization')).toBe(`Bearer ${token}`);
    expect(sent[0]!.get('cookie')).toBeNull();
    expect(sent[0]!.get('x-csrf-token')).toBeNull();
  });
});
