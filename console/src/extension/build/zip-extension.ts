/// <reference types="node" />
// Packs the built extension (dist-extension/unpacked) into the zip the Chrome Web Store and Edge
// Add-ons take: dist-extension/contrail-extension-<product version>.zip. The stores assign the
// extension's id themselves and refuse a manifest with a `key`, so the zip's manifest leaves it
// out; the unpacked build keeps it, so local installs and tests have a stable id.
import { readFileSync, readdirSync, statSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import JSZip from 'jszip';

const root = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '../../..');
const unpacked = path.join(root, 'dist-extension/unpacked');

function filesUnder(dir: string): string[] {
  return readdirSync(dir).flatMap((name) => {
    const full = path.join(dir, name);
    return statSync(full).isDirectory() ? filesUnder(full) : [full];
  });
}

const manifest = JSON.parse(readFileSync(path.join(unpacked, 'manifest.json'), 'utf8')) as Record<string, unknown> & {
  version_name: string;
};
const zip = new JSZip();
for (const file of filesUnder(unpacked)) {
  const name = path.relative(unpacked, file).split(path.sep).join('/');
  if (name === 'manifest.json' || name.endsWith('.map')) continue;
  zip.file(name, readFileSync(file), { date: new Date('2026-01-01T00:00:00Z') });
}
const { key: _key, ...storeManifest } = manifest;
zip.file('manifest.json', JSON.stringify(storeManifest, null, 2), { date: new Date('2026-01-01T00:00:00Z') });
const out = path.join(root, `dist-extension/contrail-extension-${manifest.version_name}.zip`);
writeFileSync(out, await zip.generateAsync({ type: 'nodebuffer', compression: 'DEFLATE' }));
console.log(`build: extension → ${path.relative(path.join(root, '..'), out)}`);
