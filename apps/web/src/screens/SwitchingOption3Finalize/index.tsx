import { platformProductNames, routePath } from '@hub/core';
import { Trans, useTranslation } from 'react-i18next';
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

interface ConfirmFormProps {
  flowId: string;
  status: DefaultPlatformStatus;
  onRestart: () => void;
}

/** The account and its password; the server then makes the choice the default and signs in there. */
const ConfirmForm = ({ flowId, status, onRestart }: ConfirmFormProps) => {
  const { t } = useTranslation();
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
        submitLabel={t('switching3f.confirm')}
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
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const navigate = useNavigate();
  const from = params.get('from');
  const startHref = withFrom(routePath('switching_option3', { platform }), from);
  const frame = { screen: 'switching_option3_finalize', platform, title: t('switching3f.title') } as const;
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
          message={t('switching3f.done', { platform: chosen })}
          actionLabel={t('switching3f.chooseAgain')}
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
          <Trans
            i18nKey={status.current === status.platform ? 'switching3f.make' : 'switching3f.makeInstead'}
            values={{ current }}
            components={{ platform: <strong className="font-semibold text-slate-900">{chosen}</strong> }}
          />
        </span>
      }
    >
      <div className="flex flex-col gap-6">
        <ConfirmForm flowId={state.flowId} status={status} onRestart={() => navigate(startHref)} />
        <ScreenLinks>
          <TextLink to={startHref}>{t('switching3f.chooseAnother')}</TextLink>
        </ScreenLinks>
      </div>
    </ScreenFrame>
  );
};

export default SwitchingOption3FinalizeScreen;
