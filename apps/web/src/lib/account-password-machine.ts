import {
  ACCOUNT_STEP,
  type ErrorCode,
  meetsLoginMinimum,
  NEXT_STEP,
  type SecondFactorMethod,
} from '@hub/core';

/**
 * Identifier-first sign-in (login, the tool login, switching option1 and linking, option2) as a
 * pure state machine: step 1 asks for the account, 10 while it is identified, 2 asks for its
 * password, 20 while the password is checked, and 3 when the password was right but the account
 * confirms its sign-ins with a second factor (docs/second-factors.md). The hook use-account-password-flow runs the API
 * calls and keeps the fields; this module decides which step the screen is on.
 */

/** Spec §4: 10 is busy on the account step, 20 busy on the password step. */
export const IDENTIFYING_STEP = 10;
export const CHECKING_PASSWORD_STEP = 20;
/** Not in the spec: password accepted, second factor pending (its own form checks and leaves). */
export const SECOND_FACTOR_STEP = 3;

export type AccountPasswordStep =
  | typeof ACCOUNT_STEP
  | typeof IDENTIFYING_STEP
  | typeof NEXT_STEP
  | typeof CHECKING_PASSWORD_STEP
  | typeof SECOND_FACTOR_STEP;

export interface AccountPasswordState {
  step: AccountPasswordStep;
  /** The identified account, from step 2 on; null on the account step. */
  flow: { flowId: string; account: string } | null;
  /** Where the browser goes once the success has been shown; the step stays busy meanwhile. */
  exit: string | null;
  /** The second step the password led to: its flow and the methods the account has. */
  secondFactor: { flowId: string; methods: readonly SecondFactorMethod[]; enrol?: boolean } | null;
}

export type AccountPasswordEvent =
  | { type: 'identify_started' }
  | { type: 'identified'; flowId: string; account: string }
  | { type: 'identify_failed' }
  | { type: 'password_check_started' }
  /** A valid password on a screen that shows its success before leaving. */
  | { type: 'password_accepted'; location: string }
  | { type: 'password_refused' }
  /** A right password of an account with a second factor. */
  | { type: 'second_factor_needed'; flowId: string; methods: readonly SecondFactorMethod[]; enrol?: boolean }
  /** A right second factor on a screen that shows its success before leaving. */
  | { type: 'second_factor_accepted'; location: string }
  | { type: 'back' };

export const initialAccountPassword: AccountPasswordState = {
  step: ACCOUNT_STEP,
  flow: null,
  exit: null,
  secondFactor: null,
};

/** The step whose form is on screen: a busy step shows the form it is busy with. */
export const formStep = (step: number): number =>
  step === IDENTIFYING_STEP ? ACCOUNT_STEP : step === CHECKING_PASSWORD_STEP ? NEXT_STEP : step;

/**
 * Spec §5 for an existing password: empty → 'Password is required'; under the login minimum (6)
 * it cannot be right → 'Incorrect password.'. Null when it may be sent.
 */
export const existingPasswordRefusal = (password: string): ErrorCode | null =>
  password === '' ? 'password.required' : !meetsLoginMinimum(password) ? 'password.incorrect' : null;

/**
 * Spec §3 "Sign-in" and "Switching" state, §4 "Login" and "Switching and linking". While the step
 * is 10 or 20 a submit (and 'back', which only the password step offers) is ignored; an event that does not fit the step leaves the
 * state as it is, the very same object.
 */
export const accountPasswordReducer = (
  state: AccountPasswordState,
  event: AccountPasswordEvent,
): AccountPasswordState => {
  switch (event.type) {
    case 'identify_started':
      return state.step === ACCOUNT_STEP ? { ...state, step: IDENTIFYING_STEP } : state;
    case 'identified':
      return state.step === IDENTIFYING_STEP
        ? { ...state, step: NEXT_STEP, flow: { flowId: event.flowId, account: event.account } }
        : state;
    case 'identify_failed':
      return state.step === IDENTIFYING_STEP ? { ...state, step: ACCOUNT_STEP } : state;
    case 'password_check_started':
      return state.step === NEXT_STEP && state.flow ? { ...state, step: CHECKING_PASSWORD_STEP } : state;
    case 'password_accepted':
      return state.step === CHECKING_PASSWORD_STEP && state.exit === null
        ? { ...state, exit: event.location }
        : state;
    case 'password_refused':
      return state.step === CHECKING_PASSWORD_STEP && state.exit === null
        ? { ...state, step: NEXT_STEP }
        : state;
    case 'second_factor_needed':
      return state.step === CHECKING_PASSWORD_STEP && state.exit === null
        ? {
            ...state,
            step: SECOND_FACTOR_STEP,
            // `enrol` too: without it a sign-in that must set up a second factor shows an empty step.
            secondFactor: {
              flowId: event.flowId,
              methods: event.methods,
              ...(event.enrol ? { enrol: true } : {}),
            },
          }
        : state;
    case 'second_factor_accepted':
      return state.step === SECOND_FACTOR_STEP && state.exit === null
        ? { ...state, exit: event.location }
        : state;
    case 'back':
      return state.step === NEXT_STEP || (state.step === SECOND_FACTOR_STEP && state.exit === null)
        ? initialAccountPassword
        : state;
  }
};
