import type { Platform } from '@hub/core';
import type { Insertable } from 'kysely';
import type { AccountsTable } from '../storage/schema.js';

/** Spec §6: u_type 1 is a business owner (every account that signs up itself); 2 an added user. */
export const OWNER_U_TYPE = 1;

/**
 * The row of an account created from an email the hub has just verified (sign-up, a work
 * account): verified, with its password, at home on the platform it came from.
 */
export const verifiedEmailAccount = (input: {
  id: string;
  email: string;
  passwordHash: string;
  platform: Platform;
  uType: number;
  now: number;
}): Insertable<AccountsTable> => ({
  id: input.id,
  email: input.email,
  email_normalized: input.email.toLowerCase(),
  mobile_num: null,
  username: null,
  username_normalized: null,
  password_hash: input.passwordHash,
  home_platform: input.platform,
  user_type: 0,
  u_type: input.uType,
  verified: 1,
  created_at: input.now,
  updated_at: input.now,
  password_changed_at: input.now,
});
