// The V8 flags a hub process runs with when the operator has not chosen its own with NODE_OPTIONS:
// a 128 MiB old generation (V8 collects long before the 2–4 GiB it would otherwise let garbage
// grow to), a 2 MiB young generation (instead of up to 3 × 16 MiB), and garbage-collection helper
// threads for half the cores the process has, at least one (instead of four whatever the cores).
// On two cores, one helper and 2 MiB of young generation hold the same peak under a login load as
// two helpers and 1 MiB (133 MiB), and look-ups have a shorter tail: half the scavenges, each of
// which delays a whole batch of requests (docs/operations.md;
// docs/performance.md "Young generation and garbage-collection helpers"). `npm start`
// (scripts/start.mjs) passes them on the command line; NODE_OPTIONS set to anything, even a single
// space, leaves the choice to the operator.
'use strict';
const { availableParallelism } = require('node:os');
const { processesOf, threadPoolSize } = require('./thread-pool.cjs');

/** V8's helper threads for a process that has `cores` cores and shares them with `processes - 1` others. */
const gcHelpers = (cores, processes) => Math.max(1, Math.floor(threadPoolSize(cores, processes) / 2));

/** The flags to start a hub process with, or none when NODE_OPTIONS is set. */
const hubNodeFlags = (env, cores = availableParallelism()) => {
  if (env.NODE_OPTIONS !== undefined && env.NODE_OPTIONS !== '') return [];
  return [
    '--max-old-space-size=128',
    '--max-semi-space-size=2',
    `--v8-pool-size=${gcHelpers(cores, processesOf(env.HUB_WORKERS, cores))}`,
  ];
};

module.exports = { gcHelpers, hubNodeFlags };
