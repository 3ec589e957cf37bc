import type { TotpStart } from '@hub/core';
import { useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { confirmSecondFactorEnrolment, startSecondFactorEnrolment } from '../../api/second-factor';
import { useApiProblem } from '../../hooks/use-api-problem';
import { useStableCallback } from '../../hooks/use-stable-callback';
import { AuthenticatorSetup, useAuthenticatorCode } from './AuthenticatorSetup';
import { ProblemBanner } from './ProblemBanner';
import { RecoveryCodeList, SecondFactorForm, SecondFactorLoading } from './SecondFactorParts';
import { SubmitButton } from './SubmitButton';

interface SecondFactorEnrolmentProps {
  flowId: string;
  onVerified: (location: string) => void;
  onRestart: () => void;
}

/**
 * A sign-in the operator requires a second factor for, of an account that has none
 * (docs/second-factors.md, "Policy"): the authenticator app's QR code and key, its first code, then
 * the recovery codes, shown once, before the browser leaves.
 */
export const SecondFactorEnrolment = ({ flowId, onVerified, onRestart }: SecondFactorEnrolmentProps) => {
  const { t } = useTranslation();
  const [started, setStarted] = useState<TotpStart | null>(null);
  const [done, setDone] = useState<{ location: string; codes: string[] } | null>(null);
  const { problem, dismiss, show } = useApiProblem();
  const promptId = useId();
  const code = useAuthenticatorCode({
    confirm: (typed) => confirmSecondFactorEnrolment(flowId, typed),
    onConfirmed: ({ location, recoveryCodes = [] }) => {
      if (recoveryCodes.length > 0) setDone({ location, codes: recoveryCodes });
      else onVerified(location);
    },
    show,
    dismiss,
    onRestart,
    locked: done !== null,
  });
  const { inputRef, busy } = code;

  const start = useStableCallback(async () => {
    const result = await startSecondFactorEnrolment(flowId);
    if (result.ok) setStarted(result.data);
    else show(result.error, {}, { retry: start, restart: onRestart });
  });
  useEffect(() => {
    void start();
  }, [start]);
  useEffect(() => {
    if (started) inputRef.current?.focus(0);
  }, [started, inputRef]);

  if (done) {
    return (
      <div className="flex flex-col gap-5" data-step="second-factor-codes">
        <div>
          <h2 className="text-base font-semibold text-slate-900">{t('secondFactor.recoveryCodesTitle')}</h2>
          <p className="mt-1 text-sm text-slate-600">{t('secondFactor.recoveryCodesPrompt')}</p>
        </div>
        <RecoveryCodeList codes={done.codes} />
        <button
          type="button"
          onClick={() => onVerified(done.location)}
          className="w-full rounded-lg bg-accent-700 px-4 py-2.5 text-sm font-semibold text-white shadow-sm hover:bg-accent-800"
        >
          {t('secondFactor.savedCodes')}
        </button>
      </div>
    );
  }

  if (!started) {
    return <SecondFactorLoading problem={problem} onDismiss={dismiss} />;
  }

  return (
    <div className="flex flex-col gap-6" data-step="second-factor-enrol">
      <SecondFactorForm
        promptId={promptId}
        title={t('secondFactor.enrolTitle')}
        prompt={t('secondFactor.enrolPrompt')}
        onSubmit={code.submit}
      >
        <AuthenticatorSetup
          started={started}
          code={code}
          qrAlt={t('secondFactor.qrAlt')}
          secretLabel={t('secondFactor.secretLabel')}
          layout="compact"
          promptId={promptId}
        />
        <SubmitButton label={busy ? t('redirecting') : t('secondFactor.submit')} busy={busy} />
      </SecondFactorForm>
      <button
        type="button"
        onClick={onRestart}
        disabled={busy}
        className="self-start text-sm font-medium text-slate-600 underline-offset-2 hover:underline disabled:opacity-50"
      >
        {t('secondFactor.cancel')}
      </button>
      <ProblemBanner problem={problem} onDismiss={dismiss} />
    </div>
  );
};
