import type { Kysely, Migration } from 'kysely';

/**
 * The OpenID Connect provider's storage. `oidc_payloads` holds what oidc-provider keeps between
 * requests (sessions, interactions, grants, codes, tokens), one row per model and id, so every hub
 * process sees the same ones; `expires_at` lets reads ignore and the cleanup delete what is over.
 * `oidc_clients` holds the relying parties the operator registers with `hub clients`; a client's
 * secret is kept only as a hash.
 */
export const oidcMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('oidc_payloads')
      .addColumn('model', 'text', (c) => c.notNull())
      .addColumn('id', 'text', (c) => c.notNull())
      .addColumn('payload', 'text', (c) => c.notNull())
      .addColumn('grant_id', 'text')
      .addColumn('user_code', 'text')
      .addColumn('uid', 'text')
      .addColumn('expires_at', 'bigint')
      .addColumn('consumed_at', 'bigint')
      .addPrimaryKeyConstraint('oidc_payloads_pk', ['model', 'id'])
      .execute();
    await db.schema.createIndex('oidc_payloads_grant_idx').on('oidc_payloads').column('grant_id').execute();
    await db.schema
      .createIndex('oidc_payloads_uid_idx')
      .on('oidc_payloads')
      .columns(['model', 'uid'])
      .execute();
    await db.schema
      .createIndex('oidc_payloads_user_code_idx')
      .on('oidc_payloads')
      .columns(['model', 'user_code'])
      .execute();
    await db.schema
      .createIndex('oidc_payloads_expires_idx')
      .on('oidc_payloads')
      .column('expires_at')
      .execute();

    await db.schema
      .createTable('oidc_clients')
      .addColumn('client_id', 'text', (c) => c.primaryKey())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('public', 'integer', (c) => c.notNull())
      .addColumn('first_party', 'integer', (c) => c.notNull())
      .addColumn('platform', 'text')
      .addColumn('tid', 'integer')
      .addColumn('redirect_uris', 'text', (c) => c.notNull())
      .addColumn('post_logout_redirect_uris', 'text', (c) => c.notNull())
      .addColumn('backchannel_logout_uri', 'text')
      .addColumn('token_endpoint_auth_method', 'text', (c) => c.notNull())
      .addColumn('jwks', 'text')
      .addColumn('id_token_signed_response_alg', 'text', (c) => c.notNull())
      .addColumn('secret_hash', 'text')
      .addColumn('previous_secret_hash', 'text')
      .addColumn('previous_secret_expires_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('oidc_clients').execute();
    await db.schema.dropTable('oidc_payloads').execute();
  },
};
