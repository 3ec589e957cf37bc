import type { Kysely, Migration } from 'kysely';

/**
 * Passkeys (docs/passkeys.md). `passkeys` holds each WebAuthn credential a person registered: the
 * authenticator's credential id (unique over every account), its COSE public key (base64url), the
 * signature counter it last reported, and what it said of itself when registered (transports,
 * single- or multi-device, backed up). `id` is the hub's own short id, the one URLs name.
 *
 * `passkey_challenges` holds each challenge handed to a browser until it is answered: single use
 * (taken by a conditional delete), short-lived, and bound to the browser (its flow-binding cookie
 * or its hub session) or to the second-factor flow that asked for it. A response is checked only
 * against a challenge found here, never against one the browser sends back.
 */
export const passkeysMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('passkeys')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('credential_id', 'text', (c) => c.notNull().unique())
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('public_key', 'text', (c) => c.notNull())
      .addColumn('counter', 'bigint', (c) => c.notNull())
      .addColumn('transports', 'text', (c) => c.notNull())
      .addColumn('device_type', 'text', (c) => c.notNull())
      .addColumn('backed_up', 'integer', (c) => c.notNull())
      .addColumn('name', 'text', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('last_used_at', 'bigint')
      .execute();
    await db.schema.createIndex('passkeys_account_idx').on('passkeys').column('account_id').execute();

    await db.schema
      .createTable('passkey_challenges')
      .addColumn('id', 'text', (c) => c.primaryKey())
      .addColumn('purpose', 'text', (c) => c.notNull())
      .addColumn('challenge', 'text', (c) => c.notNull())
      .addColumn('binding_hash', 'text', (c) => c.notNull())
      .addColumn('account_id', 'text')
      .addColumn('flow_id', 'text')
      .addColumn('platform', 'text')
      .addColumn('context', 'text', (c) => c.notNull())
      .addColumn('expires_at', 'bigint', (c) => c.notNull())
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createIndex('passkey_challenges_flow_idx')
      .on('passkey_challenges')
      .column('flow_id')
      .execute();
    await db.schema
      .createIndex('passkey_challenges_expires_idx')
      .on('passkey_challenges')
      .column('expires_at')
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('passkey_challenges').execute();
    await db.schema.dropTable('passkeys').execute();
  },
};
