import type { Kysely, Migration } from 'kysely';

/**
 * A rotated tool credential may keep working for a while (`hub tools rotate-credential TID
 * --grace 24h`), so a tool can deploy its new secret without an outage: the previous hash and
 * the moment it stops.
 */
export const toolCredentialGraceMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('tools').addColumn('previous_credential_hash', 'text').execute();
    await db.schema.alterTable('tools').addColumn('previous_credential_expires_at', 'bigint').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('tools').dropColumn('previous_credential_expires_at').execute();
    await db.schema.alterTable('tools').dropColumn('previous_credential_hash').execute();
  },
};
