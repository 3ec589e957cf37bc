import { type Migration, type MigrationResultSet, Migrator } from 'kysely';
import type { HubDatabase } from './database.js';
import { initialMigration } from './migrations/0001-initial.js';
import { socialIdentitiesMigration } from './migrations/0002-social-identities.js';
import { toolCredentialGraceMigration } from './migrations/0003-tool-credential-grace.js';
import { hubSecretsMigration } from './migrations/0004-hub-secrets.js';
import { retentionAndKeysMigration } from './migrations/0005-retention-and-keys.js';
import { auditRequestIdMigration } from './migrations/0006-audit-request-id.js';
import { oidcMigration } from './migrations/0007-oidc.js';
import { auditUserAgentMigration } from './migrations/0008-audit-user-agent.js';
import { secondFactorsMigration } from './migrations/0009-second-factors.js';
import { passkeysMigration } from './migrations/0010-passkeys.js';
import { accountDeletionMigration } from './migrations/0011-account-deletion.js';
import { erasureIndexesMigration } from './migrations/0012-erasure-indexes.js';
import { devMailMigration } from './migrations/0013-dev-mail.js';
import { oidcClientProfilesMigration } from './migrations/0014-oidc-client-profiles.js';
import { webhooksMigration } from './migrations/0015-webhooks.js';
import { operatorsMigration } from './migrations/0016-operators.js';
import { auditOperatorMigration } from './migrations/0017-audit-operator.js';
import { singleSignOutMigration } from './migrations/0018-single-sign-out.js';
import { knownDevicesMigration } from './migrations/0019-known-devices.js';
import { webhookRetentionMigration } from './migrations/0020-webhook-retention.js';
import { auditToolMigration } from './migrations/0021-audit-tool.js';
import { partialAuditIndexesMigration } from './migrations/0022-partial-audit-indexes.js';
import { flowsAccountSweepMigration } from './migrations/0023-flows-account-sweep.js';
import { accountPlatformsMigration } from './migrations/0024-account-platforms.js';
import { loginIndexesMigration } from './migrations/0025-login-indexes.js';
import { flowsAccountSweepPostgresMigration } from './migrations/0026-flows-account-sweep-postgres.js';
import { loginIndexesPostgresMigration } from './migrations/0027-login-indexes-postgres.js';
import { consoleNameSearchMigration } from './migrations/0028-console-name-search.js';
import { auditTimeIndexesMigration } from './migrations/0029-audit-time-indexes.js';

const migrationsFor = (dialect: HubDatabase['dialect']): Record<string, Migration> => ({
  '0001-initial': initialMigration(dialect),
  '0002-social-identities': socialIdentitiesMigration,
  '0003-tool-credential-grace': toolCredentialGraceMigration,
  '0004-hub-secrets': hubSecretsMigration,
  '0005-retention-and-keys': retentionAndKeysMigration,
  '0006-audit-request-id': auditRequestIdMigration,
  '0007-oidc': oidcMigration,
  '0008-audit-user-agent': auditUserAgentMigration,
  '0009-second-factors': secondFactorsMigration,
  '0010-passkeys': passkeysMigration,
  '0011-account-deletion': accountDeletionMigration,
  '0012-erasure-indexes': erasureIndexesMigration(dialect),
  '0014-oidc-client-profiles': oidcClientProfilesMigration,
  '0013-dev-mail': devMailMigration(dialect),
  '0015-webhooks': webhooksMigration,
  '0018-single-sign-out': singleSignOutMigration,
  '0016-operators': operatorsMigration,
  '0017-audit-operator': auditOperatorMigration(dialect),
  '0019-known-devices': knownDevicesMigration,
  '0020-webhook-retention': webhookRetentionMigration,
  '0021-audit-tool': auditToolMigration(dialect),
  '0022-partial-audit-indexes': partialAuditIndexesMigration,
  '0023-flows-account-sweep': flowsAccountSweepMigration(dialect),
  '0024-account-platforms': accountPlatformsMigration(dialect),
  '0025-login-indexes': loginIndexesMigration(dialect),
  '0026-flows-account-sweep-postgres': flowsAccountSweepPostgresMigration(dialect),
  '0027-login-indexes-postgres': loginIndexesPostgresMigration(dialect),
  '0028-console-name-search': consoleNameSearchMigration,
  '0029-audit-time-indexes': auditTimeIndexesMigration,
});

const migratorFor = (database: HubDatabase) =>
  new Migrator({
    db: database.db,
    provider: { getMigrations: async () => migrationsFor(database.dialect) },
  });

/**
 * Whether the database has run exactly this hub's migrations: one read of Kysely's own table
 * (absent on a new database, which answers no). A process that starts on a current database, which
 * is every start but the first after an upgrade, skips the Migrator: it sorts the names with
 * localeCompare, which maps ICU's collation data into the process (2.6 MiB of resident memory for
 * nothing; docs/performance.md "Memory"). Any other state is the Migrator's to judge: a migration
 * to run, or one this hub does not know (a newer hub's database), which it refuses.
 */
const isCurrent = async (database: HubDatabase): Promise<boolean> => {
  try {
    const applied = await database.db
      .selectFrom('kysely_migration' as never)
      .select('name' as never)
      .execute();
    const names = new Set(applied.map((row) => (row as { name: string }).name));
    const known = Object.keys(migrationsFor(database.dialect));
    return names.size === known.length && known.every((name) => names.has(name));
  } catch {
    return false;
  }
};

/**
 * Applies every pending migration; throws with the failing migration's name. When no migration ran
 * (the database could not be reached, say) the error is thrown as it came, so the cause is on top.
 */
export const migrateToLatest = async (database: HubDatabase): Promise<MigrationResultSet> => {
  if (await isCurrent(database)) return { results: [] };
  const result = await migratorFor(database).migrateToLatest();
  if (result.error) {
    const failed = result.results?.find((r) => r.status === 'Error')?.migrationName;
    if (!failed) throw result.error;
    throw new Error(`Migration ${failed} failed`, { cause: result.error });
  }
  return result;
};
