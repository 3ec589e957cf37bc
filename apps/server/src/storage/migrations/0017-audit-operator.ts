import { type Kysely, type Migration, sql } from 'kysely';
import type { HubDatabase } from '../database.js';

/**
 * The acting operator of an audit row as a column of its own (docs/console.md "Audit"): the
 * console's audit filter by operator reads `audit_events_operator_idx` (operator, id), newest
 * first, instead of scanning every row's JSON detail. Rows written before it are filled from their
 * detail's `operator`, where there is one (the console's and the command line's actions since
 * migration 0016); the audit recorder fills the column from then on.
 */
export const auditOperatorMigration = (dialect: HubDatabase['dialect']): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_events').addColumn('operator', 'text').execute();
    const fromDetail =
      dialect === 'postgres' ? sql`(detail::jsonb) ->> 'operator'` : sql`json_extract(detail, '$.operator')`;
    await sql`update audit_events set operator = ${fromDetail} where detail like '%"operator":"%'`.execute(
      db,
    );
    await db.schema
      .createIndex('audit_events_operator_idx')
      .on('audit_events')
      .columns(['operator', 'id'])
      .execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('audit_events_operator_idx').execute();
    await db.schema.alterTable('audit_events').dropColumn('operator').execute();
  },
});
