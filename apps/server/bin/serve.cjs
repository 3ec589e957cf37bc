#!/usr/bin/env node
// Starts the hub's server with libuv's thread pool sized for it (thread-pool.cjs):
// `node apps/server/bin/serve.cjs`. It runs the minified bundle `npm run build` makes when that is
// at least as new as tsc's last build, else tsc's dist/main.js (entry.cjs). Running dist/main.js
// directly works too, with libuv's default pool.
'use strict';
require('./thread-pool.cjs').sizeThreadPool(process.env);

const { pathToFileURL } = require('node:url');
const { servedEntry } = require('./entry.cjs');

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

import(pathToFileURL(servedEntry().file).href).catch((error) => {
  console.error(error);
  process.exit(1);
});
