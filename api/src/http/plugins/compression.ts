// Compressed answers (brotli, else gzip, as the client accepts): API JSON and pages above
// `compressThresholdBytes`, compressed as they leave; the console's assets were compressed once at
// build time and are served as they are (static-console.ts). A phone on a slow network then waits
// for a fraction of the bytes; a small answer is sent plain, where compressing would cost more
// time than it saves. Request bodies are never decompressed: the contract takes plain JSON only.
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

export const compressThresholdBytes = 1024;

export default fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      encodings: ['br', 'gzip'],
      threshold: compressThresholdBytes,
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
