/// <reference types="node" />
// Writes a brotli (.br) and a gzip (.gz) copy beside every text asset the build emits, at the
// highest levels, once: the API serves them to browsers that accept them (@fastify/static's
// preCompressed), so a phone downloads the main script at a fraction of its size and the server
// never compresses an asset per request. Files too small to gain are left as they are.
import { readFileSync, writeFileSync } from 'node:fs';
import path from 'node:path';
import { brotliCompressSync, constants, gzipSync } from 'node:zlib';
import type { Plugin } from 'vite';

const compressible = /\.(js|mjs|css|html|svg|json|txt|map)$/;
/** Below this a compressed copy saves less than the extra request headers cost. */
export const precompressMinBytes = 1024;

export function precompressAssets(): Plugin {
  let outDir = '';
  return {
    name: 'contrail-precompress',
    apply: 'build',
    configResolved(config) {
      outDir = path.resolve(config.root, config.build.outDir);
    },
    writeBundle(_options, bundle) {
      for (const fileName of Object.keys(bundle)) {
        if (!compressible.test(fileName)) continue;
        const file = path.join(outDir, fileName);
        const source = readFileSync(file);
        if (source.length < precompressMinBytes) continue;
        writeFileSync(
          `${file}.br`,
          brotliCompressSync(source, {
            params: {
              [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY,
              [constants.BROTLI_PARAM_SIZE_HINT]: source.length,
            },
          }),
        );
        writeFileSync(`${file}.gz`, gzipSync(source, { level: constants.Z_BEST_COMPRESSION }));
      }
    },
  };
}
