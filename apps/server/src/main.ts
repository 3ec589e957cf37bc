import cluster from 'node:cluster';
import { buildApp } from './app.js';
import { runPrimary } from './cluster.js';
import { ConfigError, loadConfig } from './config.js';
import { prepareDatabase } from './prepare.js';
import { openDatabase } from './storage/database.js';

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
  // A worker's primary has prepared the database already.
  if (cluster.isPrimary) await prepareDatabase(config);
  if (cluster.isPrimary && config.workers > 1) {
    runPrimary(config);
    return;
  }
  const database = openDatabase(config.databaseUrl, { timeouts: config.databaseTimeouts });
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
