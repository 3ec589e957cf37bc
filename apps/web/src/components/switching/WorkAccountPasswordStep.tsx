import { labels, loginHref, type Platform } from '@hub/core';
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
}: WorkAccountPasswordStepProps) => (
  <ScreenFrame
    screen="work_account_verification"
    platform={platform}
    title={labels.setUpPassword}
    logo={<TenantLogo platform={platform} from={null} />}
    description="Choose a password to finish setting up your work account."
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
          Already have an account? <TextLink to={loginHref(platform)}>Log in</TextLink>
        </span>
      </ScreenLinks>
    </div>
  </ScreenFrame>
);
