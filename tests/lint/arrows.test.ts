// The lint keeps the arrows one way: these run the repository's own ESLint config on small texts
// placed where a real file would be, and expect a forbidden import to fail it; and the cycle check
// of `npm run lint` (scripts/check-cycles.ts) on a small graph with a cycle. The
// type-aware rules are switched off here (the texts are not on disk for the type checker); the
// zones and the cycle rule resolve imports against the real files, as `npm run lint` does.
import { mkdtemp, rm, writeFile } from 'node:fs/promises';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import tseslint from 'typescript-eslint';
import { describe, expect, it } from 'vitest';
import { findCycles } from '../../scripts/check-cycles.js';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
const eslint = new ESLint({
  cwd: root,
  overrideConfig: [{ files: ['**/*.{ts,tsx}'], ...tseslint.configs.disableTypeChecked }],
});

/** The rule ids the text breaks when it stands at `file`. */
async function broken(file: string, text: string): Promise<string[]> {
  const [result] = await eslint.lintText(text, { filePath: path.join(root, file) });
  return result!.messages.map((m) => m.ruleId ?? m.message);
}

describe('lint zones and cycles', () => {
  it('passes an import that goes the right way', async () => {
    expect(await broken('api/src/domain/fixture.ts', "export { newId } from './ids.js';\n")).toEqual([]);
  });

  it.each([
    ['db imports the domain', 'api/src/db/fixture.ts', "export { newId } from '../domain/ids.js';\n"],
    ['the domain imports jobs', 'api/src/domain/fixture.ts', "export { emdRetry } from '../jobs/queues.js';\n"],
    [
      'the domain imports http',
      'api/src/domain/fixture.ts',
      "export type { AppContext } from '../http/contract.js';\n",
    ],
    ['a provider imports db', 'api/src/providers/fixture.ts', "export type { Db } from '../db/database.js';\n"],
    ['a provider imports http', 'api/src/providers/fixture.ts', "export { errorBody } from '../http/errors.js';\n"],
    ['the API imports the SDK', 'api/src/domain/fixture.ts', "export * from '@contrail/sdk';\n"],
    [
      'a console feature imports another feature',
      'console/src/features/sales/fixture.ts',
      "export * from '../bookings/booking-format';\n",
    ],
    [
      'a shared console folder imports a feature',
      'console/src/hooks/fixture.ts',
      "export * from '../features/sales';\n",
    ],
  ])('fails when %s', async (_, file, text) => {
    expect(await broken(file, text)).toContain('import-x/no-restricted-paths');
  });
});

describe('import cycles', () => {
  it('finds a new cycle, type-only imports included, and fails on it', async () => {
    const dir = await mkdtemp(path.join(tmpdir(), 'contrail-cycle-'));
    try {
      await writeFile(
        path.join(dir, 'offer.ts'),
        "import type { Order } from './order.js';\nexport type Offer = { order?: Order };\n",
      );
      await writeFile(
        path.join(dir, 'order.ts'),
        "import type { Offer } from './offer.js';\nexport type Order = { offer: Offer };\n",
      );
      await writeFile(
        path.join(dir, 'alone.ts'),
        "import type { Offer } from './offer.js';\nexport type Alone = Offer;\n",
      );
      const cycles = findCycles(['.'], dir);
      expect(cycles).toEqual([['offer.ts', 'order.ts']]);
    } finally {
      await rm(dir, { recursive: true, force: true });
    }
  });
});
