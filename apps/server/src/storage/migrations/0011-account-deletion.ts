import type { Kysely, Migration } from 'kysely';

/**
 * A person may ask for their account to be deleted (the account center's "Your data"): it is
 * erased seven days later unless they sign in again before then. The request time and the due
 * time live on the account; the cleanup job erases accounts whose due time has passed.
 */
export const accountDeletionMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('accounts').addColumn('deletion_requested_at', 'bigint').execute();
    await db.schema.alterTable('accounts').addColumn('deletion_due_at', 'bigint').execute();
    await db.schema
      .createIndex('accounts_deletion_due_idx')
      .on('accounts')
      .column('deletion_due_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('accounts_deletion_due_idx').execute();
    await db.schema.alterTable('accounts').dropColumn('deletion_due_at').execute();
    await db.schema.alterTable('accounts').dropColumn('deletion_requested_at').execute();
  },
};
