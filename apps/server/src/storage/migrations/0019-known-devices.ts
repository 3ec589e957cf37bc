import type { Kysely, Migration } from 'kysely';

/**
 * The browsers each account has signed in from (services/device.ts, docs/security.md "Notices").
 * A browser is known by a long-lived random HttpOnly cookie; only its SHA-256 is stored. A sign-in
 * from a browser not in this table for the account mails the person a notice. `language` is the
 * language the browser last signed in with, so a notice is written in the person's own language
 * rather than the one of the (possibly foreign) new browser. Rows go with their account.
 */
export const knownDevicesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('known_devices')
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('device_hash', 'text', (c) => c.notNull())
      .addColumn('language', 'text', (c) => c.notNull())
      .addColumn('first_seen_at', 'bigint', (c) => c.notNull())
      .addColumn('last_seen_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('known_devices_pk', ['account_id', 'device_hash'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('known_devices').execute();
  },
};
