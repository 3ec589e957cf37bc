import type { Kysely, Migration } from 'kysely';

/**
 * Second factors (docs/second-factors.md).
 *
 * `second_factors`: one row per account that has started setting one up. The authenticator app's
 * secret is sealed (storage/key-encryption.ts, bound to the account), `totp_confirmed_at` is set
 * by its first right code (a secret not yet confirmed signs nothing in), `totp_last_step` is the
 * last time step a code was accepted for, so the same code is refused a second time. The
 * attempt counters (`failed_count`, `blocked_until`) count wrong second factors of the account
 * whichever flow or process they came through, reserved in one conditional update like passwords.
 *
 * `recovery_codes`: ten single-use codes per account, stored as hashes; `used_at` marks a used one.
 *
 * `sessions.amr`: the RFC 8176 methods the hub session was signed in with (space-separated).
 * `tools.require_second_factor`: the operator requires a second factor for the tool's sign-ins.
 *
 * Deleting an account deletes its rows here (foreign keys, on delete cascade).
 */
export const secondFactorsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('second_factors')
      .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('totp_secret', 'text')
      .addColumn('totp_confirmed_at', 'bigint')
      .addColumn('totp_last_step', 'bigint')
      .addColumn('failed_count', 'integer', (c) => c.notNull().defaultTo(0))
      .addColumn('blocked_until', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addColumn('updated_at', 'bigint', (c) => c.notNull())
      .execute();
    await db.schema
      .createTable('recovery_codes')
      .addColumn('account_id', 'text', (c) => c.notNull().references('accounts.id').onDelete('cascade'))
      .addColumn('code_hash', 'text', (c) => c.notNull())
      .addColumn('used_at', 'bigint')
      .addColumn('created_at', 'bigint', (c) => c.notNull())
      .addPrimaryKeyConstraint('recovery_codes_pk', ['account_id', 'code_hash'])
      .execute();
    await db.schema.alterTable('sessions').addColumn('amr', 'text').execute();
    await db.schema
      .alterTable('tools')
      .addColumn('require_second_factor', 'integer', (c) => c.notNull().defaultTo(0))
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('tools').dropColumn('require_second_factor').execute();
    await db.schema.alterTable('sessions').dropColumn('amr').execute();
    await db.schema.dropTable('recovery_codes').execute();
    await db.schema.dropTable('second_factors').execute();
  },
};
