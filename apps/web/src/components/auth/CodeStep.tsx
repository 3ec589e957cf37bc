import { useCallback, useEffect, useId, useRef } from 'react';
import { useTranslation } from 'react-i18next';
import type { CodeApi } from '../../api/auth';
import { type StatusTone, useCodeVerification } from '../../hooks/use-code-verification';
import { cx } from '../../lib/class-names';
import { Banner } from '../Banner';
import { Spinner } from '../Spinner';
import { CodeInput, type CodeInputHandle } from './CodeInput';
import { ProblemBanner } from './ProblemBanner';
import { ResendCode } from './ResendCode';

interface CodeStepProps<T> {
  flowId: string;
  resendAfter: number;
  api: CodeApi<T>;
  /** After 'Code has been verified' and the 1.5 s wait: the server's answer (e.g. where to go). */
  onVerified: (answer: T) => void;
  /** The flow is gone (expired or unknown): back to the account step. */
  onRestart: () => void;
  /** A fresh code went out, with this countdown in seconds. */
  onResent?: (resendAfter: number) => void;
}

const toneClasses: Record<StatusTone, string> = {
  prompt: 'text-slate-600',
  error: 'font-medium text-red-700',
  success: 'font-medium text-business-700',
};

/** Spec §2, §4 code step: the boxes, the prompt under them with the verdict, and resend. */
export const CodeStep = <T,>({
  flowId,
  resendAfter,
  api,
  onVerified,
  onRestart,
  onResent,
}: CodeStepProps<T>) => {
  const { t } = useTranslation();
  const statusId = useId();
  const input = useRef<CodeInputHandle>(null);
  const resendButton = useRef<HTMLButtonElement>(null);
  const focusFirstBox = useCallback(() => input.current?.focus(0), []);
  const code = useCodeVerification({
    flowId,
    resendAfter,
    api,
    onVerified,
    onRestart,
    focusFirstBox,
    onResent,
  });
  const { phase, status } = code;
  const busy = phase === 'verifying';

  // The step is new: focus its first box. A used-up code leaves 'Resend code' as the way on.
  useEffect(focusFirstBox, [focusFirstBox]);
  useEffect(() => {
    if (phase === 'locked') resendButton.current?.focus();
  }, [phase]);

  return (
    <div className="flex flex-col gap-4">
      <CodeInput
        ref={input}
        boxes={code.boxes}
        onChange={code.changeBoxes}
        readOnly={phase !== 'entering' && phase !== 'held'}
        disabled={phase === 'locked'}
        tone={status.tone}
        describedBy={statusId}
      />
      <div className="flex min-h-6 items-center gap-2">
        {code.checking && <Spinner size="sm" />}
        <p
          id={statusId}
          aria-live="polite"
          data-testid="code-status"
          className={cx('text-sm', toneClasses[status.tone])}
        >
          {status.text}
        </p>
      </div>
      <ResendCode
        remaining={code.countdown}
        sending={code.sending}
        note={code.resendNote}
        disabled={busy || phase === 'verified'}
        onResend={code.resend}
        buttonRef={resendButton}
      />
      {phase === 'verified' && (
        // The status line above already announces it.
        <Banner variant="success" live={false}>
          {t('notice.codeVerified')}
        </Banner>
      )}
      <ProblemBanner problem={code.problem} onDismiss={code.dismiss} />
    </div>
  );
};
