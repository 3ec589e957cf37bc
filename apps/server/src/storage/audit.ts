import type { Insertable } from 'kysely';
import type { Db } from './db.js';
import type { AuditEventsTable } from './schema.js';

/** The audit log's rows (services/audit.ts decides what goes in them). */
export const createAuditQueries = (db: Db) => ({
  insert: (event: Insertable<AuditEventsTable>, trx: Db = db) =>
    trx.insertInto('audit_events').values(event).execute(),
});
export type AuditQueries = ReturnType<typeof createAuditQueries>;
