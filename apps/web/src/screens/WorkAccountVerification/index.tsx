import {
  apiErrorText,
  loginHref,
  type Platform,
  platformProductNames,
  WORK_ACCOUNT_INVITE_PARAM,
} from '@hub/core';
import { useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type WorkAccountStatus, workAccountCodeApi, workAccountInvitation } from '../../api/switching';
import { AccountSummary } from '../../components/auth/AccountSummary';
import { CentredLoader } from '../../components/auth/CentredLoader';
import { CodeStep } from '../../components/auth/CodeStep';
import { FinalizeNotice } from '../../components/auth/FinalizeNotice';
import { ProblemBanner } from '../../components/auth/ProblemBanner';
import { TenantLogo } from '../../components/auth/TenantLogo';
import { ScreenFrame } from '../../components/ScreenFrame';
import { WorkAccountPasswordStep } from '../../components/switching/WorkAccountPasswordStep';
import { useFlowStatus } from '../../hooks/use-flow-status';
import type { ScreenProps } from '../types';

const screen = 'work_account_verification';

/** What the screen says when the link cannot be used (no invitation id, unknown, used up or expired). */
const invitationProblem = (code: string | undefined) => {
  if (code === undefined) return 'workAccount.incomplete' as const;
  if (code === 'flow.expired') return 'workAccount.expired' as const;
  return 'workAccount.invalid' as const;
};

/** Who invited whom: the two accounts are the elements' own children, never parsed as words. */
const InvitationLine = ({ status }: { status: WorkAccountStatus }) => (
  <span data-testid="invitation-line">
    <Trans
      i18nKey="workAccount.invited"
      values={{ platform: platformProductNames[status.platform] }}
      components={{
        inviter: <strong className="font-semibold text-slate-900">{status.inviter}</strong>,
        account: <strong className="font-semibold text-slate-900">{status.account.display}</strong>,
      }}
    />
  </span>
);

interface InvitationStepsProps {
  platform: Platform;
  flowId: string;
  status: WorkAccountStatus;
  onRestart: () => void;
}

/** The code from the invitation mail, then (on the same screen) the password set-up. */
const InvitationSteps = ({ platform, flowId, status, onRestart }: InvitationStepsProps) => {
  const { t } = useTranslation();
  const [verified, setVerified] = useState(status.state === 'verified');
  if (verified)
    return (
      <WorkAccountPasswordStep platform={platform} flowId={flowId} status={status} onRestart={onRestart} />
    );
  return (
    <ScreenFrame
      screen={screen}
      platform={platform}
      title={t('workAccount.title')}
      description={<InvitationLine status={status} />}
    >
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <AccountSummary account={status.account.display} />
          <p className="text-sm text-slate-600">{t('workAccount.enterCode')}</p>
        </div>
        <CodeStep
          flowId={flowId}
          resendAfter={status.resendAfter}
          api={workAccountCodeApi}
          onVerified={() => setVerified(true)}
          onRestart={onRestart}
        />
      </div>
    </ScreenFrame>
  );
};

/**
 * Spec §2 /{platform}/comp/account/verification: a business owner added this work account; the
 * invitee opens the mail's link (`?invite=`), sees who invited whom, verifies the mailed code (the
 * sign-up's code step: timings, texts, resend) and sets a password on the two-field 'Set up
 * password' screen; then 'Account successfully registered' and the Business site, signed in.
 */
const WorkAccountVerificationScreen = ({ platform = 'biz' }: ScreenProps) => {
  const { t } = useTranslation();
  const title = t('workAccount.title');
  const [params] = useSearchParams();
  const { state, retry } = useFlowStatus(workAccountInvitation, params.get(WORK_ACCOUNT_INVITE_PARAM));
  const loginLink = loginHref(platform);

  if (state.kind === 'loading') return <CentredLoader screen={screen} title={title} platform={platform} />;
  if (state.kind === 'missing' || (state.kind === 'failed' && state.error.code.startsWith('flow.')))
    return (
      <ScreenFrame screen={screen} platform={platform} title={title}>
        <FinalizeNotice
          message={t(invitationProblem(state.kind === 'missing' ? undefined : state.error.code))}
          actionLabel={t('goToLogin')}
          actionHref={loginLink}
        />
      </ScreenFrame>
    );
  if (state.kind === 'failed')
    return (
      <CentredLoader screen={screen} title={title} platform={platform} busy={false}>
        <ProblemBanner problem={{ message: apiErrorText(state.error), tryAgain: retry }} />
      </CentredLoader>
    );
  const { status } = state;
  // Spec §2 password screens: an account that exists already gets the notice and 'Go to login'.
  if (status.exists || status.state === 'completed')
    return (
      <ScreenFrame
        screen={screen}
        platform={platform}
        title={t('setUpPassword')}
        logo={<TenantLogo platform={platform} from={null} />}
      >
        <FinalizeNotice
          message={t('notice.alreadyRegistered')}
          actionLabel={t('goToLogin')}
          actionHref={loginLink}
        />
      </ScreenFrame>
    );
  return <InvitationSteps platform={platform} flowId={state.flowId} status={status} onRestart={retry} />;
};

export default WorkAccountVerificationScreen;
