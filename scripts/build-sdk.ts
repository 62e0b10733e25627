// `npm run build -w sdk`: the SDK as a package a developer installs outside this repository, in
// sdk/dist (its own package.json, README and files; `npm pack ./sdk/dist` makes the tarball).
// - ESM bundles by esbuild, one per entry (core, TanStack Query hooks, webhooks, zod, the CLI), with
//   shared chunks; the dependencies stay imports (standardwebhooks; the optional peers).
// - Type declarations by tsc, their relative imports given the `.js` a Node ESM resolver needs (the
//   sources and orval's output import without extensions, as the bundler-resolved workspace does).
// - The version is the contract's `info.version`: the SDK is the contract's client.
import { execFileSync } from 'node:child_process';
import { chmodSync, cpSync, existsSync, readFileSync, readdirSync, rmSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build } from 'esbuild';

const sdk = path.resolve(import.meta.dirname, '../sdk');
const out = path.join(sdk, 'dist');
const source = JSON.parse(readFileSync(path.join(sdk, 'package.json'), 'utf8')) as {
  dependencies: Record<string, string>;
  peerDependencies: Record<string, string>;
  peerDependenciesMeta: Record<string, { optional: boolean }>;
};

/** The contract's version (its bundle, which `npm run gen` writes from openapi.yaml), which the package carries. */
export function contractVersion(): string {
  const bundle = path.resolve(sdk, '../api/src/http/generated/openapi.bundle.json');
  return (JSON.parse(readFileSync(bundle, 'utf8')) as { info: { version: string } }).info.version;
}

const entries = { index: 'src/index.ts', query: 'src/query.ts', webhooks: 'src/webhooks.ts', zod: 'src/zod.ts' };

/** `./x` → `./x.js` or `./x/index.js`, whichever the declaration tree holds. */
function withExtension(fromFile: string, specifier: string): string {
  const target = path.resolve(path.dirname(fromFile), specifier);
  if (existsSync(`${target}.d.ts`)) return `${specifier}.js`;
  if (existsSync(path.join(target, 'index.d.ts'))) return `${specifier}/index.js`;
  return specifier;
}

function fixDeclarations(dir: string): void {
  for (const name of readdirSync(dir)) {
    const file = path.join(dir, name);
    if (statSync(file).isDirectory()) fixDeclarations(file);
    else if (name.endsWith('.test.d.ts')) rmSync(file);
    else if (name.endsWith('.d.ts')) {
      const text = readFileSync(file, 'utf8').replace(
        /(from\s+|import\()(['"])(\.{1,2}\/[^'"]*)\2/g,
        (_m, lead: string, quote: string, spec: string) => `${lead}${quote}${withExtension(file, spec)}${quote}`,
      );
      writeFileSync(file, text);
    }
  }
}

async function main(): Promise<void> {
  rmSync(out, { recursive: true, force: true });
  const external = [...Object.keys(source.dependencies), ...Object.keys(source.peerDependencies), 'react'];
  await build({
    absWorkingDir: sdk,
    entryPoints: entries,
    outdir: path.join(out, 'lib'),
    bundle: true,
    splitting: true,
    format: 'esm',
    platform: 'neutral',
    target: 'es2022',
    external,
    logLevel: 'warning',
  });
  await build({
    absWorkingDir: sdk,
    entryPoints: { contrail: 'src/cli/main.ts' },
    outdir: path.join(out, 'bin'),
    bundle: true,
    format: 'esm',
    platform: 'node',
    target: 'node20',
    external,
    logLevel: 'warning',
  });
  chmodSync(path.join(out, 'bin/contrail.js'), 0o755);

  execFileSync(
    'npx',
    [
      'tsc',
      '-p',
      'sdk/tsconfig.json',
      '--composite',
      'false',
      '--incremental',
      'false',
      '--declarationMap',
      'false',
      '--outDir',
      path.join(out, 'types'),
      '--tsBuildInfoFile',
      'null',
    ],
    { cwd: path.resolve(sdk, '..'), stdio: 'inherit' },
  );
  fixDeclarations(path.join(out, 'types'));

  const types = (entry: string) => `./types/${entry}.d.ts`;
  const pkg = {
    name: '@contrail/sdk',
    version: contractVersion(),
    description:
      "Contrail's typed SDK for the ticket-sales API, its TanStack Query hooks, webhook verification and the `contrail` CLI.",
    type: 'module',
    license: 'UNLICENSED',
    engines: { node: '>=20.19' },
    sideEffects: false,
    exports: {
      '.': { types: types('index'), import: './lib/index.js' },
      './query': { types: types('query'), import: './lib/query.js' },
      './webhooks': { types: types('webhooks'), import: './lib/webhooks.js' },
      './zod': { types: types('zod'), import: './lib/zod.js' },
      './package.json': './package.json',
    },
    types: types('index'),
    bin: { contrail: './bin/contrail.js' },
    files: ['lib', 'types', 'bin', 'README.md'],
    dependencies: source.dependencies,
    peerDependencies: { ...source.peerDependencies, react: '^18.0.0 || ^19.0.0' },
    peerDependenciesMeta: { ...source.peerDependenciesMeta, react: { optional: true } },
  };
  writeFileSync(path.join(out, 'package.json'), `${JSON.stringify(pkg, null, 2)}\n`);
  cpSync(path.join(sdk, 'README.md'), path.join(out, 'README.md'));
  console.log(`build: SDK ${pkg.version} → sdk/dist (npm pack ./sdk/dist)`);
}

if (process.argv[1] === import.meta.filename) await main();
