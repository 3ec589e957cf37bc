import {
  ACCOUNT_STEP,
  checkAccountInput,
  errorMessage,
  type FlowContext,
  isBusyStep,
  meetsLoginMinimum,
  NEXT_STEP,
  type Platform,
} from '@hub/core';
import { useState } from 'react';
import { checkLoginPassword, identifyLoginAccount } from '../api/auth';
import { useApiProblem } from './use-api-problem';
import { useField } from './use-field';
import { useStableCallback } from './use-stable-callback';
import { useStepFocus } from './use-step-focus';

/** Spec §4: 10 is busy on the account step, 20 busy on the password step. */
export const IDENTIFYING_STEP = 10;
export const CHECKING_PASSWORD_STEP = 20;

/** The step whose form is on screen: a busy step shows the form it is busy with. */
const formStep = (step: number): number =>
  step === IDENTIFYING_STEP ? ACCOUNT_STEP : step === CHECKING_PASSWORD_STEP ? NEXT_STEP : step;

interface LoginOptions {
  platform: Platform;
  context: FlowContext | undefined;
  /** The tool login (spec §2): the server also checks that the account belongs to the tool. */
  toolLogin?: boolean;
  /** The account field's starting value (e.g. carried by sainfo); never submitted by itself. */
  initialAccount?: string | undefined;
}

/**
 * Spec §3 "Sign-in" state and §4 "Login": step 1 identifies the account, step 2 checks its
 * password; the server answers where the browser goes next (DESIGN.md rule 5).
 */
export const useLoginFlow = ({ platform, context, toolLogin, initialAccount }: LoginOptions) => {
  const [step, setStep] = useState(ACCOUNT_STEP);
  const [flow, setFlow] = useState<{ flowId: string; account: string } | null>(null);
  const account = useField(initialAccount);
  const password = useField();
  const { problem, dismiss, show } = useApiProblem();
  const shownStep = formStep(step);
  const fieldRef = useStepFocus<HTMLInputElement>(shownStep);

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
    const check = checkAccountInput(account.value);
    if (!check.ok) {
      account.fail(errorMessage(check.code));
      fieldRef.current?.focus();
      return;
    }
    setStep(IDENTIFYING_STEP);
    const result = await identifyLoginAccount({
      platform,
      account: account.value.trim(),
      ...(toolLogin ? { toolLogin } : {}),
      ...(context ? { context } : {}),
    });
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
    // Spec §5: empty → 'Password is required'; under the login minimum (6) it cannot be right.
    const refusal =
      password.value === ''
        ? 'password.required'
        : !meetsLoginMinimum(password.value)
          ? 'password.incorrect'
          : null;
    if (refusal) {
      password.fail(errorMessage(refusal));
      fieldRef.current?.focus();
      return;
    }
    setStep(CHECKING_PASSWORD_STEP);
    const result = await checkLoginPassword(flow.flowId, password.value);
    if (result.ok) {
      window.location.assign(result.data.location);
      return;
    }
    setStep(NEXT_STEP);
    if (show(result.error, { password: password.fail }, { retry: submitPassword, restart: back }))
      fieldRef.current?.focus();
  });

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
  };
};
