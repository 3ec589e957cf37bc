import { type AccountCheck, checkAccountInput, errorMessage, type MessageScreen } from '@hub/core';
import { type RefObject, useReducer } from 'react';
import type { AccountPasswordApi } from '../api/auth';
import {
  type AccountPasswordEvent,
  accountPasswordReducer,
  existingPasswordRefusal,
  formStep,
  initialAccountPassword,
} from '../lib/account-password-machine';
import { useApiProblem } from './use-api-problem';
import { type Field, useField } from './use-field';
import { useStableCallback } from './use-stable-callback';
import { useStepFocus } from './use-step-focus';
import { useTimeout } from './use-timeout';

export {
  CHECKING_PASSWORD_STEP,
  IDENTIFYING_STEP,
  SECOND_FACTOR_STEP,
} from '../lib/account-password-machine';

/**
 * The existing-password rule applied before a password step sends anything: a refused password
 * gets its message under the field and the focus. True when it was refused (nothing is sent).
 */
export const refuseExistingPassword = (
  password: Field,
  fieldRef: RefObject<HTMLInputElement | null>,
): boolean => {
  const refusal = existingPasswordRefusal(password.value);
  if (!refusal) return false;
  password.fail(errorMessage(refusal));
  fieldRef.current?.focus();
  return true;
};

interface AccountPasswordOptions {
  api: AccountPasswordApi;
  /** The account field's starting value (e.g. carried by sainfo); never submitted by itself. */
  initialAccount?: string | undefined;
  /** The screen's local account rule (core's checkAccountInput unless the screen has its own texts). */
  check?: (input: string) => AccountCheck;
  /**
   * How long the screen stays after a valid password before the browser leaves: 0 (login) leaves
   * at once; switching and linking show 'Account successfully linked' for 1.5 s first (spec §4).
   */
  exitDelayMs?: number;
  /** The screen whose wording its errors take (linking: 'Account format is invalid', no full stop). */
  screen?: MessageScreen | undefined;
}

/**
 * Spec §3 "Sign-in" and "Switching" state, §4 "Login" and "Switching and linking": step 1
 * identifies the account, step 2 checks its password; the server answers where the browser goes
 * next (docs/architecture.md "Every sign-in ends in one place"). While the step is 10 or 20 a submit is ignored.
 */
export const useAccountPasswordFlow = ({
  api,
  initialAccount,
  check = checkAccountInput,
  exitDelayMs = 0,
  screen,
}: AccountPasswordOptions) => {
  const [state, dispatch] = useReducer(accountPasswordReducer, initialAccountPassword);
  const { step, flow, exit, secondFactor } = state;
  const account = useField(initialAccount);
  const password = useField();
  const { problem, dismiss, show } = useApiProblem(screen);
  const shownStep = formStep(step);
  // An account carried in (switching option1, a direct checkout) arrives in its field with the
  // focus, so Enter goes on at once.
  const fieldRef = useStepFocus<HTMLInputElement>(shownStep, Boolean(initialAccount));
  /** The machine takes `event` in the current state (a submit while busy is ignored). */
  const accepts = (event: AccountPasswordEvent) => accountPasswordReducer(state, event) !== state;

  const back = useStableCallback(() => {
    if (!accepts({ type: 'back' })) return;
    dismiss();
    password.reset();
    dispatch({ type: 'back' });
  });

  const submitAccount = useStableCallback(async () => {
    if (!accepts({ type: 'identify_started' })) return;
    dismiss();
    const checked = check(account.value);
    if (!checked.ok) {
      account.fail(errorMessage(checked.code, undefined, screen));
      fieldRef.current?.focus();
      return;
    }
    dispatch({ type: 'identify_started' });
    const result = await api.identify(account.value.trim());
    if (!result.ok) {
      dispatch({ type: 'identify_failed' });
      if (show(result.error, { account: account.fail }, { retry: submitAccount })) fieldRef.current?.focus();
      return;
    }
    const answer = result.data;
    if (answer.next === 'redirect') {
      // E.g. the other platform's account goes to switching option1 (spec §4); the step stays busy.
      window.location.assign(answer.location);
      return;
    }
    password.reset();
    dispatch({ type: 'identified', flowId: answer.flowId, account: answer.account.display });
  });

  const submitPassword = useStableCallback(async () => {
    if (!flow || !accepts({ type: 'password_check_started' })) return;
    dismiss();
    if (refuseExistingPassword(password, fieldRef)) return;
    dispatch({ type: 'password_check_started' });
    const result = await api.checkPassword(flow.flowId, password.value);
    if (result.ok) {
      const answer = result.data;
      if (answer.next === 'second_factor') {
        password.reset();
        dispatch({
          type: 'second_factor_needed',
          flowId: answer.flowId,
          methods: answer.methods,
          ...(answer.enrol ? { enrol: true } : {}),
        });
      } else if (exitDelayMs > 0) dispatch({ type: 'password_accepted', location: answer.location });
      else window.location.assign(answer.location);
      return;
    }
    dispatch({ type: 'password_refused' });
    if (show(result.error, { password: password.fail }, { retry: submitPassword, restart: back }))
      fieldRef.current?.focus();
  });

  /** The second factor was right: leave as a right password would have. */
  const completeSecondFactor = useStableCallback((location: string) => {
    if (exitDelayMs > 0) dispatch({ type: 'second_factor_accepted', location });
    else window.location.assign(location);
  });

  useTimeout(() => exit && window.location.assign(exit), exitDelayMs, exit);

  return {
    step,
    shownStep,
    flow,
    account,
    password,
    fieldRef,
    problem,
    dismiss,
    submitAccount,
    submitPassword,
    back,
    /** The second step a right password led to, when the account has a second factor. */
    secondFactor,
    completeSecondFactor,
    /** True from a valid password until the browser leaves (the success notice is shown). */
    succeeded: exit !== null,
  };
};

export type AccountPasswordFlow = ReturnType<typeof useAccountPasswordFlow>;
