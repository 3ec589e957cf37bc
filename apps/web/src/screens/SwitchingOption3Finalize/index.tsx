import { platformProductNames, routePath } from '@hub/core';
import { useNavigate, useSearchParams } from 'react-router';
import { type DefaultPlatformStatus, defaultPlatformChoice } from '../../api/switching';
import { FinalizeNotice } from '../../components/auth/FinalizeNotice';
import { FlowStatusFallback } from '../../components/auth/FlowStatusFallback';
import { withFrom } from '../../components/auth/hrefs';
import { PasswordStepForm } from '../../components/auth/PasswordStepForm';
import { ProblemBanner } from '../../components/auth/ProblemBanner';
import { ScreenFrame } from '../../components/ScreenFrame';
import { ScreenLinks } from '../../components/ScreenLinks';
import { SignInRequired } from '../../components/switching/SignInRequired';
import { TextLink } from '../../components/TextLink';
import { useFlowStatus } from '../../hooks/use-flow-status';
import { usePasswordConfirm } from '../../hooks/use-password-confirm';
import type { ScreenProps } from '../types';

const title = 'Confirm your default platform';

interface ConfirmFormProps {
  flowId: string;
  status: DefaultPlatformStatus;
  onRestart: () => void;
}

/** The account and its password; the server then makes the choice the default and signs in there. */
const ConfirmForm = ({ flowId, status, onRestart }: ConfirmFormProps) => {
  const form = usePasswordConfirm({
    confirm: (password) => defaultPlatformChoice.confirm(flowId, password),
    onRestart,
  });
  return (
    <>
      <PasswordStepForm
        account={status.account.display}
        password={form.password}
        fieldRef={form.fieldRef}
        submitLabel="Confirm"
        onSubmit={form.submit}
        busy={form.busy}
        submitted={form.leaving}
      />
      <ProblemBanner problem={form.problem} onDismiss={form.dismiss} />
    </>
  );
};

/**
 * Option3/finalize: the choice made on option3 (the flow in `?flow=`), confirmed with the
 * account's password. It is an existing password, so no strength meter.
 */
const SwitchingOption3FinalizeScreen = ({ platform = 'psl' }: ScreenProps) => {
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const from = params.get('from');
  const startHref = withFrom(routePath('switching_option3', { platform }), from);
  const frame = { screen: 'switching_option3_finalize', platform, title } as const;
  const { state, retry } = useFlowStatus(defaultPlatformChoice, params.get('flow'));

  if (state.kind === 'failed' && state.error.code === 'session.required')
    return <SignInRequired {...frame} from={from} />;
  if (state.kind !== 'ready')
    return <FlowStatusFallback {...frame} state={state} retry={retry} startHref={startHref} />;
  const { status } = state;
  const chosen = platformProductNames[status.platform];
  if (status.state === 'completed')
    return (
      <ScreenFrame {...frame}>
        <FinalizeNotice
          message={`${chosen} is your default platform now.`}
          actionLabel="Choose again"
          actionHref={startHref}
        />
      </ScreenFrame>
    );
  const current = platformProductNames[status.current];
  return (
    <ScreenFrame
      {...frame}
      description={
        <span data-testid="default-platform-choice">
          Make <strong className="font-semibold text-slate-900">{chosen}</strong> your default platform
          {status.current === status.platform ? '' : ` instead of ${current}`}. Enter your password to
          confirm.
        </span>
      }
    >
      <div className="flex flex-col gap-6">
        <ConfirmForm flowId={state.flowId} status={status} onRestart={() => navigate(startHref)} />
        <ScreenLinks>
          <TextLink to={startHref}>Choose another platform</TextLink>
        </ScreenLinks>
      </div>
    </ScreenFrame>
  );
};

export default SwitchingOption3FinalizeScreen;
