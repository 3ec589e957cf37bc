import {
  apiErrorText,
  labels,
  loginHref,
  notices,
  type Platform,
  platformProductNames,
  WORK_ACCOUNT_INVITE_PARAM,
} from '@hub/core';
import { useState } from 'react';
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
const title = 'Verify your work account';

/** What the screen says when the link cannot be used (no invitation id, unknown, used up or expired). */
const invitationProblem = (code: string | undefined): string => {
  if (code === undefined)
    return 'This invitation link is incomplete. Open the link in your invitation email again.';
  if (code === 'flow.expired')
    return 'This invitation has expired. Ask the business owner who invited you to send a new one.';
  return 'This invitation link is not valid any more. Ask the business owner who invited you to send a new one.';
};

const InvitationLine = ({ status }: { status: WorkAccountStatus }) => (
  <span data-testid="invitation-line">
    <strong className="font-semibold text-slate-900">{status.inviter}</strong> invited{' '}
    <strong className="font-semibold text-slate-900">{status.account.display}</strong> to{' '}
    {platformProductNames[status.platform]}
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
  const [verified, setVerified] = useState(status.state === 'verified');
  if (verified)
    return (
      <WorkAccountPasswordStep platform={platform} flowId={flowId} status={status} onRestart={onRestart} />
    );
  return (
    <ScreenFrame
      screen={screen}
      platform={platform}
      title={title}
      description={<InvitationLine status={status} />}
    >
      <div className="flex flex-col gap-5">
        <div className="flex flex-col gap-2">
          <AccountSummary account={status.account.display} />
          <p className="text-sm text-slate-600">
            Enter the 6-digit verification code from your invitation email.
          </p>
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
  const [params] = useSearchParams();
  const { state, retry } = useFlowStatus(workAccountInvitation, params.get(WORK_ACCOUNT_INVITE_PARAM));
  const loginLink = loginHref(platform);

  if (state.kind === 'loading') return <CentredLoader screen={screen} title={title} platform={platform} />;
  if (state.kind === 'missing' || (state.kind === 'failed' && state.error.code.startsWith('flow.')))
    return (
      <ScreenFrame screen={screen} platform={platform} title={title}>
        <FinalizeNotice
          message={invitationProblem(state.kind === 'missing' ? undefined : state.error.code)}
          actionLabel={labels.goToLogin}
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
        title={labels.setUpPassword}
        logo={<TenantLogo platform={platform} from={null} />}
      >
        <FinalizeNotice
          message={notices.alreadyRegistered}
          actionLabel={labels.goToLogin}
          actionHref={loginLink}
        />
      </ScreenFrame>
    );
  return <InvitationSteps platform={platform} flowId={state.flowId} status={status} onRestart={retry} />;
};

export default WorkAccountVerificationScreen;
