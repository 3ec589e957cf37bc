import type { Kysely, Migration } from 'kysely';

/**
 * Secrets the hub makes for itself at first start and every process shares: the first process
 * writes one, the others read it. The throttle keeps its counters under an HMAC of the client
 * address or account identifier with one of them, so Redis never holds those in clear.
 */
export const hubSecretsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('hub_secrets')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('value', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('hub_secrets').execute();
  },
};
