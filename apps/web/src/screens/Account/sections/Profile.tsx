import {
  checkPersonName,
  errorMessage,
  type MeProfile,
  type MeSummary,
  type NameField,
  type PersonName,
  PROFILE_NAME_MAX_LENGTH,
  PROFILE_SUFFIX_MAX_LENGTH,
  platformProductNames,
} from '@hub/core';
import { type FormEvent, type ReactNode, useCallback, useEffect, useId, useRef, useState } from 'react';
import type { ApiResult } from '../../../api/client';
import { meShellApi } from '../../../api/me-shell';
import { ProblemBanner } from '../../../components/auth/ProblemBanner';
import { SubmitButton } from '../../../components/auth/SubmitButton';
import { TextField } from '../../../components/auth/TextField';
import { Banner } from '../../../components/Banner';
import { useApiProblem } from '../../../hooks/use-api-problem';
import { meStore } from '../../../hooks/use-me';
import { accountTypeWords, fullName, identifierLabel, useAccountWords } from '../account-words';
import { SectionStatus } from '../SectionStatus';

type ProfileState =
  | { kind: 'loading' }
  | { kind: 'ready'; profile: MeProfile }
  | { kind: 'failed'; result: ApiResult<MeProfile> };

/** The account center's Profile page: name (editable), identifiers, account type and platforms. */
export const ProfileSection = ({ me }: { me: MeSummary; refresh: () => void }) => {
  const [state, setState] = useState<ProfileState>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [saved, setSaved] = useState(false);
  const { t } = useAccountWords();

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how 'Try again' asks again.
  useEffect(() => {
    const controller = new AbortController();
    meShellApi.profile({ signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok) setState({ kind: 'ready', profile: result.data });
      else if (result.error.code === 'session.required') meStore.signedOut();
      else setState({ kind: 'failed', result });
    });
    return () => controller.abort();
  }, [attempt]);
  const retry = useCallback(() => {
    setState({ kind: 'loading' });
    setAttempt((n) => n + 1);
  }, []);

  if (state.kind !== 'ready')
    return (
      <SectionStatus
        error={state.kind === 'failed' && !state.result.ok ? state.result.error : undefined}
        retry={retry}
      />
    );

  const { profile } = state;
  const onSaved = (name: PersonName) => {
    setState({ kind: 'ready', profile: { ...profile, name } });
    meStore.renamed(name);
    setSaved(true);
  };
  return (
    <div className="divide-y divide-slate-100">
      {saved && (
        <Banner variant="success" onDismiss={() => setSaved(false)}>
          {t('account.profile.saved')}
        </Banner>
      )}
      <NameBlock name={profile.name} onSaved={onSaved} onEditing={() => setSaved(false)} />
      <Block title={t('account.profile.howYouSignIn')}>
        <dl className="grid gap-3 tablet:grid-cols-[10rem_1fr]">
          {profile.identifiers.map((id) => (
            <div key={id.kind} className="contents">
              <dt className="text-sm text-slate-600">{identifierLabel(t, id.kind)}</dt>
              <dd className="min-w-0 break-words text-sm font-medium text-slate-900">{id.display}</dd>
            </div>
          ))}
        </dl>
      </Block>
      <Block title={t('account.profile.accountType')}>
        <p className="text-sm font-medium text-slate-900">{accountTypeWords(t, me.userType)}</p>
      </Block>
      <Block title={t('account.platforms')}>
        <ul className="flex flex-wrap gap-2">
          {me.platforms.map((platform) => (
            <li
              key={platform}
              className="inline-flex items-center gap-2 rounded-full bg-slate-100 px-3 py-1.5 text-sm font-medium text-slate-800"
            >
              {platformProductNames[platform]}
              {platform === me.homePlatform && (
                <span className="rounded-full bg-accent-700 px-2 py-0.5 text-xs font-semibold text-white">
                  {t('account.home')}
                </span>
              )}
            </li>
          ))}
        </ul>
      </Block>
    </div>
  );
};

const Block = ({ title, children, action }: { title: string; children: ReactNode; action?: ReactNode }) => {
  const id = useId();
  return (
    <section aria-labelledby={id} className="py-5 first:pt-0 last:pb-0">
      <div className="mb-3 flex items-center justify-between gap-3">
        <h3 id={id} className="text-sm font-semibold text-slate-900">
          {title}
        </h3>
        {action}
      </div>
      {children}
    </section>
  );
};

const emptyFields = { first: '', middle: '', last: '', suffix: '' };
const nameFields: readonly NameField[] = ['first', 'middle', 'last', 'suffix'];

/** The name, with 'Edit name' opening the form in place (POST /api/me/profile). */
const NameBlock = ({
  name,
  onSaved,
  onEditing,
}: {
  name: PersonName | null;
  onSaved: (name: PersonName) => void;
  onEditing: () => void;
}) => {
  const [editing, setEditing] = useState(false);
  const { t } = useAccountWords();
  const editRef = useRef<HTMLButtonElement>(null);
  const close = () => {
    setEditing(false);
    // Focus goes back where the person was: the button that opened the form.
    requestAnimationFrame(() => editRef.current?.focus());
  };
  return (
    <Block
      title={t('account.profile.name')}
      action={
        !editing && (
          <button
            ref={editRef}
            type="button"
            onClick={() => {
              onEditing();
              setEditing(true);
            }}
            className="rounded-lg px-3 py-1.5 text-sm font-semibold text-accent-700 ring-1 ring-accent-200 hover:bg-accent-50"
          >
            {name ? t('account.profile.editName') : t('account.profile.addName')}
          </button>
        )
      }
    >
      {editing ? (
        <NameForm
          name={name}
          onCancel={close}
          onSaved={(saved) => {
            onSaved(saved);
            close();
          }}
        />
      ) : (
        <p data-testid="profile-name" className="text-sm font-medium text-slate-900">
          {name ? (
            fullName(name)
          ) : (
            <span className="font-normal text-slate-600">{t('account.profile.noName')}</span>
          )}
        </p>
      )}
    </Block>
  );
};

const NameForm = ({
  name,
  onCancel,
  onSaved,
}: {
  name: PersonName | null;
  onCancel: () => void;
  onSaved: (name: PersonName) => void;
}) => {
  const [fields, setFields] = useState<Record<NameField, string>>(
    name
      ? { first: name.first, middle: name.middle ?? '', last: name.last, suffix: name.suffix ?? '' }
      : emptyFields,
  );
  const [errors, setErrors] = useState<Partial<Record<NameField, string>>>({});
  const [busy, setBusy] = useState(false);
  const { problem, dismiss, show } = useApiProblem();
  const { t } = useAccountWords();
  const firstRef = useRef<HTMLInputElement>(null);
  useEffect(() => firstRef.current?.focus(), []);

  const submit = async (event?: FormEvent) => {
    event?.preventDefault();
    if (busy) return;
    const checked = checkPersonName(fields);
    if (!checked.ok) {
      setErrors({ [checked.field]: errorMessage(checked.code) });
      return;
    }
    setBusy(true);
    dismiss();
    const result = await meShellApi.changeName(fields);
    setBusy(false);
    if (result.ok) {
      onSaved(result.data.name);
      return;
    }
    if (result.error.code === 'session.required') {
      meStore.signedOut();
      return;
    }
    const setters = Object.fromEntries(
      nameFields.map((field) => [field, (message: string) => setErrors({ [field]: message })]),
    ) as Record<NameField, (message: string) => void>;
    show(result.error, setters, { retry: () => void submit() });
  };

  return (
    <form onSubmit={submit} noValidate className="grid gap-4 tablet:grid-cols-2">
      {nameFields.map((field) => (
        <TextField
          key={field}
          ref={field === 'first' ? firstRef : undefined}
          label={t(`account.name.${field}`)}
          value={fields[field]}
          required={field === 'first' || field === 'last'}
          autoComplete={
            {
              first: 'given-name',
              middle: 'additional-name',
              last: 'family-name',
              suffix: 'honorific-suffix',
            }[field]
          }
          maxLength={field === 'suffix' ? PROFILE_SUFFIX_MAX_LENGTH : PROFILE_NAME_MAX_LENGTH}
          error={errors[field]}
          onChange={(value) => {
            setFields((current) => ({ ...current, [field]: value }));
            setErrors((current) => ({ ...current, [field]: undefined }));
          }}
        />
      ))}
      <div className="flex flex-col-reverse gap-3 tablet:col-span-2 tablet:flex-row tablet:justify-end">
        <button
          type="button"
          onClick={onCancel}
          className="rounded-lg px-4 py-2.5 text-sm font-semibold text-slate-700 ring-1 ring-slate-300 hover:bg-slate-50"
        >
          {t('account.cancel')}
        </button>
        <div className="tablet:w-40">
          <SubmitButton label={t('account.save')} busy={busy} />
        </div>
      </div>
      <ProblemBanner problem={problem} onDismiss={dismiss} />
    </form>
  );
};
