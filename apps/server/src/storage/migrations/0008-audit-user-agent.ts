import type { Kysely, Migration } from 'kysely';

/**
 * Each audit row keeps the User-Agent of the request that wrote it, so a person's sign-in history
 * (the account center's Devices page) can name the device of every sign-in and failed attempt.
 * Rows from before this migration have none ("Unknown device").
 */
export const auditUserAgentMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_events').addColumn('user_agent', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_events').dropColumn('user_agent').execute();
  },
};
