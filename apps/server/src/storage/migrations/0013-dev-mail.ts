import type { Kysely, Migration } from 'kysely';
import type { Dialect } from '../database.js';

/**
 * The dev mailbox's mail (local and development without SMTP_URL only: mail/transport.ts), kept in
 * the database so that a restart of the hub does not empty it. Only the newest 100 stay. In
 * sandbox and production nothing ever writes here.
 */
export const devMailMigration = (dialect: Dialect): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema
      .createTable('dev_mail')
      .addColumn('id', dialect === 'postgres' ? 'bigserial' : 'integer', (c) =>
        dialect === 'postgres' ? c.primaryKey() : c.primaryKey().autoIncrement(),
      )
      .addColumn('at', 'bigint', (c) => c.notNull())
      .addColumn('from_address', 'text', (c) => c.notNull())
      .addColumn('to_address', 'text', (c) => c.notNull())
      .addColumn('subject', 'text', (c) => c.notNull())
      .addColumn('text_body', 'text', (c) => c.notNull())
      .addColumn('html_body', 'text', (c) => c.notNull())
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropTable('dev_mail').execute();
  },
});
