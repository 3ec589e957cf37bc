import type { AccountRouteId } from '@hub/core';

/**
 * The account center's pages, as its navigation lists them. Each page's name and description are
 * the catalogue's `account.section.<id>` and `account.section.<id>.description`.
 */
export const accountSections: ReadonlyArray<{ id: AccountRouteId }> = [
  { id: 'account' },
  { id: 'account_security' },
  { id: 'account_sessions' },
  { id: 'account_access' },
  { id: 'account_data' },
];
