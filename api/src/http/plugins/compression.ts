// Compressed answers (brotli, else gzip, as the client accepts): API JSON and pages above
// `compressThresholdBytes`, compressed as they leave; the console's assets were compressed once at
// build time and are served as they are (static-console.ts). A phone on a slow network then waits
// for a fraction of the bytes; a small answer is sent plain, where compressing would cost more
// time than it saves. Request bodies are never decompressed: the contract takes plain JSON only.
//
// Compression runs on the API's own core, beside every other request, so it is tuned for CPU per
// byte. Measured on a 52 kB search answer (20 offers): brotli quality 1 takes ~0.1 ms and keeps
// 6.8% of the bytes, against ~0.5 ms and 5.7% at the plugin's quality 4; gzip level 1 takes
// ~0.17 ms for 7.9%, against ~0.5 ms and 6.2% at zlib's default 6. A few hundred bytes more on the
// wire cost a phone far less than the milliseconds cost every other request waiting behind them.
// Answers up to `compressSyncMaxBytes` are compressed in one call: the stream path (libuv's
// threadpool, a pipeline and a chunked answer) cost 5-10 times the CPU for the same 52 kB.
import compress from '@fastify/compress';
import { constants } from 'node:zlib';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const compressThresholdBytes = 1024;
/** Larger answers (reports, exports) stream through the threadpool; at level 1 this many bytes take ~0.3 ms. */
export const compressSyncMaxBytes = 128 * 1024;

export default fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: compressThresholdBytes,
      syncThreshold: compressSyncMaxBytes,
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 1 } },
      zlibOptions: { level: 1 },
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
