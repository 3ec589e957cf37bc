import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { PasswordSaver } from '../../api/auth';
import { usePasswordSetup } from '../../hooks/use-password-setup';
import { Banner } from '../Banner';
import { Form } from '../Form';
import { PasswordField } from './PasswordField';
import { PasswordHints } from './PasswordHints';
import { ProblemBanner } from './ProblemBanner';
import { StrengthMeter } from './StrengthMeter';
import { SubmitButton } from './SubmitButton';
import { TermsLine } from './TermsLine';

export type PasswordSetupVariant = 'setup_one_field' | 'setup_two_fields' | 'reset';

interface PasswordSetupFormProps {
  variant: PasswordSetupVariant;
  flowId: string;
  api: PasswordSaver;
  onRestart: () => void;
}

const texts = {
  setup_one_field: { password: 'password.label', button: 'submit', notice: 'notice.accountRegistered' },
  setup_two_fields: { password: 'password.label', button: 'submit', notice: 'notice.accountRegistered' },
  reset: { password: 'password.new', button: 'reset', notice: 'notice.passwordUpdated' },
} as const;

/**
 * Spec §2 "Password screens", §4 "Finalize", §5: the new password (and its confirmation on the
 * two-field screens), the unmet hints, the strength meter, the terms line and the button that is
 * enabled only at strength 0; on success the green top-centre notice, then the redirect.
 */
export const PasswordSetupForm = ({ variant, flowId, api, onRestart }: PasswordSetupFormProps) => {
  const { t } = useTranslation();
  const hintsId = useId();
  const confirm = variant !== 'setup_one_field';
  const form = usePasswordSetup({ flowId, api, confirm, onRestart });
  const text = texts[variant];
  return (
    <Form
      onSubmit={() => form.submit()}
      // Spec §5: Enter submits from the fields, even while the button is disabled (it then says why not).
      onKeyDown={(event) => {
        if (event.key !== 'Enter' || !(event.target instanceof HTMLInputElement)) return;
        event.preventDefault();
        form.submit();
      }}
      className="flex flex-col gap-4"
    >
      <PasswordField
        ref={form.passwordRef}
        label={t(text.password)}
        name="new-password"
        autoComplete="new-password"
        required
        value={form.password.value}
        onChange={form.password.change}
        error={form.password.error}
        describedBy={hintsId}
        readOnly={form.busy}
      />
      <PasswordHints id={hintsId} password={form.password.value} />
      <StrengthMeter score={form.score} />
      {confirm && (
        <PasswordField
          ref={form.repassRef}
          label={t('password.reenter')}
          name="confirm-password"
          autoComplete="new-password"
          required
          value={form.repass.value}
          onChange={form.repass.change}
          onBlur={form.checkRepass}
          error={form.repass.error}
          readOnly={form.busy}
        />
      )}
      <TermsLine />
      <SubmitButton
        label={t(form.submitted ? 'redirecting' : text.button)}
        busy={form.busy}
        submitted={form.submitted}
        disabled={!form.canSubmit}
      />
      {form.submitted && <Banner variant="success">{t(text.notice)}</Banner>}
      <ProblemBanner problem={form.problem} onDismiss={form.dismiss} />
    </Form>
  );
};
