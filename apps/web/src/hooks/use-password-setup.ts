import { errorMessage, isBusyStep, REDIRECT_DELAY_MS, scorePassword } from '@hub/core';
import { useEffect, useReducer, useRef } from 'react';
import type { PasswordSaver } from '../api/auth';
import {
  canStartSaving,
  canSubmit,
  initialPasswordSetup,
  isSubmitted,
  type NewPassword,
  passwordSetupReducer,
  repassRefusal,
  submitRefusal,
} from '../lib/password-setup-machine';
import { useApiProblem } from './use-api-problem';
import { useField } from './use-field';
import { useStableCallback } from './use-stable-callback';
import { useTimeout } from './use-timeout';

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
 * and the browser goes to the server's target after 1.5 s. The rules live in
 * lib/password-setup-machine; this hook keeps the fields and runs the API call.
 */
export const usePasswordSetup = ({ flowId, api, confirm, onRestart }: PasswordSetupOptions) => {
  const [state, dispatch] = useReducer(passwordSetupReducer, initialPasswordSetup);
  const { step, target } = state;
  const password = useField();
  const repass = useField();
  const passwordRef = useRef<HTMLInputElement>(null);
  const repassRef = useRef<HTMLInputElement>(null);
  const { problem, dismiss, show } = useApiProblem();
  const input: NewPassword = { password: password.value, repass: repass.value, confirm };
  const { score } = scorePassword(password.value);

  // The screen opens on its first empty field (the new password), as the code step does.
  useEffect(() => passwordRef.current?.focus(), []);

  /** Spec §5 "Confirmation": a re-entered password that differs gives 'Not Equal passwords'. */
  const checkRepass = () => {
    const refusal = repassRefusal(input);
    if (refusal) repass.fail(errorMessage(refusal));
  };

  const submit = useStableCallback(async () => {
    if (!canStartSaving(state)) return;
    dismiss();
    const refusal = submitRefusal(input);
    if (refusal) {
      const [field, ref] = refusal.field === 'repass' ? [repass, repassRef] : [password, passwordRef];
      field.fail(errorMessage(refusal.code));
      ref.current?.focus();
      return;
    }
    dispatch({ type: 'save_started' });
    const result = await api.setPassword(flowId, password.value);
    if (result.ok) {
      dispatch({ type: 'saved', location: result.data.location });
      return;
    }
    dispatch({ type: 'save_failed' });
    if (show(result.error, { password: password.fail }, { retry: submit, restart: onRestart }))
      passwordRef.current?.focus();
  });

  // Spec §4: the notice shows, and after 1.5 s the browser goes to the target.
  useTimeout(() => target && window.location.assign(target), REDIRECT_DELAY_MS, target);

  return {
    step,
    submitted: isSubmitted(state),
    busy: isBusyStep(step),
    score,
    canSubmit: canSubmit(state, input),
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
