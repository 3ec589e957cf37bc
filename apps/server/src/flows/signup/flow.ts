import type { Transitions } from '../transitions.js';

/**
 * The sign-up flow on the server (docs/architecture.md "State lives on the server"):
 *
 *   code_sent --(right code)--> verified --(password, score 0)--> completed
 *       ^  |
 *       +--+ resend (after 360 s; the old code dies)
 *
 * Wrong codes count on the code (5 burn it); the flow itself expires after 30 minutes.
 */
export const signupStates = { codeSent: 'code_sent', verified: 'verified', completed: 'completed' } as const;
export type SignupState = (typeof signupStates)[keyof typeof signupStates];
export const signupInitial = signupStates.codeSent;
/** The legal moves: moveFlow accepts no other, at compile time and when it runs. */
export const signupTransitions = {
  code_sent: ['verified'],
  verified: ['completed'],
  completed: [],
} as const satisfies Transitions<SignupState>;
