import type { TestHub } from './app.js';

/** The audit trail in the order it was written: of one account, of one event, or all of it. */
export const auditEvents = (hub: TestHub, filter: { accountId?: string; event?: string } = {}) => {
  let query = hub.database.db.selectFrom('audit_events').select(['event', 'detail']);
  if (filter.accountId !== undefined) query = query.where('account_id', '=', filter.accountId);
  if (filter.event !== undefined) query = query.where('event', '=', filter.event);
  return query.orderBy('id').execute();
};
