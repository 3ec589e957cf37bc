import { apiErrorText, CODE_COMPARE_DELAY_MS, ERROR_RESET_DELAY_MS, REDIRECT_DELAY_MS } from '@hub/core';
import { useCallback, useEffect, useReducer, useRef } from 'react';
import type { CodeApi } from '../api/auth';
import { i18next } from '../i18n';
import {
  type CodeStatus,
  canResend,
  canVerify,
  codeOf,
  codeStepReducer,
  initialCodeStep,
  isChecking,
  isCodeStatusError,
  msUntilNextTick,
  type ResendNote,
  type StatusTone,
} from '../lib/code-step-machine';
import { useApiProblem } from './use-api-problem';
import { useStableCallback } from './use-stable-callback';
import { useTimeout } from './use-timeout';

export type { CodePhase, StatusTone } from '../lib/code-step-machine';

interface CodeVerificationOptions<T> {
  flowId: string;
  /** Seconds before 'Resend code' (the server's resendAfter; spec §9: 360). */
  resendAfter: number;
  api: CodeApi<T>;
  /** After the 1.5 s of 'Code has been verified': the server's answer to the code. */
  onVerified: (answer: T) => void;
  /** The flow is gone: back to the account step. */
  onRestart: () => void;
  /** Puts focus in the first box. */
  focusFirstBox: () => void;
  /** A fresh code went out: its countdown, in seconds (the screen remembers it for a reload). */
  onResent?: ((resendAfter: number) => void) | undefined;
}

const statusText = (status: CodeStatus): string => {
  if (status.tone === 'success') return i18next.t('notice.codeVerified');
  if (status.tone === 'error') return apiErrorText(status.error);
  return i18next.t(status.prompt === 'reenter' ? 'reenterCode' : 'enterCode');
};

const resendNote = (note: ResendNote): string =>
  note === 'none' ? '' : i18next.t(note === 'sending' ? 'sending' : 'code.resent');

/**
 * Spec §2, §4 code step: the boxes, the 1 s compare, the messages and timings, and resend. The
 * rules live in lib/code-step-machine; this hook runs its timers and API calls.
 */
export const useCodeVerification = <T>(options: CodeVerificationOptions<T>) => {
  const { flowId, api, onVerified, onRestart, focusFirstBox, onResent } = options;
  const [state, dispatch] = useReducer(codeStepReducer, options.resendAfter, (seconds) =>
    initialCodeStep(seconds, Date.now()),
  );
  const verified = useRef<{ answer: T } | null>(null);
  const { problem, dismiss, show } = useApiProblem();
  const { phase, focusRequest } = state;
  const { deadline } = state.countdown;

  // Focus moves after the render that re-enables the boxes.
  useEffect(() => {
    if (focusRequest > 0) focusFirstBox();
  }, [focusRequest, focusFirstBox]);

  // Wake when the shown number next changes; the timer stops when the screen goes away.
  useEffect(() => {
    if (deadline === 0) return;
    let timer: ReturnType<typeof setTimeout> | undefined;
    const tick = () => {
      const now = Date.now();
      dispatch({ type: 'tick', now });
      const wait = msUntilNextTick(deadline, now);
      if (wait !== null) timer = setTimeout(tick, wait);
    };
    tick();
    return () => clearTimeout(timer);
  }, [deadline]);

  const changeBoxes = useCallback((boxes: string[]) => dispatch({ type: 'boxes_changed', boxes }), []);

  const verify = useStableCallback(async () => {
    if (!canVerify(state)) return;
    dismiss();
    dispatch({ type: 'verify_started' });
    const result = await api.verify(flowId, codeOf(state));
    if (result.ok) {
      verified.current = { answer: result.data };
      dispatch({ type: 'verify_succeeded' });
      return;
    }
    dispatch({ type: 'verify_failed', error: result.error });
    if (!isCodeStatusError(result.error))
      show(result.error, {}, { retry: () => dispatch({ type: 'retry' }), restart: onRestart });
  });

  // Spec §4: the full code is compared about 1 s after the last digit (a change restarts the wait).
  useTimeout(verify, CODE_COMPARE_DELAY_MS, canVerify(state) ? codeOf(state) : null);
  // Spec §4: 'Verification code is incorrect' becomes 'Re-enter verification code' after 2 s.
  useTimeout(() => dispatch({ type: 'incorrect_shown' }), ERROR_RESET_DELAY_MS, phase === 'incorrect');
  // Spec §4: 'Code has been verified', then after 1.5 s the finalize screen (or the next step).
  useTimeout(
    () => verified.current && onVerified(verified.current.answer),
    REDIRECT_DELAY_MS,
    phase === 'verified',
  );

  const resend = useStableCallback(async () => {
    if (!canResend(state)) return;
    dismiss();
    dispatch({ type: 'resend_started' });
    const result = await api.resend(flowId);
    if (result.ok) {
      dispatch({ type: 'resend_succeeded', resendAfter: result.data.resendAfter, now: Date.now() });
      onResent?.(result.data.resendAfter);
      return;
    }
    dispatch({ type: 'resend_failed', retryAfter: result.error.retryAfter, now: Date.now() });
    show(result.error, {}, { retry: resend, restart: onRestart });
  });

  const status: { text: string; tone: StatusTone } = {
    text: statusText(state.status),
    tone: state.status.tone,
  };
  return {
    checking: isChecking(state),
    boxes: state.boxes,
    changeBoxes,
    phase,
    status,
    countdown: state.countdown.remaining,
    sending: state.sending,
    resendNote: resendNote(state.resendNote),
    resend,
    problem,
    dismiss,
  };
};
