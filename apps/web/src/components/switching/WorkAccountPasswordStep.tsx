import { loginHref, type Platform } from '@hub/core';
import { useTranslation } from 'react-i18next';
import { type WorkAccountStatus, workAccountPasswordApi } from '../../api/switching';
import { AccountSummary } from '../auth/AccountSummary';
import { PasswordSetupForm } from '../auth/PasswordSetupForm';
import { TenantLogo } from '../auth/TenantLogo';
import { ScreenFrame } from '../ScreenFrame';
import { ScreenLinks } from '../ScreenLinks';
import { TextLink } from '../TextLink';

interface WorkAccountPasswordStepProps {
  platform: Platform;
  flowId: string;
  status: WorkAccountStatus;
  onRestart: () => void;
}

/**
 * The work account's password: spec §2's two-field 'Set up password' screen (password and
 * re-enter, both required, hints, strength, the terms line) with the platform's logo; then
 * 'Account successfully registered' and, after 1.5 s, the server's exit.
 */
export const WorkAccountPasswordStep = ({
  platform,
  flowId,
  status,
  onRestart,
}: WorkAccountPasswordStepProps) => {
  const { t } = useTranslation();
  return (
    <ScreenFrame
      screen="work_account_verification"
      platform={platform}
      title={t('setUpPassword')}
      logo={<TenantLogo platform={platform} from={null} />}
      description={t('workAccount.passwordDescription')}
    >
      <div className="flex flex-col gap-5">
        <AccountSummary account={status.account.display} />
        <PasswordSetupForm
          variant="setup_two_fields"
          flowId={flowId}
          api={workAccountPasswordApi}
          onRestart={onRestart}
        />
        <ScreenLinks>
          <span>
            {t('signup.haveAccount')} <TextLink to={loginHref(platform)}>{t('logIn')}</TextLink>
          </span>
        </ScreenLinks>
      </div>
    </ScreenFrame>
  );
};
