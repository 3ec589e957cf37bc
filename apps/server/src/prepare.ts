import type { Config } from './config.js';
import { seedLocalCatalogue } from './sso/catalogue.js';
import { createKeyRing } from './sso/signing-keys.js';
import { openDatabase } from './storage/database.js';
import { migrateToLatest } from './storage/migrate.js';

/**
 * Once per start, before any request is served: the migrations, in `local` the demo catalogue, and
 * the first signing key, so /.well-known/jwks.json publishes it before anything is signed.
 * On a connection of its own without a statement timeout: a migration may rightly take long.
 */
export const prepareDatabase = async (config: Config, now: () => number = Date.now) => {
  const database = openDatabase(config.databaseUrl, {
    poolSize: 1,
    timeouts: { ...config.databaseTimeouts, statementMs: 0 },
  });
  try {
    await migrateToLatest(database);
    // A fresh clone can try every SSO branch against the demo tool (README: Partner integration).
    if (config.appEnv === 'local') await seedLocalCatalogue(database.db, config.demoToolUrl, now());
    await createKeyRing(database, now).ensure();
  } finally {
    await database.close();
  }
};
