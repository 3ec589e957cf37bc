import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { runPrimary } from './cluster.js';
import { type Config, ConfigError, loadConfig } from './config.js';
import { seedLocalCatalogue } from './sso/catalogue.js';
import { describeDatabaseFailure } from './storage/connection-failure.js';
import { type HubDatabase, openDatabase } from './storage/database.js';
import { migrateToLatest } from './storage/migrate.js';

/** Migrations, and in `local` the demo catalogue: once per start, before any request is served. */
const prepareDatabase = async (database: HubDatabase, config: Config) => {
  await migrateToLatest(database);
  // A fresh clone can try every SSO branch against the demo tool (docs/partner-integration.md).
  if (config.appEnv === 'local') await seedLocalCatalogue(database.db, config.demoToolUrl, Date.now());
};

/** sysexits.h EX_CONFIG: the configuration cannot work, so a supervisor should not simply restart. */
const EXIT_CONFIG = 78;

/** Configuration that cannot work ends the start with one line and exit 78, not a stack trace. */
const refuseToStart = (message: string): never => {
  console.error(message);
  process.exit(EXIT_CONFIG);
};

/** Opens the database and prepares it; a DATABASE_URL that cannot work is refused in one line. */
const openPrepared = async (config: Config, prepare: boolean): Promise<HubDatabase> => {
  let database: HubDatabase | undefined;
  try {
    database = openDatabase(config.databaseUrl);
    if (prepare) await prepareDatabase(database, config);
    return database;
  } catch (error) {
    const problem = describeDatabaseFailure(error, config.databaseUrl);
    if (!problem) throw error;
    await database?.close().catch(() => {});
    return refuseToStart(problem);
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
  if (cluster.isPrimary && config.workers > 1) {
    const database = await openPrepared(config, true);
    await database.close();
    runPrimary(config);
    return;
  }
  // A worker's primary has prepared the database already.
  const database = await openPrepared(config, cluster.isPrimary);
  const { app, mailWorker } = await buildApp({ config, database });

  let closing = false;
  const shutdown = async (signal: string) => {
    if (closing) return;
    closing = true;
    app.log.info({ signal }, 'shutting down');
    const force = setTimeout(() => process.exit(1), 10_000);
    force.unref();
    await app.close();
    await database.close();
    process.exit(0);
  };
  process.on('SIGTERM', () => void shutdown('SIGTERM'));
  process.on('SIGINT', () => void shutdown('SIGINT'));

  await app.listen({ port: config.port, host: config.host });
  mailWorker.start();
  app.log.info(
    { url: config.publicUrl, env: config.appEnv, database: database.dialect, worker: cluster.worker?.id },
    'Account Hub is listening',
  );
};

main().catch((error) => {
  console.error('Account Hub failed to start:', error);
  process.exit(1);
});
