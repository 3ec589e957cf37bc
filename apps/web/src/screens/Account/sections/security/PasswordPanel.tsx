import { errorMessage, isPasswordAccepted, scorePassword } from '@hub/core';
import { type RefObject, useEffect, useId, useRef, useState } from 'react';
import { meSecurityApi } from '../../../../api/me-security';
import { PasswordField } from '../../../../components/auth/PasswordField';
import { PasswordHints } from '../../../../components/auth/PasswordHints';
import { ProblemBanner } from '../../../../components/auth/ProblemBanner';
import { StrengthMeter } from '../../../../components/auth/StrengthMeter';
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

/**
 * Change the password: the current one, the new one with sign-up's hints and strength meter (only
 * a full-strength password is sent), and whether to sign out of the other devices. An account
 * made by Google or Facebook has no password yet: it sets one here, without a current one.
 */
export const PasswordPanel = ({ overview, changed, notify }: SecurityPanelProps) => {
  const formId = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const [endOthers, setEndOthers] = useState(false);
  const [ended, setEnded] = useState<number | null>(null);
  const current = useField();
  const next = useField();
  const currentRef = useRef<HTMLInputElement>(null);
  const nextRef = useRef<HTMLInputElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { problem, dismiss, show } = useApiProblem();
  const { t } = useAccountWords();
  const { hasPassword } = overview;

  // Opening puts focus in the first field; closing puts it back on the button that opened the form.
  const opened = useRef(false);
  useEffect(() => {
    if (open) (hasPassword ? currentRef : nextRef).current?.focus();
    else if (opened.current) toggleRef.current?.focus();
    opened.current = open;
  }, [open, hasPassword]);

  const close = () => {
    setOpen(false);
    current.reset();
    next.reset();
    setEndOthers(false);
    dismiss();
  };

  const submit = useStableCallback(async () => {
    if (busy) return;
    dismiss();
    if (hasPassword && current.value === '') {
      current.fail(errorMessage('password.required'));
      currentRef.current?.focus();
      return;
    }
    if (!isPasswordAccepted(next.value)) {
      next.fail(errorMessage(next.value === '' ? 'password.required' : 'password.too_weak'));
      nextRef.current?.focus();
      return;
    }
    setBusy(true);
    const result = await meSecurityApi.changePassword({
      ...(hasPassword ? { currentPassword: current.value } : {}),
      newPassword: next.value,
      endOtherSessions: endOthers,
    });
    setBusy(false);
    if (result.ok) {
      setEnded(endOthers ? result.data.otherSessionsEnded : null);
      close();
      notify(t('notice.passwordUpdated'));
      changed();
      return;
    }
    const field = show(
      result.error,
      { currentPassword: current.fail, newPassword: next.fail },
      { retry: submit },
    );
    if (field === 'currentPassword') currentRef.current?.focus();
    else if (field === 'newPassword') nextRef.current?.focus();
  });

  return (
    <SecurityPanel
      overlay={<ProblemBanner problem={problem} onDismiss={dismiss} />}
      testId="password"
      title={t('account.password.title')}
      summary={<PasswordSummary overview={overview} ended={ended} />}
      action={
        !open && (
          <PanelButton buttonRef={toggleRef} onClick={() => setOpen(true)} expanded={false} controls={formId}>
            {hasPassword ? t('account.password.change') : t('account.password.set')}
          </PanelButton>
        )
      }
    >
      {open && (
        <PanelForm
          id={formId}
          onSubmit={submit}
          onCancel={close}
          submitLabel={hasPassword ? t('account.password.change') : t('account.password.set')}
          busy={busy}
        >
          {hasPassword && <CurrentPasswordField field={current} inputRef={currentRef} busy={busy} />}
          <NewPasswordFields
            next={next}
            nextRef={nextRef}
            busy={busy}
            endOthers={endOthers}
            onEndOthers={setEndOthers}
          />
        </PanelForm>
      )}
    </SecurityPanel>
  );
};

/** When the password last changed (or that there is none), and how many other devices were signed out. */
const PasswordSummary = ({
  overview,
  ended,
}: {
  overview: SecurityPanelProps['overview'];
  ended: number | null;
}) => {
  const { t, shortDate } = useAccountWords();
  const { hasPassword } = overview;
  const summary = hasPassword ? (
    <p>
      {overview.passwordChangedAt
        ? t('account.password.lastChanged', { date: shortDate(overview.passwordChangedAt) })
        : t('account.password.hasOne')}
    </p>
  ) : (
    <p>{t('account.password.none')}</p>
  );

  return (
    <>
      {summary}
      {ended !== null && (
        <p role="status" className="mt-1 text-business-700">
          {ended === 0 ? t('account.password.noOthers') : t('account.password.othersEnded', { count: ended })}
        </p>
      )}
    </>
  );
};

/** The new password with sign-up's hints and strength meter, and whether to end the other sessions. */
const NewPasswordFields = ({
  next,
  nextRef,
  busy,
  endOthers,
  onEndOthers,
}: {
  next: ReturnType<typeof useField>;
  nextRef: RefObject<HTMLInputElement | null>;
  busy: boolean;
  endOthers: boolean;
  onEndOthers: (end: boolean) => void;
}) => {
  const hintsId = useId();
  const { t } = useAccountWords();
  const { score } = scorePassword(next.value);
  return (
    <>
      <PasswordField
        ref={nextRef}
        label={t('password.new')}
        name="new-password"
        autoComplete="new-password"
        required
        value={next.value}
        onChange={next.change}
        error={next.error}
        describedBy={hintsId}
        readOnly={busy}
      />
      <PasswordHints id={hintsId} password={next.value} />
      <StrengthMeter score={score} />
      <label className="flex items-start gap-3 text-sm text-slate-800">
        <input
          type="checkbox"
          checked={endOthers}
          onChange={(event) => onEndOthers(event.target.checked)}
          className="mt-0.5 size-4 shrink-0 rounded border-slate-400 accent-accent-700"
        />
        <span>
          {t('account.password.endOthers')}
          <span className="block text-slate-600">{t('account.password.thisStays')}</span>
        </span>
      </label>
    </>
  );
};
