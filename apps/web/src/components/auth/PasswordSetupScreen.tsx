import {
  type Entry,
  loginHref,
  type Platform,
  routePath,
  stripResetPrefix,
  stripSetupPrefix,
} from '@hub/core';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';
import { resetFinalizeApi, signupFinalizeApi } from '../../api/auth';
import { useFlowStatus } from '../../hooks/use-flow-status';
import { ScreenFrame } from '../ScreenFrame';
import { ScreenLinks } from '../ScreenLinks';
import { TextLink } from '../TextLink';
import { AccountSummary } from './AccountSummary';
import { accountFromSainfo } from './account-display';
import { FinalizeNotice } from './FinalizeNotice';
import { FlowStatusFallback } from './FlowStatusFallback';
import { withFrom } from './hrefs';
import { PasswordSetupForm, type PasswordSetupVariant } from './PasswordSetupForm';
import { TenantLogo } from './TenantLogo';

type FinalizeScreenId = 'registration_finalize' | 'reset_password_finalize';

interface PasswordSetupScreenProps {
  screen: FinalizeScreenId;
  platform: Platform;
  entry?: Entry | undefined;
}

/**
 * Spec §2 "Password screens", §4 "Finalize". Our mapping of the spec's three variants: sign-up
 * without `from` → 'Set up password' with one field; sign-up with `from` (from a partner tool)
 * → 'Set up password' with two fields and the tenant's logo; reset → 'Reset password'.
 */
export const PasswordSetupScreen = ({ screen, platform, entry }: PasswordSetupScreenProps) => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const reset = screen === 'reset_password_finalize';
  const flowId = params.get('flow');
  const from = params.get('from');
  const title = t(reset ? 'resetPassword' : 'setUpPassword');
  const startHref = withFrom(routePath(reset ? 'reset_password' : 'registration', { platform, entry }), from);
  const loginLink = loginHref(platform, from);
  const variant: PasswordSetupVariant = reset ? 'reset' : from ? 'setup_two_fields' : 'setup_one_field';
  const shownAccount = accountFromSainfo(params.get('sainfo'), reset ? stripResetPrefix : stripSetupPrefix);
  const frame = { screen, platform, title, logo: <TenantLogo platform={platform} from={from} /> };

  const { state, retry } = useFlowStatus(reset ? resetFinalizeApi : signupFinalizeApi, flowId);

  if (state.kind !== 'ready')
    return <FlowStatusFallback {...frame} state={state} retry={retry} startHref={startHref} />;
  // Spec §4: the account was registered meanwhile (the sign-up variant's notice).
  if (!reset && state.status.exists)
    return (
      <ScreenFrame {...frame}>
        <FinalizeNotice
          message={t('notice.alreadyVerified')}
          actionLabel={t('goToLogin')}
          actionHref={loginLink}
        />
      </ScreenFrame>
    );
  return (
    <ScreenFrame
      {...frame}
      description={reset ? t('password.resetDescription') : t('password.setupDescription')}
    >
      <div className="flex flex-col gap-5">
        <AccountSummary account={shownAccount ?? state.status.account.display} />
        <PasswordSetupForm
          variant={variant}
          flowId={state.flowId}
          api={reset ? resetFinalizeApi : signupFinalizeApi}
          onRestart={() => navigate(startHref)}
        />
        <ScreenLinks>
          <span>
            {reset ? t('reset.remembered') : t('signup.haveAccount')}{' '}
            <TextLink to={loginLink}>{t('logIn')}</TextLink>
          </span>
        </ScreenLinks>
      </div>
    </ScreenFrame>
  );
};
