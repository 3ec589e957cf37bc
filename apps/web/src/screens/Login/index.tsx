import { platformProductNames } from '@hub/core';
import { LoginFlow } from '../../components/auth/LoginFlow';
import { ScreenFrame } from '../../components/ScreenFrame';
import { ContinueToTool } from '../../components/sso/ContinueToTool';
import { useToolFromQuery } from '../../hooks/use-tool-info';
import type { ScreenProps } from '../types';

/** Spec §2 Login: account step, then password step; coming from a tool, that tool is named. */
const LoginScreen = ({ platform = 'psl' }: ScreenProps) => {
  const tool = useToolFromQuery();
  return (
    <ScreenFrame
      screen="login"
      platform={platform}
      title="Log in"
      description={`Log in to ${platformProductNames[platform]} with your email, mobile number or username.`}
    >
      {tool && <ContinueToTool tool={tool} />}
      <LoginFlow platform={platform} />
    </ScreenFrame>
  );
};

export default LoginScreen;
