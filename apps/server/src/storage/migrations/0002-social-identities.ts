import type { Kysely, Migration } from 'kysely';

/**
 * Sign-in with Google and Facebook: a provider identity (Google's or Facebook's `sub`) linked to a hub account. One
 * identity belongs to one account; an account may hold one identity per provider.
 */
export const socialIdentitiesMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('social_identities')
      .addColumn('provider', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('email', 'text')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addUniqueConstraint('social_identities_provider_subject_uq', ['provider', 'subject'])
      .execute();
    await db.schema
      .createIndex('social_identities_account_idx')
      .on('social_identities')
      .column('account_id')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('social_identities').execute();
  },
};
