import type { Kysely, Migration } from 'kysely';

/**
 * The cleanup (`hub cleanup` and the in-process job): a lease row so one hub process at a time runs
 * it, and indexes on the times it deletes by, so each bounded batch finds its rows without a scan.
 */
export const retentionAndKeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('leases')
      .addColumn('name', 'text', (c) => c.primaryKey())
      .addColumn('holder', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('verification_codes_expires_idx')
      .on('verification_codes')
      .column('expires_at')
      .execute();
    await db.schema.createIndex('sessions_expires_idx').on('sessions').column('expires_at').execute();
    await db.schema.createIndex('sessions_revoked_idx').on('sessions').column('revoked_at').execute();
    await db.schema
      .createIndex('issued_tokens_expires_idx')
      .on('issued_tokens')
      .column('expires_at')
      .execute();
    await db.schema.createIndex('mail_outbox_created_idx').on('mail_outbox').column('created_at').execute();
    await db.schema.createIndex('audit_events_at_idx').on('audit_events').column('at').execute();
  },
  async down(db: Kysely<unknown>) {
    for (const index of [
      'audit_events_at_idx',
      'mail_outbox_created_idx',
      'issued_tokens_expires_idx',
      'sessions_revoked_idx',
      'sessions_expires_idx',
      'verification_codes_expires_idx',
    ])
      await db.schema.dropIndex(index).execute();
    await db.schema.dropTable('leases').execute();
  },
};
