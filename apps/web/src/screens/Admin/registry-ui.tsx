import { type ApiError, apiErrorText } from '@hub/core';
import { type FormEvent, type InputHTMLAttributes, type ReactNode, useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';

/** What the console's Tools and Clients screens share: styles, the reason dialog, the secret shown once. */

export const button =
  'rounded-md border border-slate-300 bg-white px-3 py-2 text-sm font-medium text-slate-800 hover:bg-slate-50 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600';
export const primary =
  'rounded-md bg-blue-700 px-3 py-2 text-sm font-medium text-white hover:bg-blue-800 focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600 focus-visible:ring-offset-2';
export const input =
  'mt-1 w-full rounded-md border border-slate-300 px-3 py-2 text-sm focus:outline-none focus-visible:ring-2 focus-visible:ring-blue-600';
export const label = 'block text-sm text-slate-700';
/** A labelled text input of the console's forms; every other prop goes to the input. */
export const Field = ({
  label: text,
  ...props
}: { label: string } & InputHTMLAttributes<HTMLInputElement>) => (
  <label className={label}>
    {text}
    <input {...props} className={input} />
  </label>
);

export const checkbox =
  'h-4 w-4 rounded border-slate-400 text-blue-700 focus-visible:ring-2 focus-visible:ring-blue-600';

export const Panel = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="space-y-3 rounded-lg border border-slate-200 bg-white p-4">
    <h3 className="text-sm font-semibold uppercase tracking-wide text-slate-500">{title}</h3>
    {children}
  </section>
);

export const Check = ({
  name,
  checked,
  onChange,
  children,
}: {
  name: string;
  checked: boolean;
  onChange: (checked: boolean) => void;
  children: ReactNode;
}) => (
  <label className="flex items-start gap-2 text-sm text-slate-700">
    <input
      type="checkbox"
      name={name}
      checked={checked}
      onChange={(event) => onChange(event.target.checked)}
      className={`${checkbox} mt-0.5 shrink-0`}
    />
    <span>{children}</span>
  </label>
);

/** The reason every operator action asks for (an account's, a tool's, a client's): required, it goes into the audit row. */
export const ReasonDialog = ({
  heading,
  onConfirm,
  onCancel,
}: {
  heading: string;
  onConfirm: (reason: string) => void;
  onCancel: () => void;
}) => {
  const { t } = useTranslation('admin');
  const dialog = useRef<HTMLDialogElement>(null);
  const [reason, setReason] = useState('');
  useEffect(() => {
    dialog.current?.showModal?.();
  }, []);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (reason.trim()) onConfirm(reason.trim());
  };
  return (
    <dialog
      ref={dialog}
      onCancel={onCancel}
      aria-labelledby="admin-reason-title"
      className="w-[min(28rem,calc(100vw-2rem))] rounded-lg p-5 shadow-xl backdrop:bg-slate-900/40"
    >
      <form onSubmit={submit} className="space-y-3">
        <h2 id="admin-reason-title" className="break-words text-lg font-semibold text-slate-900">
          {heading}
        </h2>
        <label className={label}>
          {t('admin.reason.label')}
          <textarea
            name="reason"
            required
            maxLength={500}
            value={reason}
            onChange={(event) => setReason(event.target.value)}
            className={input}
            rows={3}
          />
        </label>
        <div className="flex justify-end gap-2">
          <button type="button" className={button} onClick={onCancel}>
            {t('admin.reason.cancel')}
          </button>
          <button type="submit" className={primary} disabled={!reason.trim()}>
            {t('admin.reason.confirm')}
          </button>
        </div>
      </form>
    </dialog>
  );
};

/** A secret the server answered once (a tool credential, a client secret): copy it, then it is gone. */
const SecretOnce = ({ title, secret, onDone }: { title: string; secret: string; onDone: () => void }) => {
  const { t } = useTranslation('admin');
  const [copied, setCopied] = useState(false);
  const copy = async () => {
    try {
      await navigator.clipboard.writeText(secret);
      setCopied(true);
    } catch {
      setCopied(false);
    }
  };
  return (
    <div
      role="alert"
      className="space-y-2 rounded-lg border border-amber-300 bg-amber-50 p-4"
      data-secret-once
    >
      <p className="font-semibold text-slate-900">{title}</p>
      <p className="text-sm text-slate-700">{t('admin.registry.shownOnce')}</p>
      <input
        readOnly
        aria-label={title}
        value={secret}
        onFocus={(event) => event.target.select()}
        className={`${input} font-mono`}
        data-secret-value
      />
      <div className="flex flex-wrap items-center gap-2">
        <button type="button" className={button} onClick={() => void copy()}>
          {t('admin.registry.copy')}
        </button>
        <button type="button" className={primary} onClick={onDone}>
          {t('admin.registry.dismiss')}
        </button>
        <span aria-live="polite" className="text-sm text-slate-600">
          {copied ? t('admin.registry.copied') : ''}
        </span>
      </div>
    </div>
  );
};

/** What a change answers: a failure's message, or a secret to show once, or nothing more to say. */
export type ChangeOutcome = { error: string } | { secret: string; title: string } | undefined;

/**
 * A screen's changes: `ask(title, run)` opens the reason dialog and runs the change with the
 * reason given; `view` is the dialog, the status line and a secret shown once.
 */
export const useReasonedChanges = (onChanged: () => void) => {
  const { t } = useTranslation('admin');
  const [pending, setPending] = useState<{
    title: string;
    run: (reason: string) => Promise<ChangeOutcome>;
  }>();
  const [message, setMessage] = useState<{ text: string; error: boolean }>();
  const [secret, setSecret] = useState<{ secret: string; title: string }>();
  const confirm = async (reason: string) => {
    const change = pending;
    setPending(undefined);
    if (!change) return;
    const outcome = await change.run(reason);
    if (outcome && 'error' in outcome) return setMessage({ text: outcome.error, error: true });
    setMessage({ text: t('admin.done'), error: false });
    if (outcome) setSecret(outcome);
    onChanged();
  };
  const view = (
    <>
      <p role="status" className={`min-h-5 text-sm ${message?.error ? 'text-red-700' : 'text-slate-700'}`}>
        {message?.text ?? ''}
      </p>
      {secret && <SecretOnce {...secret} onDone={() => setSecret(undefined)} />}
      {pending && (
        <ReasonDialog
          heading={t('admin.registry.reason', { what: pending.title })}
          onCancel={() => setPending(undefined)}
          onConfirm={(reason) => void confirm(reason)}
        />
      )}
    </>
  );
  return {
    ask: (title: string, run: (reason: string) => Promise<ChangeOutcome>) => {
      setMessage(undefined);
      setPending({ title, run });
    },
    view,
  };
};

/** The form labels of the API's field names, so a refusal names the field as the screen shows it. */
const FIELD_LABELS = {
  tid: 'admin.tools.tid',
  name: 'admin.tools.name',
  type: 'admin.tools.type',
  logo: 'admin.tools.logo',
  pathPrefix: 'admin.tools.pathPrefix',
  env: 'admin.tools.env',
  url: 'admin.tools.url',
  key: 'admin.tools.key',
  account: 'admin.tools.member',
  grace: 'admin.tools.grace',
  force: 'admin.tools.force',
  redirectUris: 'admin.clients.redirectUris',
  scopes: 'admin.clients.scopes',
  profile: 'admin.clients.profile',
} as const;

/** A failed call's message (in the reader's language, naming the field refused) as a change outcome. */
export const useOutcomeOf = () => {
  const { t } = useTranslation('admin');
  return <T,>(
    res: { ok: true; data: T } | { ok: false; error: ApiError },
    secretOf?: (data: T) => { secret: string; title: string } | undefined,
  ): ChangeOutcome => {
    if (res.ok) return secretOf?.(res.data);
    const name = res.error.field;
    const field =
      name && Object.hasOwn(FIELD_LABELS, name) ? FIELD_LABELS[name as keyof typeof FIELD_LABELS] : undefined;
    return { error: field ? `${apiErrorText(res.error)} (${t(field)})` : apiErrorText(res.error) };
  };
};
