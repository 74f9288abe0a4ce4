import { constants } from 'node:zlib';
import compress from '@fastify/compress';
import type { FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';

/**
 * Compresses answers of 1 KB and more for browsers that accept brotli or gzip: the wallet and
 * its slots (logos included) are 8–9 KB of JSON on a phone's first screen. Money answers are
 * far smaller and pass untouched. The SPA's assets are compressed once at build time and served
 * as they are (plugins/web-app.ts); an answer already encoded is left alone.
 */
export const compressionPlugin = fp(
  async (app: FastifyInstance) => {
    await app.register(compress, {
      threshold: 1024,
      encodings: ['br', 'gzip'],
      // Quality 4 keeps most of brotli's gain on JSON for a fraction of the CPU of its default
      // (11), which is meant for files compressed once, at build time.
      brotliOptions: { params: { [constants.BROTLI_PARAM_QUALITY]: 4 } },
      // Clients send JSON as it is: no request decompression on the request path.
      globalDecompression: false,
    });
  },
  { name: 'compression' },
);
