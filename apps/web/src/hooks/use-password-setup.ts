import {
  ACCOUNT_STEP,
  canSubmitNewPassword,
  errorMessage,
  isBusyStep,
  newPasswordError,
  passwordsEqual,
  REDIRECT_DELAY_MS,
  scorePassword,
} from '@hub/core';
import { useEffect, useRef, useState } from 'react';
import type { PasswordSaver } from '../api/auth';
import { useApiProblem } from './use-api-problem';
import { useField } from './use-field';
import { useStableCallback } from './use-stable-callback';
import { useTimeout } from './use-timeout';

/** Spec §4 "Finalize": the step while the new password is being saved. */
export const SAVING_PASSWORD_STEP = 10;

interface PasswordSetupOptions {
  flowId: string;
  api: PasswordSaver;
  /** Two-field screens also ask to re-enter the password. */
  confirm: boolean;
  /** The flow is gone: the screen offers to start over. */
  onRestart: () => void;
}

/**
 * Spec §3 "finalize" state and §4 "Finalize": password (and repass), strength recomputed on each
 * keystroke, submit only when fully valid; after success the step stays busy, `submitted` is set
 * and the browser goes to the server's target after 1.5 s.
 */
export const usePasswordSetup = ({ flowId, api, confirm, onRestart }: PasswordSetupOptions) => {
  const [step, setStep] = useState(ACCOUNT_STEP);
  const [target, setTarget] = useState<string | null>(null);
  const password = useField();
  const repass = useField();
  const passwordRef = useRef<HTMLInputElement>(null);
  const repassRef = useRef<HTMLInputElement>(null);
  const { problem, dismiss, show } = useApiProblem();
  const submitted = target !== null;
  const { score } = scorePassword(password.value);
  const equal = !confirm || passwordsEqual(password.value, repass.value);
  const canSubmit = !submitted && equal && canSubmitNewPassword(step, password.value);

  // The screen opens on its first empty field (the new password), as the code step does.
  useEffect(() => passwordRef.current?.focus(), []);

  /** Spec §5 "Confirmation": a re-entered password that differs gives 'Not Equal passwords'. */
  const checkRepass = () => {
    if (confirm && repass.value !== '' && !equal) repass.fail(errorMessage('password.not_equal'));
  };

  const submit = useStableCallback(async () => {
    if (isBusyStep(step) || submitted) return;
    dismiss();
    const refusal = newPasswordError(password.value, confirm ? repass.value : undefined);
    if (refusal === 'password.not_equal') {
      repass.fail(errorMessage(refusal));
      repassRef.current?.focus();
      return;
    }
    if (refusal) {
      password.fail(errorMessage(refusal));
      passwordRef.current?.focus();
      return;
    }
    setStep(SAVING_PASSWORD_STEP);
    const result = await api.setPassword(flowId, password.value);
    if (result.ok) {
      setTarget(result.data.location);
      return;
    }
    setStep(ACCOUNT_STEP);
    if (show(result.error, { password: password.fail }, { retry: submit, restart: onRestart }))
      passwordRef.current?.focus();
  });

  // Spec §4: the notice shows, and after 1.5 s the browser goes to the target.
  useTimeout(() => target && window.location.assign(target), REDIRECT_DELAY_MS, target);

  return {
    step,
    submitted,
    busy: isBusyStep(step),
    score,
    canSubmit,
    password,
    repass,
    passwordRef,
    repassRef,
    checkRepass,
    submit,
    problem,
    dismiss,
  };
};
