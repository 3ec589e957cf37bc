// libuv's threads for one hub process: the machine's cores shared out among its hub processes.
// Argon2id runs in this pool, so these threads are what hash. libuv's default of four threads on
// two cores time-slices memory-hard work against itself and the event loop; one thread per core
// hashed about a quarter faster in the benchmark and holds fewer Argon2id buffers at once, and the
// computations waiting their turn (services/passwords.ts lets one per core plus one be in flight)
// start as soon as a thread is free, with no trip through the event loop (docs/performance.md).
//
// CommonJS on purpose: libuv reads UV_THREADPOOL_SIZE when its pool starts, and Node's ES module
// loader starts it while loading the entry module, before any of the module's code runs.
'use strict';
const { availableParallelism } = require('node:os');

/** Hub processes per machine as HUB_WORKERS asks (config.ts validates it; anything else counts as 1). */
const processesOf = (hubWorkers, cores) => {
  if (hubWorkers === 'auto') return cores;
  const n = Number(hubWorkers);
  return Number.isInteger(n) && n >= 1 ? n : 1;
};

/** Threads per process: the cores shared out among the processes, at least one. */
const threadPoolSize = (cores, processes) => Math.max(1, Math.ceil(cores / Math.max(1, processes)));

/** Sets UV_THREADPOOL_SIZE in `env` unless the operator has; HUB_WORKERS' workers inherit it. */
const sizeThreadPool = (env, cores = availableParallelism()) => {
  env.UV_THREADPOOL_SIZE ??= String(threadPoolSize(cores, processesOf(env.HUB_WORKERS, cores)));
  return env.UV_THREADPOOL_SIZE;
};

module.exports = { processesOf, threadPoolSize, sizeThreadPool };
