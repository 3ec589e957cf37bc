import type { Transitions } from '../transitions.js';

/**
 * An email change from the account center, a server record of kind 'email_change' for the
 * signed-in account (its account_id), the new address in `identifier`:
 *
 *   code_sent --(the code mailed to the new address)--> completed
 *      ^  |
 *      +--+ resend (after 360 s; the old code dies)
 *
 * Bound to the browser that started it (flow-binding cookie) and usable only with that account's
 * live session. Until it completes the account keeps its old email, which still signs in.
 */
export const emailChangeStates = { codeSent: 'code_sent', completed: 'completed' } as const;
export type EmailChangeState = (typeof emailChangeStates)[keyof typeof emailChangeStates];
export const emailChangeInitial = emailChangeStates.codeSent;
/** The legal moves: moveFlow accepts no other, at compile time and when it runs. */
export const emailChangeTransitions = {
  code_sent: ['completed'],
  completed: [],
} as const satisfies Transitions<EmailChangeState>;
