import { createHash } from 'node:crypto';
import { readdir, readFile, stat, writeFile } from 'node:fs/promises';
import { join, resolve } from 'node:path';
import { promisify } from 'node:util';
import { brotliCompress, constants, gzip } from 'node:zlib';
import type { Plugin } from 'vite';

const brotli = promisify(brotliCompress);
const gzipAsync = promisify(gzip);

const SERVICE_WORKER = 'sw.js';
const VERSION_PLACEHOLDER = '__BUILD_VERSION__';

/**
 * Stamps public/sw.js (copied into the build as it is) with a hash of the build's file names, which
 * carry their contents' hashes: each release changes the worker, so browsers install it afresh and
 * it replaces the cached shell.
 */
export const stampServiceWorker = (): Plugin => {
  let outDir = '';
  let version: string | undefined;
  return {
    name: 'hub:stamp-service-worker',
    apply: 'build',
    configResolved(config) {
      outDir = resolve(config.root, config.build.outDir);
    },
    generateBundle(_options, bundle) {
      const hash = createHash('sha256');
      for (const name of Object.keys(bundle).sort()) hash.update(`${name}\n`);
      version = hash.digest('hex').slice(0, 12);
    },
    async closeBundle() {
      if (!version) return;
      const file = join(outDir, SERVICE_WORKER);
      const source = await readFile(file, 'utf8');
      if (!source.includes(VERSION_PLACEHOLDER))
        throw new Error(`${file} has no ${VERSION_PLACEHOLDER} to stamp with the build's version`);
      await writeFile(file, source.replaceAll(VERSION_PLACEHOLDER, version));
    },
  };
};

const COMPRESSIBLE = /\.(?:js|css|svg)$/;
const MIN_BYTES = 1024;

/**
 * Writes a Brotli (.br) and a gzip (.gz) copy beside each hashed script, style sheet and image of
 * the build; the server sends them to browsers that accept them (@fastify/static `preCompressed`).
 */
export const precompressAssets = (): Plugin => {
  let assetsDir = '';
  return {
    name: 'hub:precompress-assets',
    apply: 'build',
    configResolved(config) {
      assetsDir = resolve(config.root, config.build.outDir, config.build.assetsDir);
    },
    async closeBundle() {
      const names = await readdir(assetsDir).catch(() => []);
      await Promise.all(
        names
          .filter((name) => COMPRESSIBLE.test(name))
          .map(async (name) => {
            const file = join(assetsDir, name);
            if ((await stat(file)).size < MIN_BYTES) return;
            const content = await readFile(file);
            const [br, gz] = await Promise.all([
              brotli(content, { params: { [constants.BROTLI_PARAM_QUALITY]: constants.BROTLI_MAX_QUALITY } }),
              gzipAsync(content, { level: constants.Z_BEST_COMPRESSION }),
            ]);
            await Promise.all([writeFile(`${file}.br`, br), writeFile(`${file}.gz`, gz)]);
          }),
      );
    },
  };
};
