// The services as `npm start` runs them: each entry point (scripts/node-flags.ts) bundled by esbuild
// into one ES module in its package's dist/ (api/dist/server.mjs, api/dist/worker.mjs,
// sandbox/dist/server.mjs), with a source map beside it. The workspace packages
// (gds-surcharges, …) are TypeScript and go into the bundle; every npm dependency stays an import
// that Node resolves from node_modules, as it did under tsx. A dependency no package.json declares
// would be bundled silently, so the build fails on one instead.
import { mkdirSync, readFileSync, renameSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { build, stop } from 'esbuild';
import { repositoryRoot } from '../api/src/repository-root.js';
import { compiledService, serviceSources, type ServiceName } from './node-flags.js';

interface Manifest {
  name?: string;
  workspaces?: string[];
  dependencies?: Record<string, string>;
  devDependencies?: Record<string, string>;
  optionalDependencies?: Record<string, string>;
}

const manifest = (dir: string) =>
  JSON.parse(readFileSync(path.join(repositoryRoot, dir, 'package.json'), 'utf8')) as Manifest;

/** Every npm package some package.json of the repository depends on, less the workspaces themselves. */
function externalPackages(): string[] {
  const root = manifest('.');
  const manifests = [root, ...(root.workspaces ?? []).map(manifest)];
  const workspaces = new Set(manifests.map((m) => m.name));
  const declared = manifests.flatMap((m) =>
    [m.dependencies, m.devDependencies, m.optionalDependencies].flatMap((d) => Object.keys(d ?? {})),
  );
  return [...new Set(declared)].filter((name) => !workspaces.has(name)).sort();
}

export async function buildServices(): Promise<void> {
  const names = Object.keys(serviceSources) as ServiceName[];
  const result = await build({
    absWorkingDir: repositoryRoot,
    entryPoints: names.map((name) => ({ in: serviceSources[name], out: compiledService(name).replace(/\.mjs$/, '') })),
    outdir: repositoryRoot,
    outExtension: { '.js': '.mjs' },
    bundle: true,
    platform: 'node',
    format: 'esm',
    target: 'node20',
    // Node reads the .map files only under --enable-source-maps; a stack trace names bundle lines without it.
    sourcemap: 'linked',
    external: externalPackages(),
    metafile: true,
    write: false,
    logLevel: 'warning',
  });
  // esbuild's service process would otherwise live as long as this one: all of `npm start`'s run.
  await stop();
  const bundled = Object.keys(result.metafile.inputs).filter((input) => input.includes('node_modules/'));
  if (bundled.length > 0)
    throw new Error(`undeclared dependencies would be bundled into the services: ${bundled.slice(0, 5).join(', ')}`);
  // Each file is written beside and renamed over the old one: a process starting meanwhile reads a
  // whole bundle, old or new, never half of one.
  for (const file of result.outputFiles) {
    mkdirSync(path.dirname(file.path), { recursive: true });
    const partial = `${file.path}.${process.pid}.partial`;
    writeFileSync(partial, file.contents);
    renameSync(partial, file.path);
  }
}
