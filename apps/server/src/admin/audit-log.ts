import { ADMIN_PAGE_SIZE, type AdminAuditRow } from '@hub/core';
import type { Hub } from '../hub.js';
import { createOperatorQueries } from '../storage/operators.js';
import { auditRowView } from './accounts.js';

export interface AuditLogFilter {
  account?: string;
  event?: string;
  operator?: string;
  tool?: number;
  from?: number;
  to?: number;
  before?: number;
}

/** The most rows one CSV export holds (newest first); narrow the filter for older ones. */
export const AUDIT_CSV_MAX_ROWS = 5000;

/** The newest `limit` rows the filter matches: one reading for the page and the CSV. */
const auditRows = (hub: Hub, filter: AuditLogFilter, limit: number) =>
  createOperatorQueries(hub.db).auditPage({
    accountId: filter.account,
    event: filter.event,
    operator: filter.operator,
    tool: filter.tool,
    from: filter.from,
    to: filter.to,
    before: filter.before,
    limit,
  });

/** A page of the audit log, newest first; `next` is the `before` of the following page. */
export const auditLogPage = async (hub: Hub, filter: AuditLogFilter) => {
  const rows = await auditRows(hub, filter, ADMIN_PAGE_SIZE + 1);
  const events = rows.slice(0, ADMIN_PAGE_SIZE).map(auditRowView);
  const last = events.at(-1);
  return { events, next: rows.length > ADMIN_PAGE_SIZE && last ? last.id : null };
};

/** A CSV field: quoted, quotes doubled; a leading =, +, - or @ is prefixed so a spreadsheet shows it as text. */
const csvField = (value: unknown): string => {
  const text =
    value === null || value === undefined ? '' : typeof value === 'string' ? value : JSON.stringify(value);
  const safe = /^[=+\-@\t\r]/.test(text) ? `'${text}` : text;
  return `"${safe.replace(/"/g, '""')}"`;
};

const CSV_COLUMNS = [
  'id',
  'time',
  'event',
  'outcome',
  'account',
  'operator',
  'reason',
  'ip',
  'user_agent',
  'detail',
];

const csvLine = (row: AdminAuditRow) =>
  [
    row.id,
    new Date(row.at).toISOString(),
    row.event,
    row.outcome,
    row.accountId,
    row.detail.operator,
    row.detail.reason,
    row.ip,
    row.userAgent,
    row.detail,
  ]
    .map(csvField)
    .join(',');

/** The filtered audit log as CSV (up to AUDIT_CSV_MAX_ROWS rows, newest first). */
export const auditLogCsv = async (hub: Hub, filter: AuditLogFilter): Promise<string> => {
  const rows = await auditRows(hub, filter, AUDIT_CSV_MAX_ROWS);
  return `${[CSV_COLUMNS.join(','), ...rows.map((row) => csvLine(auditRowView(row)))].join('\r\n')}\r\n`;
};
