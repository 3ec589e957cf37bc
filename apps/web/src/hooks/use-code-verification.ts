import {
  apiErrorText,
  CODE_COMPARE_DELAY_MS,
  CODE_LENGTH,
  ERROR_RESET_DELAY_MS,
  isCompleteCode,
  labels,
  notices,
  REDIRECT_DELAY_MS,
} from '@hub/core';
import { useEffect, useState } from 'react';
import type { CodeApi } from '../api/auth';
import { useApiProblem } from './use-api-problem';
import { useCountdown } from './use-countdown';
import { useStableCallback } from './use-stable-callback';
import { useTimeout } from './use-timeout';

/**
 * entering: the boxes take digits. verifying: the full code waits its 1 s and is checked.
 * verified: 'Code has been verified', then the redirect. incorrect: the 2 s before 'Re-enter…'.
 * held: an error is shown; the code is not sent again until it changes. locked: the code is
 * used up (expired or too many attempts); only a new code helps.
 */
export type CodePhase = 'entering' | 'verifying' | 'verified' | 'incorrect' | 'held' | 'locked';
export type StatusTone = 'prompt' | 'error' | 'success';

/** Errors after which this code can never pass: the screen points to 'Resend code'. */
const lockingCodes: readonly string[] = ['code.expired', 'code.too_many_attempts'];

const emptyBoxes = (): string[] => Array.from({ length: CODE_LENGTH }, () => '');

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
}

/** Spec §2, §4 code step: the boxes, the 1 s compare, the messages and timings, and resend. */
export const useCodeVerification = <T>(options: CodeVerificationOptions<T>) => {
  const { flowId, api, onVerified, onRestart, focusFirstBox } = options;
  const [boxes, setBoxes] = useState(emptyBoxes);
  const [phase, setPhase] = useState<CodePhase>('entering');
  const [status, setStatus] = useState<{ text: string; tone: StatusTone }>({
    text: labels.enterCode,
    tone: 'prompt',
  });
  const [verified, setVerified] = useState<{ answer: T } | null>(null);
  const [sending, setSending] = useState(false);
  const [resendNote, setResendNote] = useState('');
  const countdown = useCountdown(options.resendAfter);
  const { problem, dismiss, show } = useApiProblem();
  const code = boxes.join('');
  // Focus moves after the render that re-enables the boxes.
  const [focusRequest, setFocusRequest] = useState(0);
  useEffect(() => {
    if (focusRequest > 0) focusFirstBox();
  }, [focusRequest, focusFirstBox]);

  const startOver = (text: string) => {
    setBoxes(emptyBoxes());
    setPhase('entering');
    setStatus({ text, tone: 'prompt' });
    setFocusRequest((count) => count + 1);
  };

  /** A change of the boxes also clears a held error (spec §5: each keystroke resets the error). */
  const changeBoxes = (next: string[]) => {
    setBoxes(next);
    if (phase !== 'held') return;
    setPhase('entering');
    setStatus({ text: labels.enterCode, tone: 'prompt' });
  };

  const verify = useStableCallback(async () => {
    if (phase !== 'entering' || !isCompleteCode(code)) return;
    dismiss();
    setPhase('verifying');
    const result = await api.verify(flowId, code);
    if (result.ok) {
      setPhase('verified');
      setStatus({ text: notices.codeVerified, tone: 'success' });
      setVerified({ answer: result.data });
      return;
    }
    const { error } = result;
    if (error.code === 'code.incorrect') setPhase('incorrect');
    else if (lockingCodes.includes(error.code)) {
      setPhase('locked');
      countdown.restart(0);
    } else setPhase('held');
    if (error.field === 'code' || error.code.startsWith('code.'))
      setStatus({ text: apiErrorText(error), tone: 'error' });
    else show(error, {}, { retry: () => setPhase('entering'), restart: onRestart });
  });

  // Spec §4: the full code is compared about 1 s after the last digit (a change restarts the wait).
  useTimeout(verify, CODE_COMPARE_DELAY_MS, phase === 'entering' && isCompleteCode(code) ? code : null);
  // Spec §4: 'Verification code is incorrect' becomes 'Re-enter verification code' after 2 s.
  useTimeout(() => startOver(labels.reenterCode), ERROR_RESET_DELAY_MS, phase === 'incorrect');
  // Spec §4: 'Code has been verified', then after 1.5 s the finalize screen (or the next step).
  useTimeout(
    () => verified && onVerified(verified.answer),
    REDIRECT_DELAY_MS,
    phase === 'verified' && verified,
  );

  const resend = useStableCallback(async () => {
    if (sending || countdown.remaining > 0 || phase === 'verifying' || phase === 'verified') return;
    dismiss();
    setSending(true);
    setResendNote(labels.sending);
    const result = await api.resend(flowId);
    setSending(false);
    if (result.ok) {
      countdown.restart(result.data.resendAfter);
      setResendNote('A new verification code has been sent.');
      startOver(labels.enterCode);
      return;
    }
    setResendNote('');
    if (result.error.retryAfter) countdown.restart(result.error.retryAfter);
    show(result.error, {}, { retry: resend, restart: onRestart });
  });

  /** The loading animation shows from the last digit until the verdict (the 1 s wait included). */
  const checking = phase === 'verifying' || (phase === 'entering' && isCompleteCode(code));

  return {
    checking,
    boxes,
    changeBoxes,
    phase,
    status,
    countdown: countdown.remaining,
    sending,
    resendNote,
    resend,
    problem,
    dismiss,
  };
};
