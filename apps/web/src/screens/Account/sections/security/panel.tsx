import '../../texts';
import type { MeSummary, SecurityOverview } from '@hub/core';
import { Children, type ReactNode, type Ref, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { PasswordField } from '../../../../components/auth/PasswordField';
import { SubmitButton } from '../../../../components/auth/SubmitButton';
import { Form } from '../../../../components/Form';
import type { useField } from '../../../../hooks/use-field';

type Field = ReturnType<typeof useField>;

/** What every panel of the "Sign-in & security" page gets. */
export interface SecurityPanelProps {
  me: MeSummary;
  overview: SecurityOverview;
  /** After a change: the new overview when the answer carried it, else read it again (and the header's summary). */
  changed: (next?: SecurityOverview) => void;
  /** Confirms a change with the green top-centre banner. */
  notify: (message: string) => void;
}

/** One panel of the page: a titled block with its summary, an action beside it, and its form below. */
export const SecurityPanel = ({
  title,
  summary,
  action,
  children,
  overlay,
  testId,
}: {
  title: string;
  summary: ReactNode;
  action?: ReactNode;
  /** The panel's form or list, under its summary. */
  children?: ReactNode;
  /** What floats over the page (the error banner), outside the panel's flow. */
  overlay?: ReactNode;
  testId: string;
}) => {
  const headingId = useId();
  return (
    <section aria-labelledby={headingId} data-panel={testId} className="py-6 first:pt-0 last:pb-0">
      <div className="flex flex-wrap items-start justify-between gap-x-4 gap-y-3">
        <div className="min-w-0 flex-1 basis-56">
          <h3 id={headingId} className="text-base font-semibold text-slate-900">
            {title}
          </h3>
          <div className="mt-1 text-sm text-slate-600">{summary}</div>
        </div>
        {/* Capped at the panel's width, so a long label wraps on a narrow phone instead of overflowing. */}
        {action && <div className="max-w-full shrink-0">{action}</div>}
      </div>
      {Children.toArray(children).length > 0 && <div className="mt-5">{children}</div>}
      {overlay}
    </section>
  );
};

/** The quiet button of a panel ('Change password', 'Cancel', 'Unlink'). */
export const PanelButton = ({
  children,
  onClick,
  expanded,
  controls,
  tone = 'default',
  disabled = false,
  buttonRef,
}: {
  buttonRef?: Ref<HTMLButtonElement>;
  children: ReactNode;
  onClick: () => void;
  expanded?: boolean;
  controls?: string;
  tone?: 'default' | 'danger';
  disabled?: boolean;
}) => (
  <button
    ref={buttonRef}
    type="button"
    onClick={onClick}
    aria-expanded={expanded}
    aria-controls={controls}
    disabled={disabled}
    className={
      tone === 'danger'
        ? 'rounded-lg border border-red-200 bg-white px-3.5 py-2 text-sm font-semibold text-red-700 shadow-xs hover:bg-red-50 disabled:cursor-progress disabled:opacity-60'
        : 'rounded-lg border border-slate-300 bg-white px-3.5 py-2 text-sm font-semibold text-slate-800 shadow-xs hover:bg-slate-50 disabled:cursor-progress disabled:opacity-60'
    }
  >
    {children}
  </button>
);

/** A panel form's last row: Cancel, then the form's own button (under it on a phone). */
export const PanelFormActions = ({
  onCancel,
  cancelDisabled = false,
  submitLabel,
  busy,
}: {
  onCancel: () => void;
  cancelDisabled?: boolean;
  submitLabel: string;
  busy: boolean;
}) => {
  const { t } = useTranslation('account');
  return (
    <div className="flex flex-col-reverse gap-3 tablet:flex-row tablet:items-center">
      <PanelButton onClick={onCancel} disabled={cancelDisabled}>
        {t('account.cancel')}
      </PanelButton>
      <div className="tablet:min-w-48">
        <SubmitButton label={submitLabel} busy={busy} />
      </div>
    </div>
  );
};

/** A panel's form under its summary: its fields, then Cancel and its button. */
export const PanelForm = ({
  id,
  onSubmit,
  onCancel,
  submitLabel,
  busy,
  children,
}: {
  id: string;
  onSubmit: () => void;
  onCancel: () => void;
  submitLabel: string;
  busy: boolean;
  children: ReactNode;
}) => (
  <Form id={id} onSubmit={onSubmit} className="flex max-w-md flex-col gap-4">
    {children}
    <PanelFormActions onCancel={onCancel} submitLabel={submitLabel} busy={busy} />
  </Form>
);

/** The password the account has, asked for to confirm a change. */
export const CurrentPasswordField = ({
  field,
  inputRef,
  label,
  busy,
}: {
  field: Field;
  inputRef: Ref<HTMLInputElement>;
  /** 'Current password' unless the step says otherwise. */
  label?: string;
  busy: boolean;
}) => {
  const { t } = useTranslation('account');
  return (
    <PasswordField
      ref={inputRef}
      label={label ?? t('account.currentPassword')}
      name="current-password"
      autoComplete="current-password"
      required
      value={field.value}
      onChange={field.change}
      error={field.error}
      readOnly={busy}
    />
  );
};
