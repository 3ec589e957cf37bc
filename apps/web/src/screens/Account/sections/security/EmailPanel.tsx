import '../../texts';
import { type ChangeEmailStarted, CODE_TTL_SECONDS, errorMessage } from '@hub/core';
import { useEffect, useId, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import { emailChangeCodeApi, meSecurityApi } from '../../../../api/me-security';
import { CodeStep } from '../../../../components/auth/CodeStep';
import { ProblemBanner } from '../../../../components/auth/ProblemBanner';
import { TextField } from '../../../../components/auth/TextField';
import { useApiProblem } from '../../../../hooks/use-api-problem';
import { useField } from '../../../../hooks/use-field';
import { useStableCallback } from '../../../../hooks/use-stable-callback';
import { useAccountWords } from '../../account-words';
import {
  CurrentPasswordField,
  PanelButton,
  PanelForm,
  SecurityPanel,
  type SecurityPanelProps,
} from './panel';

type Step = { kind: 'closed' } | { kind: 'address' } | { kind: 'code'; started: ChangeEmailStarted };

/**
 * Change the email in two steps: the new address (and the current password, when the account has
 * one), then the 6-digit code mailed to it, with resend. The current address keeps signing in
 * until the code is verified; a notice then goes to it.
 */
export const EmailPanel = ({ overview, changed, notify }: SecurityPanelProps) => {
  const formId = useId();
  const [step, setStep] = useState<Step>({ kind: 'closed' });
  const [busy, setBusy] = useState(false);
  const address = useField();
  const password = useField();
  const addressRef = useRef<HTMLInputElement>(null);
  const passwordRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { problem, dismiss, show } = useApiProblem();
  const { t } = useAccountWords();
  const { email, hasPassword } = overview;

  const opened = useRef(false);
  useEffect(() => {
    if (step.kind === 'address') addressRef.current?.focus();
    else if (step.kind === 'closed' && opened.current) toggleRef.current?.focus();
    opened.current = step.kind !== 'closed';
  }, [step.kind]);

  const close = () => {
    setStep({ kind: 'closed' });
    address.reset();
    password.reset();
    dismiss();
  };

  const submit = useStableCallback(async () => {
    if (busy) return;
    dismiss();
    if (address.value.trim() === '') {
      address.fail(errorMessage('email.required'));
      addressRef.current?.focus();
      return;
    }
    if (hasPassword && password.value === '') {
      password.fail(errorMessage('password.required'));
      passwordRef.current?.focus();
      return;
    }
    setBusy(true);
    const result = await meSecurityApi.startEmailChange({
      newEmail: address.value,
      ...(hasPassword ? { password: password.value } : {}),
    });
    setBusy(false);
    if (result.ok) {
      password.reset();
      setStep({ kind: 'code', started: result.data });
      return;
    }
    const field = show(result.error, { newEmail: address.fail, password: password.fail }, { retry: submit });
    if (field === 'newEmail') addressRef.current?.focus();
    else if (field === 'password') passwordRef.current?.focus();
  });

  return (
    <SecurityPanel
      overlay={<ProblemBanner problem={problem} onDismiss={dismiss} />}
      testId="email"
      title={t('account.email.title')}
      summary={<EmailSummary email={email} />}
      action={
        step.kind === 'closed' && (
          <PanelButton
            buttonRef={toggleRef}
            onClick={() => setStep({ kind: 'address' })}
            expanded={false}
            controls={formId}
          >
            {email ? t('account.email.change') : t('account.email.add')}
          </PanelButton>
        )
      }
    >
      {step.kind === 'address' && (
        <PanelForm
          id={formId}
          onSubmit={submit}
          onCancel={close}
          submitLabel={t('account.email.sendCode')}
          busy={busy}
        >
          <TextField
            ref={addressRef}
            label={t('account.email.new')}
            name="new-email"
            type="email"
            inputMode="email"
            autoComplete="email"
            autoCapitalize="none"
            spellCheck={false}
            required
            value={address.value}
            onChange={address.change}
            error={address.error}
            readOnly={busy}
          />
          {hasPassword && <CurrentPasswordField field={password} inputRef={passwordRef} busy={busy} />}
          <p className="text-sm text-slate-600">{t('account.email.willSend')}</p>
        </PanelForm>
      )}
      {step.kind === 'code' && (
        <EmailCodeStep
          formId={formId}
          started={step.started}
          onVerified={(answer) => {
            close();
            notify(t('account.email.changed', { email: answer.email }));
            changed();
          }}
          onRestart={() => setStep({ kind: 'address' })}
          onCancel={close}
        />
      )}
    </SecurityPanel>
  );
};

/** The account's email (or that it has none). */
const EmailSummary = ({ email }: { email: string | null }) => {
  const { t } = useAccountWords();
  return email ? (
    <p>
      <span className="font-medium break-words text-slate-900">{email}</span>
      <span className="block">{t('account.email.here')}</span>
    </p>
  ) : (
    <p>{t('account.email.none')}</p>
  );
};

/** The second step: the 6-digit code mailed to the new address, with resend and cancel. */
const EmailCodeStep = ({
  formId,
  started,
  onVerified,
  onRestart,
  onCancel,
}: {
  formId: string;
  started: ChangeEmailStarted;
  onVerified: (answer: { email: string }) => void;
  onRestart: () => void;
  onCancel: () => void;
}) => {
  const { t } = useAccountWords();
  return (
    <div id={formId} className="flex max-w-md flex-col gap-4">
      <p className="text-sm text-slate-700">
        {/* The address is the element's own child, never parsed as part of the translation. */}
        <Trans
          ns="account"
          i18nKey="account.email.enterCode"
          values={{ minutes: CODE_TTL_SECONDS / 60 }}
          components={{
            email: <span className="font-medium break-words text-slate-900">{started.email}</span>,
          }}
        />
      </p>
      <CodeStep
        flowId={started.flowId}
        resendAfter={started.resendAfter}
        api={emailChangeCodeApi}
        onVerified={onVerified}
        onRestart={onRestart}
      />
      <div>
        <PanelButton onClick={onCancel}>{t('account.cancel')}</PanelButton>
      </div>
    </div>
  );
};
