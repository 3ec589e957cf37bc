import { type Kysely, type Migration, sql } from 'kysely';

/**
 * The audit log's filters (storage/operators.ts `auditPageQuery`) and each one's index: whether it
 * holds only the rows that have the column (0022), and whether it was there before this migration
 * (the event's is this migration's own, so going down drops it and makes nothing).
 */
const filters = [
  { column: 'event', partial: false, before: false },
  { column: 'operator', partial: true, before: true },
  { column: 'tool', partial: true, before: true },
] as const;

/** Each filter's index, with `at` after the filter's column (`time`) or `id` as 0016–0022 had it. */
const remake = async (db: Kysely<unknown>, time: boolean) => {
  for (const { column, partial, before } of filters) {
    const name = `audit_events_${column}_idx`;
    await db.schema.dropIndex(name).ifExists().execute();
    if (!time && !before) continue;
    const index = db.schema
      .createIndex(name)
      .on('audit_events')
      .columns([column, time ? 'at' : 'id']);
    await (partial ? index.where(sql.ref(column), 'is not', null) : index).execute();
  }
};

/**
 * The console's audit log at five million rows
 * (docs/performance.md "The console at a million accounts"). Filtered by a rare event (an
 * operator's lock, an erasure) it walked every row from the newest, 0.6–6.5 s of SQLite's time
 * with the event loop held, and filtered by a range of days it sorted every row in the range (a
 * second for three months). The log is now newest first by time
 * (then id), and each filter's index holds `at` after the filter's column: the event's, new here,
 * and the operator's and tool's, made again with `at` instead of `id` (still only over the rows
 * that have one, 0022). The account's index (`account_id, at`, 0012) and `at`'s own already were.
 * A page is read from the end of one range, never sorted. A new row goes at the end of its event's
 * range, on the page the event's last row has just written: one more entry a row, not one more
 * page read. storage/audit-operator.test.ts checks the plans on both databases.
 */
export const auditTimeIndexesMigration: Migration = {
  up: (db: Kysely<unknown>) => remake(db, true),
  down: (db: Kysely<unknown>) => remake(db, false),
};
