import { normalizeEmail, type Platform } from '@hub/core';
import type { Insertable, Transaction } from 'kysely';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import { refuseBreachedPassword } from '../services/breached-passwords.js';
import { checkNewPassword } from '../services/passwords.js';
import type { AccountsTable, Database } from '../storage/schema.js';
import { type FlowKind, type FlowMove, moveFlow } from './flow-record.js';

/** Spec §6: u_type 1 is a business owner (every account that signs up itself); 2 an added user. */
export const OWNER_U_TYPE = 1;

/**
 * The row of an account created from an email the hub has just verified (sign-up, a work
 * account, a provider sign-in): verified, with its password if it has one yet, at home on the
 * platform it came from.
 */
export const verifiedEmailAccount = (input: {
  id: string;
  email: string;
  passwordHash: string | null;
  platform: Platform;
  uType: number;
  now: number;
}): Insertable<AccountsTable> => ({
  id: input.id,
  email: input.email,
  email_normalized: normalizeEmail(input.email),
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
  password_changed_at: input.passwordHash === null ? null : input.now,
});

const refuseRegisteredEmail = async (hub: Hub, email: string) => {
  if (await hub.accounts.findByIdentifier('email', email)) {
    throw new HubError('account.already_exists', { field: 'account' });
  }
};

/**
 * Spec §4 finalize of an account for a verified email (sign-up, a work account): the password's
 * rules (score 0, not a common one), then 'Account already exist.' for an email registered meanwhile.
 */
export const checkNewEmailAccount = async (hub: Hub, email: string, password: string) => {
  const problem = checkNewPassword(password);
  if (problem) throw new HubError(problem, { field: 'password' });
  await refuseBreachedPassword(hub, password, 'password');
  await refuseRegisteredEmail(hub, email);
};

/**
 * Registers the account of a verified email (sign-up, a work account, a provider sign-in) as its
 * flow completes, in one transaction: the flow's
 * move, the account, its membership of its platform (the default), the flow's account, and what
 * the flow adds (`alongside`). The unique email index decides a race: the loser answers
 * 'Account already exist.'.
 */
export const registerVerifiedEmail = async <K extends FlowKind>(
  hub: Hub,
  flow: { id: string; kind: K },
  move: NoInfer<FlowMove<K>>,
  account: { id: string; email: string; passwordHash: string | null; platform: Platform; uType: number },
  alongside: (trx: Transaction<Database>, now: number) => Promise<void>,
) => {
  try {
    await moveFlow(hub, flow, move, async (trx, now) => {
      await hub.accounts.insert(trx, verifiedEmailAccount({ ...account, now }));
      await hub.accounts.addMembership(trx, account.id, account.platform, true, now);
      // After the account: the flow's account_id refers to it.
      await hub.flows.update(trx, flow.id, { account_id: account.id });
      await alongside(trx, now);
    });
  } catch (error) {
    if (error instanceof HubError) throw error;
    // The unique email index: another request registered the address a moment earlier.
    await refuseRegisteredEmail(hub, account.email);
    throw error;
  }
};
