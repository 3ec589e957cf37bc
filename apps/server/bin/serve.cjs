#!/usr/bin/env node
// Starts the hub's server (dist/main.js) with libuv's thread pool sized for it (thread-pool.cjs):
// `node apps/server/bin/serve.cjs`. Running dist/main.js directly works too, with libuv's default.
'use strict';
require('./thread-pool.cjs').sizeThreadPool(process.env);

import('../dist/main.js').catch((error) => {
  console.error(error);
  process.exit(1);
});
