import {
  ACCOUNT_DELETION_GRACE_DAYS,
  type ApiError,
  apiErrorText,
  DELETION_FRESH_SIGN_IN_MINUTES,
  type DeletionState,
  errorMessage,
} from '@hub/core';
import { type KeyboardEvent, useEffect, useId, useRef, useState } from 'react';
import type { MeDataApi } from '../../../../api/me-data';
import { PasswordField } from '../../../../components/auth/PasswordField';
import { Spinner } from '../../../../components/Spinner';
import { useField } from '../../../../hooks/use-field';
import { useStableCallback } from '../../../../hooks/use-stable-callback';
import { cx } from '../../../../lib/class-names';
import { confirmDangerButton, dangerButton, secondaryButton } from '../list-parts';

const numberWords: Record<number, string> = { 3: 'three', 5: 'five', 7: 'seven', 10: 'ten', 14: 'fourteen' };
const graceWords = `${numberWords[ACCOUNT_DELETION_GRACE_DAYS] ?? ACCOUNT_DELETION_GRACE_DAYS} days`;

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
      <div className="mt-1 space-y-3 text-sm text-slate-600">
        <p>
          Your account is deleted {graceWords} after you ask. Your other devices are signed out right away;
          this one stays signed in. If you sign in again before then, the deletion is cancelled.
        </p>
        <ul className="list-disc space-y-1 pl-5">
          <li>
            <span className="font-medium text-slate-900">What is erased:</span> your profile, platforms,
            linked accounts, tools, sessions, linked Google or Facebook accounts, second factors and passkeys.
          </li>
          <li>
            <span className="font-medium text-slate-900">What we keep:</span> the records of your past
            sign-ins, for security and legal reasons, until their retention period ends. Your account is
            replaced in them by a pseudonym, and their IP addresses are removed.
          </li>
        </ul>
        <p>Partner tools keep what they already received from us; ask each tool to delete it.</p>
      </div>
      {dueAt !== null ? (
        <p className="mt-4 text-sm font-medium text-slate-900">
          Your account is already scheduled for deletion.
        </p>
      ) : !open ? (
        <button
          ref={toggleRef}
          type="button"
          onClick={() => setOpen(true)}
          aria-expanded={false}
          aria-controls={stepId}
          className={cx(dangerButton, 'mt-4')}
        >
          Delete account
        </button>
      ) : (
        <form
          id={stepId}
          aria-labelledby={titleId}
          noValidate
          onKeyDown={closeOnEscape}
          onSubmit={(event) => {
            event.preventDefault();
            submit();
          }}
          data-testid="delete-confirm"
          className="mt-4 max-w-md rounded-lg bg-red-50 p-4 text-sm text-slate-800 ring-1 ring-red-600/20"
        >
          <p id={titleId} className="font-semibold text-slate-900">
            Delete your account?
          </p>
          {hasPassword ? (
            <>
              <p className="mt-1">Enter your password to confirm.</p>
              <PasswordField
                ref={passwordRef}
                className="mt-3"
                label="Password"
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
            <p className="mt-1">
              Your account has no password, so a sign-in in the last {DELETION_FRESH_SIGN_IN_MINUTES} minutes
              confirms it is you. If you signed in longer ago, log out and sign in again first.
            </p>
          )}
          <div className="mt-4 flex flex-wrap gap-2">
            <button
              ref={confirmRef}
              type="submit"
              aria-busy={busy || undefined}
              className={confirmDangerButton}
            >
              {busy && <Spinner size="sm" tone="inverse" />}
              Delete account
            </button>
            <button type="button" onClick={close} disabled={busy} className={secondaryButton}>
              Cancel
            </button>
          </div>
        </form>
      )}
    </>
  );
};
