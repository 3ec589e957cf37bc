import { ACCOUNT_STEP, isBusyStep, type RedirectAnswer } from '@hub/core';
import { useRef, useState } from 'react';
import type { ApiResult } from '../api/client';
import { CHECKING_PASSWORD_STEP, refuseExistingPassword } from './use-account-password-flow';
import { useApiProblem } from './use-api-problem';
import { useField } from './use-field';
import { useStableCallback } from './use-stable-callback';

interface PasswordConfirmOptions {
  /** Sends the password; the answer is where the browser goes. */
  confirm: (password: string) => Promise<ApiResult<RedirectAnswer>>;
  /** The flow is gone: the screen offers to start over. */
  onRestart: () => void;
}

/**
 * A choice confirmed by the account's own password (option3/finalize): the password rules of
 * the login's step 2, busy at step 20 (a submit is then ignored), and on success the exit.
 */
export const usePasswordConfirm = ({ confirm, onRestart }: PasswordConfirmOptions) => {
  const [step, setStep] = useState(ACCOUNT_STEP);
  const [leaving, setLeaving] = useState(false);
  const password = useField();
  const fieldRef = useRef<HTMLInputElement>(null);
  const { problem, dismiss, show } = useApiProblem();

  const submit = useStableCallback(async () => {
    if (isBusyStep(step) || leaving) return;
    dismiss();
    if (refuseExistingPassword(password, fieldRef)) return;
    setStep(CHECKING_PASSWORD_STEP);
    const result = await confirm(password.value);
    if (result.ok) {
      setLeaving(true);
      window.location.assign(result.data.location);
      return;
    }
    setStep(ACCOUNT_STEP);
    if (show(result.error, { password: password.fail }, { retry: submit, restart: onRestart }))
      fieldRef.current?.focus();
  });

  return { step, busy: isBusyStep(step), leaving, password, fieldRef, problem, dismiss, submit };
};
