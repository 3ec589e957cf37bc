import {
  ACCOUNT_STEP,
  type AccountCheck,
  checkAccountInput,
  type ErrorCode,
  errorMessage,
  isBusyStep,
  type MessageScreen,
  meetsLoginMinimum,
  NEXT_STEP,
} from '@hub/core';
import { type RefObject, useState } from 'react';
import type { AccountPasswordApi } from '../api/auth';
import { useApiProblem } from './use-api-problem';
import { type Field, useField } from './use-field';
import { useStableCallback } from './use-stable-callback';
import { useStepFocus } from './use-step-focus';
import { useTimeout } from './use-timeout';

/** Spec §4: 10 is busy on the account step, 20 busy on the password step. */
export const IDENTIFYING_STEP = 10;
export const CHECKING_PASSWORD_STEP = 20;

/** The step whose form is on screen: a busy step shows the form it is busy with. */
const formStep = (step: number): number =>
  step === IDENTIFYING_STEP ? ACCOUNT_STEP : step === CHECKING_PASSWORD_STEP ? NEXT_STEP : step;

/**
 * Spec §5 for an existing password: empty → 'Password is required'; under the login minimum (6)
 * it cannot be right → 'Incorrect password.'. Null when it may be sent.
 */
const existingPasswordRefusal = (password: string): ErrorCode | null =>
  password === '' ? 'password.required' : !meetsLoginMinimum(password) ? 'password.incorrect' : null;

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
  const [step, setStep] = useState(ACCOUNT_STEP);
  const [flow, setFlow] = useState<{ flowId: string; account: string } | null>(null);
  /** Where the browser goes once the success has been shown; the step stays busy meanwhile. */
  const [exit, setExit] = useState<string | null>(null);
  const account = useField(initialAccount);
  const password = useField();
  const { problem, dismiss, show } = useApiProblem(screen);
  const shownStep = formStep(step);
  // An account carried in (switching option1, a direct checkout) arrives in its field with the
  // focus, so Enter goes on at once.
  const fieldRef = useStepFocus<HTMLInputElement>(shownStep, Boolean(initialAccount));

  const back = useStableCallback(() => {
    if (isBusyStep(step)) return;
    dismiss();
    password.reset();
    setFlow(null);
    setStep(ACCOUNT_STEP);
  });

  const submitAccount = useStableCallback(async () => {
    if (isBusyStep(step)) return;
    dismiss();
    const checked = check(account.value);
    if (!checked.ok) {
      account.fail(errorMessage(checked.code, undefined, screen));
      fieldRef.current?.focus();
      return;
    }
    setStep(IDENTIFYING_STEP);
    const result = await api.identify(account.value.trim());
    if (!result.ok) {
      setStep(ACCOUNT_STEP);
      if (show(result.error, { account: account.fail }, { retry: submitAccount })) fieldRef.current?.focus();
      return;
    }
    const answer = result.data;
    if (answer.next === 'redirect') {
      // E.g. the other platform's account goes to switching option1 (spec §4); the step stays busy.
      window.location.assign(answer.location);
      return;
    }
    setFlow({ flowId: answer.flowId, account: answer.account.display });
    password.reset();
    setStep(NEXT_STEP);
  });

  const submitPassword = useStableCallback(async () => {
    if (isBusyStep(step) || !flow) return;
    dismiss();
    if (refuseExistingPassword(password, fieldRef)) return;
    setStep(CHECKING_PASSWORD_STEP);
    const result = await api.checkPassword(flow.flowId, password.value);
    if (result.ok) {
      if (exitDelayMs > 0) setExit(result.data.location);
      else window.location.assign(result.data.location);
      return;
    }
    setStep(NEXT_STEP);
    if (show(result.error, { password: password.fail }, { retry: submitPassword, restart: back }))
      fieldRef.current?.focus();
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
    /** True from a valid password until the browser leaves (the success notice is shown). */
    succeeded: exit !== null,
  };
};

export type AccountPasswordFlow = ReturnType<typeof useAccountPasswordFlow>;
