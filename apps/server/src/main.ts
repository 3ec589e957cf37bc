import cluster from 'node:cluster';
import { pino } from 'pino';
import { runPrimary } from './cluster.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { type MetricsServer, startMetricsServer } from './http/metrics.js';
import { installGracefulShutdown, logOutput, tolerateClosedOutput } from './http/shutdown.js';
import { localLogSink } from './log.js';
import { prepareDatabase } from './prepare.js';
import { passwordHasher } from './services/passwords.js';
import { describeDatabaseFailure } from './storage/connection-failure.js';
import { openDatabase } from './storage/database.js';

/** sysexits.h EX_CONFIG: the configuration cannot work, so a supervisor should not simply restart. */
const EXIT_CONFIG = 78;

/**
 * Configuration that cannot work ends the start with one line and exit 78, not a stack trace. The
 * line is plain text on stderr, not a log record: it comes before the hub's logger exists and is
 * read by an operator at a terminal or in a supervisor's status.
 */
const refuseToStart = (message: string): never => {
  process.stderr.write(`${message}\n`);
  process.exit(EXIT_CONFIG);
};

/** Runs a start-up step; a DATABASE_URL that cannot work is refused in one line. */
const refusingBadDatabase = async (config: Config, step: () => Promise<void>): Promise<void> => {
  try {
    await step();
  } catch (error) {
    const problem = describeDatabaseFailure(error, config.databaseUrl);
    if (!problem) throw error;
    refuseToStart(problem);
  }
};

/**
 * config → database → migrations → listen; SIGTERM/SIGINT close the server, then the database.
 * With HUB_WORKERS above 1 this process prepares the database and forks the workers (cluster.ts),
 * each of which comes back here and serves.
 */
const main = async () => {
  let config: ReturnType<typeof loadConfig>;
  try {
    config = loadConfig();
  } catch (error) {
    if (error instanceof ConfigError) return refuseToStart(error.message);
    throw error;
  }
  // Every log line goes through one stream that a closed or full stdout pipe cannot block (logOutput).
  const output = logOutput();
  // Until the app's own logger exists (and for the database, which is opened before it): the same
  // level, in the same lines (JSON, or readable at a local terminal).
  const sink = localLogSink(config.appEnv, output) ?? output;
  const startupLog = pino({ level: config.logLevel }, sink);
  // A worker's primary has prepared the database already.
  if (cluster.isPrimary) {
    await refusingBadDatabase(config, () => prepareDatabase(config, { log: startupLog }));
  }
  if (cluster.isPrimary && config.workers > 1) {
    runPrimary(config);
    // The primary serves the metrics of all its workers, added up (http/metrics.ts).
    if (config.metrics) await startMetricsServer({ ...config.metrics, aggregate: true });
    return;
  }
  // The app's modules load here, not at the top: the primary of HUB_WORKERS serves nothing itself and
  // keeps its memory for its work (connections, throttle counters, metrics; docs/performance.md).
  const { buildApp } = await import('./app.js');
  const { CLEANUP_START_DELAY_MS } = await import('./services/cleanup-job.js');
  const database = openDatabase(config.databaseUrl, {
    timeouts: config.databaseTimeouts,
    sqliteMemory: config.sqliteMemory,
    log: startupLog,
  });
  const { app, mailWorker, eventWorker, cleanupJob } = await buildApp({
    config,
    database,
    logger: { level: config.logLevel, stream: sink },
  });

  // A worker's metrics are read by its primary; a single process serves its own.
  const metrics: MetricsServer | undefined =
    config.metrics && cluster.isPrimary ? await startMetricsServer(config.metrics) : undefined;
  installGracefulShutdown({
    app,
    closeAfter: [() => database.close(), async () => metrics?.close()],
  });

  await app.listen({ port: config.port, host: config.host });
  mailWorker.start();
  eventWorker.start();
  // Not at start: a backlog's first run must not compete with the first requests (and readiness).
  cleanupJob.start({ delayMs: CLEANUP_START_DELAY_MS });
  app.log.info(
    {
      url: config.publicUrl,
      env: config.appEnv,
      database: database.dialect,
      worker: cluster.worker?.id,
      // Which build serves: the minified bundle (bin/serve.cjs, scripts/bundle.mjs) or tsc's modules.
      build: import.meta.url.endsWith('/hub.bundle.js') ? 'bundle' : 'modules',
      passwords: passwordHasher,
      ...(metrics ? { metricsPort: metrics.port } : {}),
    },
    'Account Hub is listening',
  );
};

tolerateClosedOutput();
main().catch((error) => {
  if (error instanceof ConfigError) refuseToStart(error.message);
  // Not a configuration problem: the whole error, stack included, as a log record on stderr. Node
  // writes a pipe's line at once when it can; a pipe nobody reads must not keep the process alive.
  pino(logOutput(process.stderr)).fatal({ err: error }, 'Account Hub failed to start');
  process.exit(1);
});
