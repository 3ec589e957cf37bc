import type { FlowContextRecord } from '../flow-context.js';
import type { Transitions } from '../transitions.js';

/**
 * The second step of a sign-in, a server record of kind 'second_factor' (docs/second-factors.md):
 *
 *   pending --(a right TOTP code or an unused recovery code)--> completed
 *   pending --(a second factor is required, the account has none)--> enrolling
 *   enrolling --(an authenticator app set up, its first code right)--> completed
 *
 * `pending` is "first factor accepted, second factor pending": the sign-in pipeline parked the sign-in
 * here instead of completing it, whichever flow it came from (login, tool login, switching
 * option1, an OpenID Connect interaction, Google or Facebook). The flow keeps the account, the
 * platform and what the exit needs (the page's context, the first factor, switching or not), is
 * bound to the browser that proved the first factor, and lives as long as a login flow. Only the
 * request that moves it out of `pending` completes the sign-in, so a code replayed on the same
 * flow finds nothing to do. `enrolling` is "first factor accepted, second factor to be set up":
 * the platform, the tool or the OpenID Connect client requires one (policy.ts of mfa/) and the
 * account has none yet.
 */
export const secondFactorStates = {
  pending: 'pending',
  enrolling: 'enrolling',
  completed: 'completed',
} as const;
export type SecondFactorState = (typeof secondFactorStates)[keyof typeof secondFactorStates];
export const secondFactorInitial = secondFactorStates.pending;
/** The legal moves: moveFlow accepts no other, at compile time and when it runs. */
export const secondFactorTransitions = {
  pending: ['completed', 'enrolling'],
  enrolling: ['completed'],
  completed: [],
} as const satisfies Transitions<SecondFactorState>;

/** What the flow remembers besides the page's context: how the parked sign-in goes on. */
export interface SecondFactorFlowContext extends FlowContextRecord {
  signIn: {
    /** The first factor (the sign-in pipeline's authMethod). */
    method: string;
    /** Switching option1: the exit carries account type 3 and the screen shows 'Account successfully linked'. */
    fromSwitching?: boolean;
  };
}
