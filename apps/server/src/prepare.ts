import { type Config, ConfigError } from './config.js';
import type { HubLog } from './log.js';
import { seedLocalOidcClient } from './oidc/local-client.js';
import { seedLocalCatalogue } from './sso/catalogue.js';
import { createKeyRing } from './sso/signing-keys.js';
import { type HubDatabase, openDatabase } from './storage/database.js';
import { createSealer } from './storage/key-encryption.js';
import { migrateToLatest } from './storage/migrate.js';
import { createOidcClientQueries } from './storage/oidc.js';
import { createSigningKeyQueries } from './storage/signing-keys.js';

/**
 * A signing key this process cannot decrypt (a wrong or missing KEY_ENCRYPTION_KEY) stops the start
 * with the reason, instead of failing every sign-in that needs an ainfo.
 */
const checkSigningKeys = async (database: HubDatabase, config: Config, now: number, log: HubLog) => {
  const queries = createSigningKeyQueries(database.db, createSealer(config.keyEncryption));
  const { unreadable, notCurrent } = await queries.checkLive(now);
  if (unreadable.length > 0)
    throw new ConfigError('KEY_ENCRYPTION_KEY', `is wrong: ${unreadable[0]!.reason}`);
  if (notCurrent.length > 0 && config.keyEncryption.current)
    log.warn(
      { keys: notCurrent },
      `Signing keys ${notCurrent.join(', ')} are not encrypted with KEY_ENCRYPTION_KEY yet: run hub keys rewrap.`,
    );
};

/**
 * Once per start, before any request is served: the migrations, a check that the signing keys open
 * with the configured key-encryption key, in `local` the demo catalogue, and the first signing key,
 * so /.well-known/jwks.json publishes it before anything is signed.
 * On a connection of its own without a statement timeout: a migration may rightly take long.
 */
export const prepareDatabase = async (
  config: Config,
  { log, now = Date.now }: { log: HubLog; now?: () => number },
) => {
  const database = openDatabase(config.databaseUrl, {
    log,
    poolSize: 1,
    timeouts: { ...config.databaseTimeouts, statementMs: 0 },
  });
  try {
    await migrateToLatest(database);
    await checkSigningKeys(database, config, now(), log);
    // A fresh clone can try every SSO branch against the demo tool (docs/partner-integration.md).
    if (config.appEnv === 'local') {
      await seedLocalCatalogue(database.db, config.demoToolUrl, now());
      // …and sign in with OpenID Connect against the example client (examples/oidc-client).
      await seedLocalOidcClient(createOidcClientQueries(database.db), config.oidcExampleUrl, now());
    }
    await createKeyRing(database, now, createSealer(config.keyEncryption)).ensure();
  } finally {
    await database.close();
  }
};
