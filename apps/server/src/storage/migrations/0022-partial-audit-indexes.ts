import { type Kysely, type Migration, sql } from 'kysely';

const columns = ['operator', 'tool'] as const;

/**
 * The audit rows' operator and tool columns (0017, 0021) are empty on most rows: a person's own
 * sign-ins and changes have no operator, a platform sign-in no tool. Their indexes now hold only
 * the rows that have one, so the audit row that every sign-in writes updates two B-trees fewer (on
 * SQLite two pages fewer in the write-ahead log), and millions of sign-ins leave no empty entries
 * in them. The console's filters (`operator = ?`, `tool = ?`) imply the indexes' condition, so they
 * read them as before, on both databases (storage/audit-operator.test.ts checks the plans).
 */
/** Each index made again: over the rows that have a value (`partial`), or over every row as before. */
const remake = async (db: Kysely<unknown>, partial: boolean) => {
  for (const column of columns) {
    await db.schema.dropIndex(`audit_events_${column}_idx`).execute();
    const index = db.schema
      .createIndex(`audit_events_${column}_idx`)
      .on('audit_events')
      .columns([column, 'id']);
    await (partial ? index.where(sql.ref(column), 'is not', null) : index).execute();
  }
};

export const partialAuditIndexesMigration: Migration = {
  up: (db: Kysely<unknown>) => remake(db, true),
  down: (db: Kysely<unknown>) => remake(db, false),
};
