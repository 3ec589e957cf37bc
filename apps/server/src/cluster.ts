import cluster, { type Worker } from 'node:cluster';
import { pino } from 'pino';
import type { Config } from './config.js';
import { logOutput } from './http/shutdown.js';
import { servePrimaryCounts } from './services/primary-counts.js';

/** How long the workers get to finish their requests after SIGTERM before they are killed. */
const SHUTDOWN_GRACE_MS = 15_000;

/**
 * HUB_WORKERS: the primary process of a machine's hubs. It forks `config.workers` workers that each
 * run main.ts as a whole hub (HTTP, flows, mail worker) and share the port: the primary accepts the
 * connections and hands them out in turn, so every core serves requests, not only hashing.
 * The primary has already applied the migrations and seeded the local catalogue (once, before any
 * worker starts). Without REDIS_URL it holds the workers' throttle counters, so the machine's
 * processes share one limit per IP; with REDIS_URL they live in Redis, shared with other machines.
 * A worker that dies is replaced; one that dies before it ever listened stops the whole hub, since
 * its siblings would die the same way (a port in use, a database that refuses). SIGTERM and SIGINT
 * go to every worker, and the primary exits once they have.
 */
export const runPrimary = (config: Config) => {
  const log = pino({ level: config.logLevel }, logOutput()).child({ role: 'primary' });
  if (!config.redisUrl) servePrimaryCounts();

  let stopping = false;
  const alive = new Set<Worker>();
  const listening = new WeakSet<Worker>();
  const fork = () => {
    const worker = cluster.fork();
    alive.add(worker);
    worker.once('listening', () => listening.add(worker));
  };

  const stop = (signal: NodeJS.Signals, exitCode: number) => {
    if (stopping) return;
    stopping = true;
    log.info({ signal }, 'stopping the hub workers');
    for (const worker of alive) worker.process.kill(signal);
    const force = setTimeout(() => {
      log.error('hub workers did not stop in time; killing them');
      for (const worker of alive) worker.process.kill('SIGKILL');
      process.exit(1);
    }, SHUTDOWN_GRACE_MS);
    force.unref();
    if (alive.size === 0) process.exit(exitCode);
    cluster.on('exit', () => {
      if (alive.size === 0) process.exit(exitCode);
    });
  };

  cluster.on('exit', (worker, code, signal) => {
    alive.delete(worker);
    if (stopping) return;
    if (!listening.has(worker)) {
      log.error({ workerPid: worker.process.pid, code, signal }, 'a hub worker failed to start; stopping');
      stop('SIGTERM', 1);
      return;
    }
    log.error({ workerPid: worker.process.pid, code, signal }, 'a hub worker died; starting another');
    fork();
  });
  process.on('SIGTERM', () => stop('SIGTERM', 0));
  process.on('SIGINT', () => stop('SIGINT', 0));

  for (let i = 0; i < config.workers; i += 1) fork();
  log.info(
    { workers: config.workers, throttles: config.redisUrl ? 'redis' : 'primary' },
    'Account Hub is starting its workers',
  );
};
