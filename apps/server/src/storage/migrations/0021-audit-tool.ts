import { type Kysely, type Migration, sql } from 'kysely';
import type { HubDatabase } from '../database.js';

/**
 * The tool an audit row is about as a column of its own (docs/console.md "Audit"), as 0017 did for
 * the operator: the console's audit filter by tool reads `audit_events_tool_idx` (tool, id), newest
 * first, instead of scanning the JSON detail. Rows name their tool as `tool` (sign-ins, refusals,
 * sign-outs, the account center's tool access) or `tid` (the console's registry changes); rows
 * written before are filled from whichever they have, and the audit recorder fills it from then on.
 */
export const auditToolMigration = (dialect: HubDatabase['dialect']): Migration => ({
  async up(db: Kysely<unknown>) {
    await db.schema.alterTable('audit_events').addColumn('tool', 'integer').execute();
    const fromDetail =
      dialect === 'postgres'
        ? sql`case when jsonb_typeof((detail::jsonb) -> 'tool') = 'number' then ((detail::jsonb) ->> 'tool')::integer
                   when jsonb_typeof((detail::jsonb) -> 'tid') = 'number' then ((detail::jsonb) ->> 'tid')::integer end`
        : sql`case when json_type(detail, '$.tool') = 'integer' then json_extract(detail, '$.tool')
                   when json_type(detail, '$.tid') = 'integer' then json_extract(detail, '$.tid') end`;
    await sql`update audit_events set tool = ${fromDetail}
              where detail like '%"tool":%' or detail like '%"tid":%'`.execute(db);
    await db.schema.createIndex('audit_events_tool_idx').on('audit_events').columns(['tool', 'id']).execute();
  },
  async down(db: Kysely<unknown>) {
    await db.schema.dropIndex('audit_events_tool_idx').execute();
    await db.schema.alterTable('audit_events').dropColumn('tool').execute();
  },
});
