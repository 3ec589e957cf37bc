import type { Insertable } from 'kysely';
import type { Db } from './db.js';
import { precompiled } from './precompiled.js';
import type { AuditEventsTable } from './schema.js';

type AuditRow = Required<Omit<Insertable<AuditEventsTable>, 'id'>>;

// Every sign-in writes one: compiled once (precompiled.ts), every column but the generated id named.
export const auditInsertColumns = [
  'at',
  'event',
  'outcome',
  'account_id',
  'ip',
  'user_agent',
  'detail',
  'request_id',
  'operator',
  'tool',
] as const satisfies readonly (keyof AuditRow)[];
const insertEvent = precompiled<AuditRow, never>(auditInsertColumns, (db, event) =>
  db.insertInto('audit_events').values(event),
);

/** The audit log's rows (services/audit.ts decides what goes in them). */
export const createAuditQueries = (db: Db) => ({
  insert: async (event: Insertable<AuditEventsTable>, trx: Db = db) => {
    await insertEvent(trx, {
      at: event.at,
      event: event.event,
      outcome: event.outcome,
      account_id: event.account_id ?? null,
      ip: event.ip ?? null,
      user_agent: event.user_agent ?? null,
      detail: event.detail,
      request_id: event.request_id ?? null,
      operator: event.operator ?? null,
      tool: event.tool ?? null,
    });
  },

  /** An account's events of the given kinds, newest first, older than the row `before` (a page). */
  ofAccount: (accountId: string, events: readonly string[], options: { before?: number; limit: number }) => {
    let query = db
      .selectFrom('audit_events')
      .select(['id', 'at', 'event', 'outcome', 'ip', 'user_agent', 'detail'])
      .where('account_id', '=', accountId)
      .where('event', 'in', [...events]);
    if (options.before !== undefined) query = query.where('id', '<', options.before);
    return query.orderBy('id', 'desc').limit(options.limit).execute();
  },
});
export type AuditQueries = ReturnType<typeof createAuditQueries>;
