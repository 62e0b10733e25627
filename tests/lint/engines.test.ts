// Every installed package runs on the Node these machines have: `npm ci` warns (EBADENGINE) about
// a package whose `engines.node` leaves this Node out, and so does `npm start`'s install on a fresh
// machine. The lockfile keeps the Node 20 lines where a newer line dropped it (@fastify/static
// 10.1.3 for content-disposition 2; light-my-request 6.6.0, within fastify's ^6, for cookie 1).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import semver from 'semver';
import { describe, expect, it } from 'vitest';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../..');
interface LockedPackage {
  version?: string;
  engines?: { node?: string } | string[];
  optional?: boolean;
}
const lock = JSON.parse(readFileSync(path.join(root, 'package-lock.json'), 'utf8')) as {
  packages: Record<string, LockedPackage>;
};

describe('engines', () => {
  it('every locked package accepts this Node', () => {
    const refused = Object.entries(lock.packages)
      .filter(([where, p]) => where !== '' && !p.optional)
      .flatMap(([where, p]) => {
        const range = Array.isArray(p.engines) ? undefined : p.engines?.node;
        return range && !semver.satisfies(process.version, range, { includePrerelease: true })
          ? [`${where}@${p.version} needs node ${range}`]
          : [];
      });
    expect(refused).toEqual([]);
  });
});
