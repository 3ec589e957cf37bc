import { type ApiError, apiErrorText, PASSKEY_NAME_MAX_LENGTH } from '@hub/core';
import { type ReactNode, useCallback, useEffect, useState } from 'react';
import {
  listPasskeys,
  type PasskeyListResponse,
  type PasskeyView,
  removePasskey,
  renamePasskey,
} from '../../../api/passkeys';
import { PasswordField } from '../../../components/auth/PasswordField';
import { ProblemBanner } from '../../../components/auth/ProblemBanner';
import { TextField } from '../../../components/auth/TextField';
import { Form } from '../../../components/Form';
import { Spinner } from '../../../components/Spinner';
import { useApiProblem } from '../../../hooks/use-api-problem';
import { useField } from '../../../hooks/use-field';
import { PRODUCT_NAME } from '../../../lib/brand';
import { passkeysSupported, registerPasskey } from '../../../lib/passkey';
import { useAccountWords } from '../account-words';

const buttonLook =
  'rounded-lg border border-slate-300 bg-white px-3 py-1.5 text-sm font-medium text-slate-800 hover:bg-slate-50 disabled:cursor-not-allowed disabled:opacity-60';
const primaryLook =
  'rounded-lg bg-accent-700 px-4 py-2 text-sm font-semibold text-white shadow-sm hover:bg-accent-800 disabled:cursor-not-allowed disabled:opacity-60';

type ListState =
  | { kind: 'loading' }
  | { kind: 'ready'; list: PasskeyListResponse }
  | { kind: 'failed'; error: ApiError };

/**
 * The account center's passkeys (docs/passkeys.md): the person's passkeys with when each was added
 * and last used, adding one under a name (this device's authenticator or a security key), renaming
 * and removing. Removing the last one asks for the password when the account has one. Failures go
 * to the problem banner, or under the field they concern.
 */
export const PasskeysSection = () => {
  const [state, setState] = useState<ListState>({ kind: 'loading' });
  const [round, setRound] = useState(0);
  const refresh = useCallback(() => setRound((n) => n + 1), []);
  const { problem, dismiss, show } = useApiProblem();
  const { t } = useAccountWords();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `round` is how `refresh` asks again.
  useEffect(() => {
    let current = true;
    void listPasskeys().then((result) => {
      if (!current) return;
      setState(result.ok ? { kind: 'ready', list: result.data } : { kind: 'failed', error: result.error });
    });
    return () => {
      current = false;
    };
  }, [round]);

  return (
    <section
      aria-labelledby="passkeys-heading"
      data-testid="passkeys-section"
      className="flex flex-col gap-4"
    >
      <div>
        <h3 id="passkeys-heading" className="text-base font-semibold text-slate-900">
          {t('account.passkeys.title')}
        </h3>
        <p className="mt-1 text-sm text-slate-600">
          {t('account.passkeys.description', { product: PRODUCT_NAME })}
        </p>
      </div>
      {state.kind === 'loading' && <Spinner label={t('account.passkeys.loading')} />}
      {state.kind === 'failed' && (
        <p role="alert" className="text-sm text-red-700">
          {apiErrorText(state.error)}{' '}
          <button type="button" className="underline" onClick={refresh}>
            {t('tryAgain')}
          </button>
        </p>
      )}
      {state.kind === 'ready' && (
        <>
          {state.list.passkeys.length === 0 ? (
            <p className="text-sm text-slate-600">{t('account.passkeys.none')}</p>
          ) : (
            <ul className="flex flex-col divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
              {state.list.passkeys.map((passkey) => (
                <PasskeyItem
                  key={passkey.id}
                  passkey={passkey}
                  needsPassword={state.list.removingLastNeedsPassword && state.list.passkeys.length === 1}
                  onChanged={refresh}
                  show={show}
                  dismiss={dismiss}
                />
              ))}
            </ul>
          )}
          <AddPasskey onAdded={refresh} show={show} dismiss={dismiss} />
        </>
      )}
      <ProblemBanner problem={problem} onDismiss={dismiss} />
    </section>
  );
};

type Show = ReturnType<typeof useApiProblem>['show'];

const AddPasskey = ({ onAdded, show, dismiss }: { onAdded: () => void; show: Show; dismiss: () => void }) => {
  const [supported] = useState(passkeysSupported);
  const name = useField('');
  const [busy, setBusy] = useState(false);
  const [added, setAdded] = useState<string | null>(null);
  const { t } = useAccountWords();

  if (!supported) {
    return <p className="text-sm text-slate-600">{t('account.passkeys.unsupported')}</p>;
  }
  const add = async () => {
    if (busy) return;
    dismiss();
    setAdded(null);
    const chosen = name.value.trim();
    if (chosen === '') {
      name.fail(t('account.passkeys.nameMissing'));
      return;
    }
    setBusy(true);
    const result = await registerPasskey(chosen);
    setBusy(false);
    if (result.ok) {
      name.reset();
      setAdded(result.data.name);
      onAdded();
      return;
    }
    if (!result.cancelled) show(result.error, { name: name.fail }, { retry: add });
  };
  return (
    <PasskeyNameForm
      label={t('account.passkeys.name')}
      placeholder={t('account.passkeys.placeholder')}
      name={name}
      onSubmit={add}
    >
      <button type="submit" className={primaryLook} aria-busy={busy || undefined} disabled={busy}>
        {busy ? t('account.passkeys.waiting') : t('account.passkeys.add')}
      </button>
      {added && (
        <p role="status" className="text-sm text-business-700 tablet:basis-full">
          {t('account.passkeys.added', { name: added })}
        </p>
      )}
    </PasskeyNameForm>
  );
};

/** A passkey's name in a form on one row (a new passkey's, a new name for one): the field, then `children`. */
const PasskeyNameForm = ({
  label,
  placeholder,
  name,
  onSubmit,
  children,
}: {
  label: string;
  placeholder?: string;
  name: ReturnType<typeof useField>;
  onSubmit: () => Promise<void>;
  children: ReactNode;
}) => (
  <Form className="flex flex-col gap-3 tablet:flex-row tablet:items-end" onSubmit={onSubmit}>
    <TextField
      className="flex-1"
      label={label}
      value={name.value}
      onChange={name.change}
      error={name.error}
      maxLength={PASSKEY_NAME_MAX_LENGTH}
      placeholder={placeholder}
      autoComplete="off"
    />
    {children}
  </Form>
);

const PasskeyItem = ({
  passkey,
  needsPassword,
  onChanged,
  show,
  dismiss,
}: {
  passkey: PasskeyView;
  needsPassword: boolean;
  onChanged: () => void;
  show: Show;
  dismiss: () => void;
}) => {
  const [mode, setMode] = useState<'view' | 'rename' | 'remove'>('view');
  const [busy, setBusy] = useState(false);
  const name = useField(passkey.name);
  const password = useField('');
  const { t, mediumDate } = useAccountWords();

  const rename = async () => {
    dismiss();
    if (name.value.trim() === '') {
      name.fail(t('account.passkeys.nameMissing'));
      return;
    }
    setBusy(true);
    const result = await renamePasskey(passkey.id, name.value);
    setBusy(false);
    if (result.ok) {
      setMode('view');
      onChanged();
    } else show(result.error, { name: name.fail }, { retry: rename });
  };
  const remove = async () => {
    dismiss();
    setBusy(true);
    const result = await removePasskey(passkey.id, needsPassword ? password.value : undefined);
    setBusy(false);
    if (result.ok) onChanged();
    else show(result.error, { password: password.fail }, { retry: remove });
  };

  return (
    <li className="flex flex-col gap-3 p-4" data-testid="passkey-item">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div>
          <p className="text-sm font-medium text-slate-900">
            {passkey.name}
            {passkey.synced && (
              <span className="ml-2 rounded-full bg-slate-100 px-2 py-0.5 text-xs text-slate-600">
                {t('account.passkeys.synced')}
              </span>
            )}
          </p>
          <p className="text-xs text-slate-500">
            {t('account.passkeys.addedOn', { date: mediumDate(passkey.createdAt) })} ·{' '}
            {passkey.lastUsedAt
              ? t('account.passkeys.lastUsed', { date: mediumDate(passkey.lastUsedAt) })
              : t('account.passkeys.notUsed')}
          </p>
        </div>
        {mode === 'view' && (
          <div className="flex flex-wrap gap-2">
            <button type="button" className={buttonLook} onClick={() => setMode('rename')}>
              {t('account.passkeys.rename')}
            </button>
            <button type="button" className={buttonLook} onClick={() => setMode('remove')}>
              {t('account.passkeys.remove')}
            </button>
          </div>
        )}
      </div>
      {mode === 'rename' && (
        <PasskeyNameForm label={t('account.passkeys.newName')} name={name} onSubmit={rename}>
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={primaryLook} disabled={busy}>
              {t('account.save')}
            </button>
            <button type="button" className={buttonLook} onClick={() => setMode('view')}>
              {t('account.cancel')}
            </button>
          </div>
        </PasskeyNameForm>
      )}
      {mode === 'remove' && (
        <Form className="flex flex-col gap-3" onSubmit={remove}>
          <p className="text-sm text-slate-700">
            {needsPassword
              ? t('account.passkeys.removeLast')
              : t('account.passkeys.removeConfirm', { name: passkey.name })}
          </p>
          {needsPassword && (
            <PasswordField
              label={t('password.label')}
              value={password.value}
              onChange={password.change}
              error={password.error}
              autoComplete="current-password"
            />
          )}
          <div className="flex flex-wrap gap-2">
            <button type="submit" className={primaryLook} disabled={busy}>
              {t('account.passkeys.removeButton')}
            </button>
            <button type="button" className={buttonLook} onClick={() => setMode('view')}>
              {t('account.cancel')}
            </button>
          </div>
        </Form>
      )}
    </li>
  );
};
