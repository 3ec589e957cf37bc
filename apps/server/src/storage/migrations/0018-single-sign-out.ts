import type { Kysely, Migration } from 'kysely';

/**
 * Single sign-out (issue #32): ending a hub session ends the OpenID Connect sign-ins made from it.
 * A provider session's row, and every code and token row issued in it, names the hub session it
 * came from (`hub_session_id`, indexed), so the rows one hub session led to are found by index and
 * deleted in the transaction that ends it.
 * `session_sign_ins` records which tools and OpenID Connect clients each hub session signed into
 * (the account center's Devices page); its rows go with their session (a cascading key: the
 * cleanup of old sessions and an account's erasure take them too).
 */
export const singleSignOutMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('oidc_payloads').addColumn('hub_session_id', 'text').execute();
    await db.schema
      .createIndex('oidc_payloads_hub_session_idx')
      .on('oidc_payloads')
      .column('hub_session_id')
      .execute();
    await db.schema
      .createTable('session_sign_ins')
      .addColumn('session_id', 'text', (c) => c.notNull().references('sessions.id').onDelete('cascade'))
      .addColumn('kind', 'text', (c) => c.notNull())
      .addColumn('ref', 'text', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('first_at', 'bigint', (c) => c.notNull())
      .addColumn('last_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('session_sign_ins_pk', ['session_id', 'kind', 'ref'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('session_sign_ins').execute();
    await db.schema.dropIndex('oidc_payloads_hub_session_idx').execute();
    await db.schema.alterTable('oidc_payloads').dropColumn('hub_session_id').execute();
  },
};
