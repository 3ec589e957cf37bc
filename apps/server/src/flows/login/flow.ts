import { policy } from '../../policy.js';
import type { Transitions } from '../transitions.js';

/**
 * The login flow (identifier first, spec §4):
 *
 *   identified --(right password)--> completed
 *
 * An account on the other platform never gets a flow: it is sent to switching option1.
 * Wrong passwords count on the account (shared by every flow and process); past
 * FREE_PASSWORD_FAILURES each further one waits a growing delay. A success resets the count.
 */
export const loginStates = { identified: 'identified', completed: 'completed' } as const;
export type LoginState = (typeof loginStates)[keyof typeof loginStates];
export const loginInitial = loginStates.identified;
/** The legal moves: moveFlow accepts no other, at compile time and when it runs. */
export const loginTransitions = {
  identified: ['completed'],
  completed: [],
} as const satisfies Transitions<LoginState>;
export const FREE_PASSWORD_FAILURES = policy.freePasswordFailures;
const BASE_DELAY_MS = policy.passwordDelayBaseMs;
const MAX_DELAY_MS = policy.passwordDelayMaxMs;

/** After the 10 free failures: 30 s, 60 s, 2 min … capped at one hour. Never a lockout for good. */
export const passwordDelayMs = (failures: number): number =>
  failures < FREE_PASSWORD_FAILURES
    ? 0
    : Math.min(MAX_DELAY_MS, BASE_DELAY_MS * 2 ** (failures - FREE_PASSWORD_FAILURES));
