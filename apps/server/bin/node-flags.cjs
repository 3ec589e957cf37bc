// The V8 flags a hub process runs with when the operator has not chosen its own with NODE_OPTIONS:
// a 128 MiB old generation (V8 collects long before the 2–4 GiB it would otherwise let garbage
// grow to), a 1 MiB young generation (instead of up to 3 × 16 MiB), and one garbage-collection
// helper thread per core the process has (instead of four whatever the cores). They keep one process
// under 130 MB resident under a login load at no measurable cost in CPU (docs/performance.md
// "Memory", docs/operations.md). `npm start` (scripts/start.mjs) passes them on the command line;
// NODE_OPTIONS set to anything, even a single space, leaves the choice to the operator.
'use strict';
const { availableParallelism } = require('node:os');
const { processesOf, threadPoolSize } = require('./thread-pool.cjs');

/** The flags to start a hub process with, or none when NODE_OPTIONS is set. */
const hubNodeFlags = (env, cores = availableParallelism()) => {
  if (env.NODE_OPTIONS !== undefined && env.NODE_OPTIONS !== '') return [];
  return [
    '--max-old-space-size=128',
    '--max-semi-space-size=1',
    `--v8-pool-size=${threadPoolSize(cores, processesOf(env.HUB_WORKERS, cores))}`,
  ];
};

module.exports = { hubNodeFlags };
