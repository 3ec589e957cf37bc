import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The operator console (docs/console.md): who may enter it, and an account's sign-in lock.
 *
 * - `operators`: one row per account that holds a console role (viewer, support, admin), granted
 *   from the command line (`hub operators grant`). Deleting the account deletes the row.
 * - `accounts.sign_in_locked_at`: set while an operator has locked the account's sign-in; every
 *   sign-in (the pipeline's platform-rules step, and the identify and password steps before it)
 *   refuses such an account with `account.locked`.
 * - `profiles_full_name_idx` and `profiles_last_name_idx`: the console's search by name (a prefix of
 *   the lower-cased "first last", or of the last name) reads an index, not the table, at a million
 *   accounts; the email search uses the unique index on `email_normalized`, the id search the key.
 */
export const operatorsMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('operators')
      .addColumn('account_id', 'text', (c) => c.primaryKey().references('accounts.id').onDelete('cascade'))
      .addColumn('role', 'text', (c) => c.notNull())
      .addColumn('granted_at', 'bigint', (c) => c.notNull())
      .addColumn('granted_by', 'text')
      .execute();
    await db.schema.alterTable('accounts').addColumn('sign_in_locked_at', 'bigint').execute();
    await db.schema
      .createIndex('profiles_full_name_idx')
      .on('profiles')
      .expression(sql`lower(first_name || ' ' || last_name)`)
      .execute();
    await db.schema
      .createIndex('profiles_last_name_idx')
      .on('profiles')
      .expression(sql`lower(last_name)`)
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('profiles_last_name_idx').execute();
    await db.schema.dropIndex('profiles_full_name_idx').execute();
    await db.schema.alterTable('accounts').dropColumn('sign_in_locked_at').execute();
    await db.schema.dropTable('operators').execute();
  },
};
