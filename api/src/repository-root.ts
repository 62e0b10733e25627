// Where the repository is, for the files the services read beside their code (the contract bundle,
// the console build, the docs). The services run as TypeScript (tests, `tsx`) and bundled into
// dist/ (`npm start`), so a path relative to a module's own file differs between the two;
// the repository root does not. It is the nearest directory above this module's file whose
// package.json declares the workspaces, found once when the module loads.
import { existsSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';

function findRoot(from: string): string {
  for (let dir = from; ; dir = path.dirname(dir)) {
    const manifest = path.join(dir, 'package.json');
    if (existsSync(manifest) && 'workspaces' in (JSON.parse(readFileSync(manifest, 'utf8')) as object)) return dir;
    if (path.dirname(dir) === dir) throw new Error(`no package.json with workspaces above ${from}`);
  }
}

export const repositoryRoot = findRoot(path.dirname(fileURLToPath(import.meta.url)));

/** A path inside the repository; an absolute `relative` is kept as it is. */
export function inRepository(relative: string): string {
  return path.resolve(repositoryRoot, relative);
}

/** The OpenAPI contract, bundled into one JSON file by `npm run gen`. */
export const contractBundleFile = inRepository('api/src/http/generated/openapi.bundle.json');
