import { platformProductNames, routePath, SECOND_STEP_PARAM } from '@hub/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoginFlow } from '../../components/auth/LoginFlow';
import { SecondFactorStep } from '../../components/auth/SecondFactorStep';
import { ScreenFrame } from '../../components/ScreenFrame';
import { SocialButtons } from '../../components/social/SocialButtons';
import { SocialLinkStep } from '../../components/social/SocialLinkStep';
import { ContinueAs } from '../../components/sso/ContinueAs';
import { ContinueToTool } from '../../components/sso/ContinueToTool';
import { useToolFromQuery } from '../../hooks/use-tool-info';
import type { ScreenProps } from '../types';

/** Spec §2 Login: account step, then password step; coming from a tool, that tool is named. */
const LoginScreen = ({ platform = 'psl' }: ScreenProps) => {
  const { t } = useTranslation();
  const tool = useToolFromQuery();
  // A provider sign-in whose verified email is an existing account's asks for its password.
  const [params] = useSearchParams();
  const socialFlowId = params.get('social');
  // A provider sign-in of an account with a second factor continues on that step (docs/second-factors.md).
  const secondStepFlowId = params.get(SECOND_STEP_PARAM);
  return (
    <ScreenFrame
      screen="login"
      platform={platform}
      title={t('logIn')}
      description={t('login.description', { platform: platformProductNames[platform] })}
    >
      {tool && <ContinueToTool tool={tool} />}
      {secondStepFlowId ? (
        <SecondFactorStep
          flowId={secondStepFlowId}
          onVerified={(location) => window.location.assign(location)}
          onRestart={() => window.location.assign(routePath('login', { platform }))}
        />
      ) : socialFlowId ? (
        <SocialLinkStep platform={platform} flowId={socialFlowId} />
      ) : (
        <>
          <ContinueAs platform={platform} />
          <LoginFlow platform={platform} />
          <SocialButtons platform={platform} intent="login" />
        </>
      )}
    </ScreenFrame>
  );
};

export default LoginScreen;
