import type { Ref } from 'react';
import { useTranslation } from 'react-i18next';
import type { Field } from '../../hooks/use-field';
import { Form } from '../Form';
import { AccountSummary } from './AccountSummary';
import { PasswordField } from './PasswordField';
import { SubmitButton } from './SubmitButton';

interface PasswordStepFormProps {
  /** The account the password is for, as the server shows it. */
  account: string;
  password: Field;
  fieldRef: Ref<HTMLInputElement>;
  submitLabel: string;
  onSubmit: () => void;
  /** Spec §4: back to the account step; left out where there is no account step. */
  onBack?: (() => void) | undefined;
  /** Spec §4 step 20: the password is being checked (the field and the button wait). */
  busy: boolean;
  /** The password was right and the browser is about to leave: the button reads 'Redirecting'. */
  submitted?: boolean;
}

/**
 * Spec §2, §4 step 2 of login, switching and linking: the account with a way back, the password
 * with its show/hide toggle, and the button; Enter submits.
 */
export const PasswordStepForm = ({
  account,
  password,
  fieldRef,
  submitLabel,
  onSubmit,
  onBack,
  busy,
  submitted = false,
}: PasswordStepFormProps) => {
  const { t } = useTranslation();
  return (
    <Form onSubmit={onSubmit} className="flex flex-col gap-5">
      <AccountSummary account={account} onBack={onBack} backDisabled={busy || submitted} />
      <PasswordField
        ref={fieldRef}
        label={t('password.label')}
        name="password"
        autoComplete="current-password"
        value={password.value}
        onChange={password.change}
        error={password.error}
        readOnly={busy || submitted}
      />
      <SubmitButton
        label={submitted ? t('redirecting') : submitLabel}
        busy={busy && !submitted}
        submitted={submitted}
      />
    </Form>
  );
};
