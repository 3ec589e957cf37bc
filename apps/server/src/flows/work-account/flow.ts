import type { FlowContextRecord } from '../flow-context.js';
import type { Transitions } from '../transitions.js';

/**
 * A work account (spec §2 /{platform}/comp/account/verification, §6 added_user): a business owner
 * invites an email; the invitee verifies it by code and sets a password.
 *
 *   invited --(right code; binds the flow to that browser)--> verified --(password)--> completed
 *      ^  |
 *      +--+ resend (after 360 s; a fresh code in a fresh invitation mail)
 *
 * The invitation is made in the owner's browser or by the Business platform's server, and opened
 * in the invitee's: the flow starts bound to no browser and is bound to the first one that
 * verifies its code (the code is taken once, so there is exactly one). The invitation link works
 * for 7 days; each code in it for 10 minutes, with the sign-up's limits.
 */
export const workAccountStates = {
  invited: 'invited',
  verified: 'verified',
  completed: 'completed',
} as const;
export type WorkAccountState = (typeof workAccountStates)[keyof typeof workAccountStates];
export const workAccountInitial = workAccountStates.invited;
/** The legal moves: moveFlow accepts no other, at compile time and when it runs. */
export const workAccountTransitions = {
  invited: ['verified'],
  verified: ['completed'],
  completed: [],
} as const satisfies Transitions<WorkAccountState>;
/** Spec §6: any u_type but 1 is an added user; a work account gets 2. */
export const WORK_ACCOUNT_U_TYPE = 2;

export interface WorkAccountContext extends FlowContextRecord {
  ownerAccountId?: string;
}
