import type { Kysely, Migration } from 'kysely';

/**
 * Each audit row names the HTTP request that wrote it (the X-Request-Id the hub answered with), so
 * an operator can go from a row to the request's log lines and back. Rows written outside a
 * request, and every row from before this migration, have none.
 */
export const auditRequestIdMigration: Migration = {
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_events').addColumn('request_id', 'text').execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_events').dropColumn('request_id').execute();
  },
};
