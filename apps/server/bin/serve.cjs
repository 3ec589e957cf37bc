#!/usr/bin/env node
// Starts the hub's server with libuv's thread pool sized for it (thread-pool.cjs):
// `node apps/server/bin/serve.cjs`. It runs the minified bundle `npm run build` makes
// (dist/hub.bundle.js, scripts/bundle.mjs: about 9 MiB less heap, docs/performance.md "Memory")
// when the bundle is at least as new as tsc's last build of the server and of @hub/core; else
// tsc's dist/main.js, so a `tsc -b` without the bundle step never serves stale code. Running
// dist/main.js directly works too, with libuv's default pool.
'use strict';
const { statSync } = require('node:fs');
const { join } = require('node:path');

require('./thread-pool.cjs').sizeThreadPool(process.env);

// A reader that closed its end of stdout or stderr (EPIPE) must not turn the next write into an
// uncaught exception; the hub's own log stream also bounds what a reader that stopped reading can
// hold (apps/server/src/http/shutdown.ts, logOutput).
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

// Started by `npm start` (scripts/start.mjs, which sets HUB_PARENT_PID): if that process is killed
// outright (SIGKILL, the OOM killer) it cannot pass a signal on; its end counts as a SIGTERM. The
// primary only: the workers of HUB_WORKERS are its children and end with it.
const parentPid = Number(process.env.HUB_PARENT_PID);
if (parentPid > 0 && require('node:cluster').isPrimary)
  require('./parent-watch.cjs').whenParentGone(parentPid, () => process.kill(process.pid, 'SIGTERM'));

const modifiedAt = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
};
const dist = join(__dirname, '../dist');
const builtAt = Math.max(
  modifiedAt(join(dist, '.tsbuildinfo')),
  modifiedAt(join(__dirname, '../../../packages/core/dist/.tsbuildinfo')),
);
const entry =
  modifiedAt(join(dist, 'hub.bundle.js')) >= builtAt ? '../dist/hub.bundle.js' : '../dist/main.js';

import(entry).catch((error) => {
  console.error(error);
  process.exit(1);
});
