// The SDK as a developer gets it: built into sdk/dist (scripts/build-sdk.ts), packed by `npm pack`,
// and installed from that tarball into a folder outside this repository. The install is offline
// (`npm ci --offline`) so that it needs no network: its lockfile pins the package's dependencies to
// the versions and integrity hashes of this repository's lockfile, whose tarballs `npm ci` put in
// the npm cache. A dependency missing from the cache fails the install with ENOTCACHED, by name.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';

export const repoRoot = path.resolve(import.meta.dirname, '../..');
export const sdkDist = path.join(repoRoot, 'sdk/dist');
/** The CLI as the package ships it. */
export const builtCli = path.join(sdkDist, 'bin/contrail.js');

interface LockEntry {
  version: string;
  integrity?: string;
  dependencies?: Record<string, string>;
  [key: string]: unknown;
}

/** Builds sdk/dist unless `npm test`'s build made it already. */
export function ensureSdkBuilt(): void {
  if (existsSync(path.join(sdkDist, 'package.json')) && existsSync(builtCli)) return;
  execFileSync('npx', ['tsx', 'scripts/build-sdk.ts'], { cwd: repoRoot, stdio: 'inherit' });
}

/** `npm pack ./sdk/dist` into `dir`; answers the tarball's path. */
export function packSdk(dir: string): string {
  const out = execFileSync('npm', ['pack', sdkDist, '--pack-destination', dir, '--json'], {
    cwd: repoRoot,
    encoding: 'utf8',
  });
  const [packed] = JSON.parse(out) as { filename: string }[];
  return path.join(dir, packed!.filename);
}

/** The package's dependencies and theirs, as this repository's lockfile has them. */
function dependencyClosure(dependencies: Record<string, string>): Record<string, LockEntry> {
  const lock = JSON.parse(readFileSync(path.join(repoRoot, 'package-lock.json'), 'utf8')) as {
    packages: Record<string, LockEntry>;
  };
  const entries: Record<string, LockEntry> = {};
  const visit = (name: string) => {
    const key = `node_modules/${name}`;
    if (entries[key]) return;
    const entry = lock.packages[key];
    if (!entry) throw new Error(`${name} is not in package-lock.json, so it cannot be installed offline`);
    entries[key] = entry;
    for (const dep of Object.keys(entry.dependencies ?? {})) visit(dep);
  };
  for (const name of Object.keys(dependencies)) visit(name);
  return entries;
}

/** A fresh folder outside the repository with the packed SDK installed; answers the folder. */
export function installPackedSdk(): { dir: string; tarball: string; version: string } {
  const dir = mkdtempSync(path.join(tmpdir(), 'contrail-sdk-'));
  const tarball = packSdk(dir);
  const pkg = JSON.parse(readFileSync(path.join(sdkDist, 'package.json'), 'utf8')) as LockEntry & {
    dependencies: Record<string, string>;
  };
  const spec = `file:${path.basename(tarball)}`;
  const project = {
    name: 'contrail-sdk-consumer',
    private: true,
    type: 'module',
    dependencies: { '@contrail/sdk': spec },
  };
  const lockFields = [
    'version',
    'license',
    'dependencies',
    'peerDependencies',
    'peerDependenciesMeta',
    'bin',
    'engines',
  ];
  const meta = Object.fromEntries(Object.entries(pkg).filter(([key]) => lockFields.includes(key)));
  writeFileSync(path.join(dir, 'package.json'), JSON.stringify(project, null, 2));
  writeFileSync(
    path.join(dir, 'package-lock.json'),
    JSON.stringify(
      {
        name: project.name,
        lockfileVersion: 3,
        requires: true,
        packages: {
          '': { name: project.name, dependencies: project.dependencies },
          'node_modules/@contrail/sdk': { ...meta, resolved: spec },
          ...dependencyClosure(pkg.dependencies),
        },
      },
      null,
      2,
    ),
  );
  execFileSync('npm', ['ci', '--offline', '--no-audit', '--no-fund', '--loglevel=error'], { cwd: dir, stdio: 'pipe' });
  return { dir, tarball, version: pkg.version };
}
