import {
  type AdminAccountAction,
  adminAccountPageSchema,
  adminActionResultSchema,
  adminAuditPageSchema,
  adminEndpoints,
  adminMeSchema,
  adminOverviewSchema,
  adminSearchResultSchema,
} from '@hub/core';
import { contractCalls } from './client';

const calls = contractCalls(adminEndpoints);
const encode = encodeURIComponent;

/** The operator console's calls (core's contracts/admin.ts, docs/console.md). */
export const adminApi = {
  me: () => calls.get('me', adminMeSchema),
  overview: () => calls.get('overview', adminOverviewSchema),
  search: (q: string, page: number) => calls.get('accounts', adminSearchResultSchema, { q, page }),
  account: (id: string) =>
    contractCalls({ account: adminEndpoints.account.replace(':id', encode(id)) }).get(
      'account',
      adminAccountPageSchema,
    ),
  act: (id: string, action: AdminAccountAction, reason: string) =>
    contractCalls({
      action: adminEndpoints.action.replace(':id', encode(id)).replace(':action', action),
    }).post('action', adminActionResultSchema, { reason }),
  audit: (filter: Record<string, string | number | undefined>) =>
    calls.get('audit', adminAuditPageSchema, filter),
};

/** The CSV export of the same filter, a plain link the browser downloads. */
export const auditCsvHref = (filter: Record<string, string | undefined>) => {
  const params = new URLSearchParams({ format: 'csv' });
  for (const [name, value] of Object.entries(filter)) if (value) params.set(name, value);
  return `${adminEndpoints.audit}?${params.toString()}`;
};
