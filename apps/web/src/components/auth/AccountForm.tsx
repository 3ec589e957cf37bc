import type { ReactNode, Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Field } from '../../hooks/use-field';
import { Form } from '../Form';
import { SubmitButton } from './SubmitButton';
import { TextField } from './TextField';

interface AccountFormProps {
  label: string;
  field: Field;
  busy: boolean;
  onSubmit: () => void;
  /** 'email' on sign-up (email only), 'username' where any kind of account is accepted. */
  kind: 'email' | 'username';
  fieldRef: Ref<HTMLInputElement>;
  /** The button; 'Next' when not given. */
  submitLabel?: string;
  /** The field also offers the browser's saved passkeys in its autofill (the login's account step). */
  passkeyAutofill?: boolean;
  children?: ReactNode;
}

/** Spec §2, §4 step 1: the account field and 'Next'; Enter submits. */
export const AccountForm = ({
  label,
  field,
  busy,
  onSubmit,
  kind,
  fieldRef,
  submitLabel,
  passkeyAutofill = false,
  children,
}: AccountFormProps) => {
  const { t } = useTranslation();
  return (
    <Form onSubmit={onSubmit} className="flex flex-col gap-5">
      <TextField
        ref={fieldRef}
        label={label}
        name={kind === 'email' ? 'email' : 'username'}
        type={kind === 'email' ? 'email' : 'text'}
        inputMode={kind === 'email' ? 'email' : 'text'}
        autoComplete={kind === 'email' ? 'email' : passkeyAutofill ? 'username webauthn' : 'username'}
        autoCapitalize="none"
        autoCorrect="off"
        spellCheck={false}
        value={field.value}
        onChange={field.change}
        error={field.error}
        readOnly={busy}
      />
      <SubmitButton label={submitLabel ?? t('next')} busy={busy} />
      {children}
    </Form>
  );
};
