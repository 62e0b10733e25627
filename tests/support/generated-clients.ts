// Clients generated from the bundled contract by two generators nobody here wrote, the way a
// developer would (default options), into a temporary folder: openapi-typescript's `paths` for
// openapi-fetch, and @hey-api/openapi-ts's fetch SDK. Never into the repository.
import { mkdirSync, mkdtempSync, readFileSync, readdirSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { createClient as heyApi } from '@hey-api/openapi-ts';
import openapiTS, { astToString } from 'openapi-typescript';

export const repoRoot = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
export const bundlePath = path.join(repoRoot, 'api/src/http/generated/openapi.bundle.json');

export interface GeneratedClients {
  dir: string;
  /** openapi-typescript's output, `contrail-api.d.ts`, and the guide's openapi-fetch examples beside it. */
  openapiFetchDir: string;
  /** hey-api's output in `contrail/`, and the guide's hey-api examples beside it. */
  heyApiDir: string;
  close(): void;
}

export async function generateClients(): Promise<GeneratedClients> {
  const dir = mkdtempSync(path.join(tmpdir(), 'contrail-clients-'));
  const openapiFetchDir = path.join(dir, 'openapi-fetch');
  const heyApiDir = path.join(dir, 'hey-api');
  mkdirSync(openapiFetchDir);
  mkdirSync(heyApiDir);
  const types = astToString(await openapiTS(new URL(`file://${bundlePath}`)));
  writeFileSync(path.join(openapiFetchDir, 'contrail-api.d.ts'), types);
  await heyApi({ input: bundlePath, output: path.join(heyApiDir, 'contrail'), logs: { level: 'silent' } });
  return { dir, openapiFetchDir, heyApiDir, close: () => rmSync(dir, { recursive: true, force: true }) };
}

/** The guides' TypeScript examples written for one client: code blocks opened with "```ts <client>". */
export function guideExamples(client: 'openapi-fetch' | 'hey-api'): { name: string; code: string }[] {
  const guides = path.join(repoRoot, 'docs/guides');
  const examples: { name: string; code: string }[] = [];
  for (const file of readdirSync(guides).filter((f) => f.endsWith('.md'))) {
    const text = readFileSync(path.join(guides, file), 'utf8');
    const blocks = [...text.matchAll(new RegExp(`^\`\`\`ts ${client}\\n([\\s\\S]*?)^\`\`\`$`, 'gm'))];
    blocks.forEach((m, i) => examples.push({ name: `${file.replace(/\.md$/, '')}-${i + 1}`, code: m[1]! }));
  }
  return examples;
}
