import type { Transitions } from '../transitions.js';

/**
 * Switching option1 (spec §2, §4): an account that lives on the other platform signs in here and
 * is linked to this platform.
 *
 *   identified --(right password: the sync call adds the membership)--> completed
 *
 * Like login, the flow is bound to the browser and lives 15 minutes; wrong passwords count on the
 * account (flows/password-check.ts). The membership is added idempotently, so two flows that
 * link the same account at once leave one membership.
 */
export const switchingStates = { identified: 'identified', completed: 'completed' } as const;
export type SwitchingState = (typeof switchingStates)[keyof typeof switchingStates];
export const switchingInitial = switchingStates.identified;
/** The legal moves: moveFlow accepts no other, at compile time and when it runs. */
export const switchingTransitions = {
  identified: ['completed'],
  completed: [],
} as const satisfies Transitions<SwitchingState>;
