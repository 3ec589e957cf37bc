import {
  ACCOUNT_STEP,
  canSubmitNewPassword,
  type ErrorCode,
  isBusyStep,
  newPasswordError,
  passwordsEqual,
} from '@hub/core';

/**
 * The new-password form (sign-up and reset finalize, the work-account invitation) as a pure
 * state machine: step 1 takes the password, 10 while it is being saved; after success the step
 * stays busy and `target` holds where the browser goes. The hook use-password-setup runs the API
 * call and keeps the fields; this module decides what may be sent and what is refused.
 */

/** Spec §4 "Finalize": the step while the new password is being saved. */
export const SAVING_PASSWORD_STEP = 10;

export interface PasswordSetupState {
  step: typeof ACCOUNT_STEP | typeof SAVING_PASSWORD_STEP;
  /** Set once the password is saved: where the browser goes after the success notice. */
  target: string | null;
}

export type PasswordSetupEvent =
  | { type: 'save_started' }
  | { type: 'saved'; location: string }
  | { type: 'save_failed' };

/** The form's two fields; `confirm` says whether the screen asks to re-enter the password. */
export interface NewPassword {
  password: string;
  repass: string;
  confirm: boolean;
}

export const initialPasswordSetup: PasswordSetupState = { step: ACCOUNT_STEP, target: null };

export const isSubmitted = (state: PasswordSetupState): boolean => state.target !== null;

/** A submit is taken (and then checked): not while saving, not after success. */
export const canStartSaving = (state: PasswordSetupState): boolean =>
  !isBusyStep(state.step) && !isSubmitted(state);

/** Spec §5 "Confirmation": true on a one-field screen. */
export const confirmationMatches = ({ password, repass, confirm }: NewPassword): boolean =>
  !confirm || passwordsEqual(password, repass);

/** Spec §4 "Finalize": the button is enabled only for a fully valid, confirmed password, when idle. */
export const canSubmit = (state: PasswordSetupState, input: NewPassword): boolean =>
  !isSubmitted(state) && confirmationMatches(input) && canSubmitNewPassword(state.step, input.password);

/**
 * Why a submit is refused before anything is sent, and which field gets the message: the
 * confirmation for 'Not Equal passwords', the password for anything else. Null when it may be sent.
 */
export const submitRefusal = ({
  password,
  repass,
  confirm,
}: NewPassword): { field: 'password' | 'repass'; code: ErrorCode } | null => {
  const code = newPasswordError(password, confirm ? repass : undefined);
  if (code === null) return null;
  return { field: code === 'password.not_equal' ? 'repass' : 'password', code };
};

/** Spec §5 "Confirmation": leaving a filled-in confirmation that differs gives 'Not Equal passwords'. */
export const repassRefusal = (input: NewPassword): ErrorCode | null =>
  input.confirm && input.repass !== '' && !confirmationMatches(input) ? 'password.not_equal' : null;

/** An event that does not fit the step leaves the state as it is, the very same object. */
export const passwordSetupReducer = (
  state: PasswordSetupState,
  event: PasswordSetupEvent,
): PasswordSetupState => {
  switch (event.type) {
    case 'save_started':
      return canStartSaving(state) ? { ...state, step: SAVING_PASSWORD_STEP } : state;
    case 'saved':
      return state.step === SAVING_PASSWORD_STEP && !isSubmitted(state)
        ? { ...state, target: event.location }
        : state;
    case 'save_failed':
      return state.step === SAVING_PASSWORD_STEP && !isSubmitted(state)
        ? { ...state, step: ACCOUNT_STEP }
        : state;
  }
};
