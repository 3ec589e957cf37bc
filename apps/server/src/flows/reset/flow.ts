/**
 * The password-reset flow (spec §4 "Reset password"):
 *
 *   code_sent --(right code)--> verified --(new password, score 0)--> completed
 *
 * Completing it ends every session of the account and returns by rrf.
 */
export const resetStates = { codeSent: 'code_sent', verified: 'verified', completed: 'completed' } as const;
export const RESET_FLOW_TTL_MS = 30 * 60 * 1000;
