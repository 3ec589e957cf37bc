import type { Transitions } from '../transitions.js';

/**
 * The password-reset flow (spec §4 "Reset password"):
 *
 *   code_sent --(right code)--> verified --(new password, score 0)--> completed
 *
 * Completing it ends every session of the account and returns by rrf.
 */
export const resetStates = { codeSent: 'code_sent', verified: 'verified', completed: 'completed' } as const;
export type ResetState = (typeof resetStates)[keyof typeof resetStates];
export const resetInitial = resetStates.codeSent;
/** The legal moves: moveFlow accepts no other, at compile time and when it runs. */
export const resetTransitions = {
  code_sent: ['verified'],
  verified: ['completed'],
  completed: [],
} as const satisfies Transitions<ResetState>;
