import type { ErrorCode } from './messages.js';
import type { Platform } from './platform.js';

/** Spec §3, §6: the ut values the rules name. */
export const USER_TYPE_LINKING = 1;
export const USER_TYPE_COMPANY = 2;
export const USER_TYPE_CLIENT = 5;

/**
 * Spec §4 "Login", §6: a client account (ut 5) is refused on both platforms; a company account (ut 2)
 * is refused on the personal platform. Null when the account may sign in.
 */
export const loginRefusal = (ut: number, platform: Platform): ErrorCode | null => {
  if (ut === USER_TYPE_CLIENT) return 'account.client_refused';
  if (ut === USER_TYPE_COMPANY && platform === 'psl') return 'account.company_on_personal';
  return null;
};

export const linkingRoles = ['business_owner', 'added_user'] as const;
export type LinkingRole = (typeof linkingRoles)[number];

/** Spec §6: u_type 1 is a business owner; any other u_type is an added user (a work account). */
export const linkingRole = (uType: number): LinkingRole => (uType === 1 ? 'business_owner' : 'added_user');

/** Spec §6: a work account (added user) cannot be linked in the business account linking setup. */
export const linkingRefusal = (uType: number): ErrorCode | null =>
  linkingRole(uType) === 'added_user' ? 'account.work_account_link' : null;
