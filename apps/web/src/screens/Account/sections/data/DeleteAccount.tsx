import '../../texts';
import {
  ACCOUNT_DELETION_GRACE_DAYS,
  type ApiError,
  apiErrorText,
  DELETION_FRESH_SIGN_IN_MINUTES,
  type DeletionState,
  errorMessage,
} from '@hub/core';
import { type KeyboardEvent, type RefObject, useEffect, useId, useRef, useState } from 'react';
import { Trans } from 'react-i18next';
import type { MeDataApi } from '../../../../api/me-data';
import { PasswordField } from '../../../../components/auth/PasswordField';
import { Form } from '../../../../components/Form';
import { Spinner } from '../../../../components/Spinner';
import { useField } from '../../../../hooks/use-field';
import { useStableCallback } from '../../../../hooks/use-stable-callback';
import { cx } from '../../../../lib/class-names';
import { useAccountWords } from '../../account-words';
import { confirmDangerButton, dangerButton, secondaryButton } from '../list-parts';

/** The grace period in words ("seven days"), for the lengths it has had; any other in digits. */
const wordedDays = [3, 5, 7, 10, 14] as const;
const isWorded = (days: number): days is (typeof wordedDays)[number] =>
  (wordedDays as readonly number[]).includes(days);

/**
 * "Delete your account": what happens, said plainly before anything is asked, then a confirmation
 * step that asks for the password (or, for an account without one, relies on a recent sign-in,
 * which the server checks). The step takes the focus when it opens; Escape or Cancel closes it and
 * the focus goes back to the button that opened it.
 */
export const DeleteAccount = ({
  api,
  state,
  onScheduled,
  onRefused,
  onBlocked,
  onPendingElsewhere,
}: {
  api: MeDataApi;
  state: DeletionState;
  onScheduled: (state: DeletionState) => void;
  /** A refusal for the page's error banner, with what 'Try again' does. */
  onRefused: (error: ApiError, retry: () => void) => void;
  /** A refusal that trying again cannot fix (a sign-in too old): a banner without 'Try again'. */
  onBlocked: (message: string) => void;
  /** Another tab asked for the deletion meanwhile: the page reads the state again. */
  onPendingElsewhere: () => void;
}) => {
  const stepId = useId();
  const titleId = useId();
  const [open, setOpen] = useState(false);
  const [busy, setBusy] = useState(false);
  const password = useField();
  const passwordRef = useRef<HTMLInputElement>(null);
  const confirmRef = useRef<HTMLButtonElement>(null);
  const toggleRef = useRef<HTMLButtonElement>(null);
  const { hasPassword, dueAt } = state;
  const { t } = useAccountWords();

  // Opening puts the focus in the step; closing puts it back on "Delete account" (when it is there).
  const opened = useRef(false);
  useEffect(() => {
    if (open) (hasPassword ? passwordRef : confirmRef).current?.focus();
    else if (opened.current) toggleRef.current?.focus();
    opened.current = open;
  }, [open, hasPassword]);

  const close = () => {
    setOpen(false);
    password.reset();
  };

  const submit = useStableCallback(async () => {
    if (busy) return;
    if (hasPassword && password.value === '') {
      password.fail(errorMessage('password.required'));
      passwordRef.current?.focus();
      return;
    }
    setBusy(true);
    const result = await api.requestDeletion(hasPassword ? password.value : undefined);
    setBusy(false);
    if (result.ok) {
      close();
      onScheduled(result.data);
      return;
    }
    const { error } = result;
    if (error.field === 'password' && hasPassword) {
      password.fail(apiErrorText(error));
      passwordRef.current?.focus();
    } else if (error.code === 'account.fresh_sign_in_required') onBlocked(apiErrorText(error));
    else if (error.code === 'account.deletion_pending') {
      close();
      onPendingElsewhere();
    } else onRefused(error, submit);
  });

  const closeOnEscape = (event: KeyboardEvent) => {
    if (event.key !== 'Escape' || busy) return;
    event.preventDefault();
    close();
  };

  return (
    <>
      <DeletionExplained />
      {dueAt !== null ? (
        <p className="mt-4 text-sm font-medium text-slate-900">{t('account.delete.already')}</p>
      ) : !open ? (
        <button
          ref={toggleRef}
          type="button"
          onClick={() => setOpen(true)}
          aria-expanded={false}
          aria-controls={stepId}
          className={cx(dangerButton, 'mt-4')}
        >
          {t('account.delete.button')}
        </button>
      ) : (
        <Form
          id={stepId}
          aria-labelledby={titleId}
          onKeyDown={closeOnEscape}
          onSubmit={submit}
          data-testid="delete-confirm"
          className="mt-4 max-w-md rounded-lg bg-red-50 p-4 text-sm text-slate-800 ring-1 ring-red-600/20"
        >
          <p id={titleId} className="font-semibold text-slate-900">
            {t('account.delete.confirmTitle')}
          </p>
          <DeletionPasswordPrompt
            hasPassword={hasPassword}
            password={password}
            passwordRef={passwordRef}
            busy={busy}
          />
          <DeletionButtons busy={busy} confirmRef={confirmRef} onCancel={close} />
        </Form>
      )}
    </>
  );
};

/** What deleting does, said plainly before anything is asked. */
const DeletionExplained = () => {
  const { t } = useAccountWords();
  const grace = isWorded(ACCOUNT_DELETION_GRACE_DAYS)
    ? t(`account.days.${ACCOUNT_DELETION_GRACE_DAYS}`)
    : t('account.days', { count: ACCOUNT_DELETION_GRACE_DAYS });
  const term = <span className="font-medium text-slate-900" />;
  return (
    <div className="mt-1 space-y-3 text-sm text-slate-600">
      <p>{t('account.delete.intro', { grace })}</p>
      <ul className="list-disc space-y-1 pl-5">
        <li>
          <Trans ns="account" i18nKey="account.delete.erased" components={{ b: term }} />
        </li>
        <li>
          <Trans ns="account" i18nKey="account.delete.kept" components={{ b: term }} />
        </li>
      </ul>
      <p>{t('account.delete.partners')}</p>
    </div>
  );
};

/** The confirmation's password field, or for an account without one, the recent sign-in it relies on. */
const DeletionPasswordPrompt = ({
  hasPassword,
  password,
  passwordRef,
  busy,
}: {
  hasPassword: boolean;
  password: ReturnType<typeof useField>;
  passwordRef: RefObject<HTMLInputElement | null>;
  busy: boolean;
}) => {
  const { t } = useAccountWords();
  return hasPassword ? (
    <>
      <p className="mt-1">{t('account.delete.enterPassword')}</p>
      <PasswordField
        ref={passwordRef}
        className="mt-3"
        label={t('password.label')}
        name="password"
        autoComplete="current-password"
        required
        value={password.value}
        onChange={password.change}
        error={password.error}
        readOnly={busy}
      />
    </>
  ) : (
    <p className="mt-1">{t('account.delete.noPassword', { minutes: DELETION_FRESH_SIGN_IN_MINUTES })}</p>
  );
};

/** The confirmation's two buttons: delete (busy while it is asked) and cancel. */
const DeletionButtons = ({
  busy,
  confirmRef,
  onCancel,
}: {
  busy: boolean;
  confirmRef: RefObject<HTMLButtonElement | null>;
  onCancel: () => void;
}) => {
  const { t } = useAccountWords();
  return (
    <div className="mt-4 flex flex-wrap gap-2">
      <button ref={confirmRef} type="submit" aria-busy={busy || undefined} className={confirmDangerButton}>
        {busy && <Spinner size="sm" tone="inverse" />}
        {t('account.delete.button')}
      </button>
      <button type="button" onClick={onCancel} disabled={busy} className={secondaryButton}>
        {t('account.cancel')}
      </button>
    </div>
  );
};
