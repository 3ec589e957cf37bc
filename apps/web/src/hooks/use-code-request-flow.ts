import {
  ACCOUNT_STEP,
  type AccountCheck,
  type CodeSent,
  errorMessage,
  isBusyStep,
  type MessageScreen,
  NEXT_STEP,
  type RedirectAnswer,
} from '@hub/core';
import { useState } from 'react';
import type { ApiResult } from '../api/client';
import { useApiProblem } from './use-api-problem';
import { useField } from './use-field';
import { useStableCallback } from './use-stable-callback';
import { useStepFocus } from './use-step-focus';

/** Spec §4: busy while the code is being requested. */
export const REQUESTING_CODE_STEP = 10;

interface CodeRequestOptions {
  /** The local account rule of the screen (core: checkSignupAccount or checkAccountInput). */
  check: (input: string) => AccountCheck;
  /** Asks the server to send a code to the account. */
  request: (account: string) => Promise<ApiResult<CodeSent | RedirectAnswer>>;
  /** The account field's starting value (e.g. carried by sainfo); never submitted by itself. */
  initialAccount?: string | undefined;
  /** The screen whose wording its errors take (reset: 'Account does not exist.'). */
  screen?: MessageScreen | undefined;
}

/**
 * Spec §3 "Sign-up and reset" state, §4 "Sign-up" and "Reset password": step 1 asks for the
 * account and requests a code, step 2 is the code step (see use-code-verification).
 */
export const useCodeRequestFlow = ({ check, request, initialAccount, screen }: CodeRequestOptions) => {
  const [step, setStep] = useState(ACCOUNT_STEP);
  const [sent, setSent] = useState<CodeSent | null>(null);
  const account = useField(initialAccount);
  const { problem, dismiss, show } = useApiProblem(screen);
  const fieldRef = useStepFocus<HTMLInputElement>(step === REQUESTING_CODE_STEP ? ACCOUNT_STEP : step);

  const back = useStableCallback(() => {
    dismiss();
    setSent(null);
    setStep(ACCOUNT_STEP);
  });

  /** Submits the field, or `input` when given (the ubr_profile entry fills and submits at once). */
  const submit = useStableCallback(async (input?: string) => {
    if (isBusyStep(step)) return;
    dismiss();
    const value = input ?? account.value;
    if (input !== undefined) account.change(input);
    const checked = check(value);
    if (!checked.ok) {
      account.fail(errorMessage(checked.code, undefined, screen));
      fieldRef.current?.focus();
      return;
    }
    setStep(REQUESTING_CODE_STEP);
    const result = await request(value.trim());
    if (!result.ok) {
      setStep(ACCOUNT_STEP);
      if (show(result.error, { account: account.fail }, { retry: () => submit() })) fieldRef.current?.focus();
      return;
    }
    const answer = result.data;
    if (answer.next === 'redirect') {
      window.location.assign(answer.location);
      return;
    }
    setSent(answer);
    setStep(NEXT_STEP);
  });

  return { step, sent, account, fieldRef, problem, dismiss, submit, back };
};
