import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { runPrimary } from './cluster.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { type MetricsServer, startMetricsServer } from './http/metrics.js';
import { installGracefulShutdown } from './http/shutdown.js';
import { createSealer } from './services/key-encryption.js';
import { seedLocalCatalogue } from './sso/catalogue.js';
import { type HubDatabase, openDatabase } from './storage/database.js';
import { migrateToLatest } from './storage/migrate.js';
import { createSigningKeyQueries } from './storage/signing-keys.js';

/**
 * A signing key this process cannot decrypt (a wrong or missing KEY_ENCRYPTION_KEY) stops the start
 * with the reason, instead of failing every sign-in that needs an ainfo.
 */
const checkSigningKeys = async (database: HubDatabase, config: Config) => {
  const queries = createSigningKeyQueries(database.db, createSealer(config.keyEncryption));
  const { unreadable, notCurrent } = await queries.checkLive(Date.now());
  if (unreadable.length > 0)
    throw new ConfigError('KEY_ENCRYPTION_KEY', `is wrong: ${unreadable[0]!.reason}`);
  if (notCurrent.length > 0 && config.keyEncryption.current)
    console.warn(
      `Signing keys ${notCurrent.join(', ')} are not encrypted with KEY_ENCRYPTION_KEY yet: run hub keys rewrap.`,
    );
};

/** Migrations, and in `local` the demo catalogue: once per start, before any request is served. */
const prepareDatabase = async (database: HubDatabase, config: Config) => {
  await migrateToLatest(database);
  await checkSigningKeys(database, config);
  // A fresh clone can try every SSO branch against the demo tool (README: Partner integration).
  if (config.appEnv === 'local') await seedLocalCatalogue(database.db, config.demoToolUrl, Date.now());
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
    if (error instanceof ConfigError) {
      console.error(error.message);
      process.exit(78);
    }
    throw error;
  }
  if (cluster.isPrimary && config.workers > 1) {
    const database = openDatabase(config.databaseUrl);
    try {
      await prepareDatabase(database, config);
    } finally {
      await database.close();
    }
    runPrimary(config);
    // The primary serves the metrics of all its workers, added up (http/metrics.ts).
    if (config.metrics) await startMetricsServer({ ...config.metrics, aggregate: true });
    return;
  }
  const database = openDatabase(config.databaseUrl);
  // A worker's primary has prepared the database already.
  if (cluster.isPrimary) await prepareDatabase(database, config);
  const { app, mailWorker, cleanupJob } = await buildApp({ config, database });

  // A worker's metrics are read by its primary; a single process serves its own.
  const metrics: MetricsServer | undefined =
    config.metrics && cluster.isPrimary ? await startMetricsServer(config.metrics) : undefined;
  installGracefulShutdown({
    app,
    closeAfter: [() => database.close(), async () => metrics?.close()],
  });

  await app.listen({ port: config.port, host: config.host });
  mailWorker.start();
  cleanupJob.start();
  app.log.info(
    {
      url: config.publicUrl,
      env: config.appEnv,
      database: database.dialect,
      worker: cluster.worker?.id,
      ...(metrics ? { metricsPort: metrics.port } : {}),
    },
    'Account Hub is listening',
  );
};

main().catch((error) => {
  if (error instanceof ConfigError) {
    console.error(error.message);
    process.exit(78);
  }
  console.error('Account Hub failed to start:', error);
  process.exit(1);
});
