import type { Transitions } from '../transitions.js';

/**
 * Switching option3 and option3/finalize (spec §2 names the routes only; docs/architecture.md):
 * the signed-in account chooses which of its platforms is the default — its home, the spec's `at`
 * — and confirms the choice with its password.
 *
 *   chosen --(right password: exactly one default)--> completed
 *
 * Bound to the browser and to the signed-in account; 15 minutes, like login.
 */
export const defaultPlatformStates = { chosen: 'chosen', completed: 'completed' } as const;
export type DefaultPlatformState = (typeof defaultPlatformStates)[keyof typeof defaultPlatformStates];
export const defaultPlatformInitial = defaultPlatformStates.chosen;
/** The legal moves: moveFlow accepts no other, at compile time and when it runs. */
export const defaultPlatformTransitions = {
  chosen: ['completed'],
  completed: [],
} as const satisfies Transitions<DefaultPlatformState>;
