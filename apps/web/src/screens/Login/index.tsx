import { platformProductNames } from '@hub/core';
import { LoginFlow } from '../../components/auth/LoginFlow';
import { ScreenFrame } from '../../components/ScreenFrame';
import type { ScreenProps } from '../types';

/** Spec §2 Login: account step, then password step. */
const LoginScreen = ({ platform = 'psl' }: ScreenProps) => (
  <ScreenFrame
    screen="login"
    platform={platform}
    title="Log in"
    description={`Log in to ${platformProductNames[platform]} with your email, mobile number or username.`}
  >
    <LoginFlow platform={platform} />
  </ScreenFrame>
);

export default LoginScreen;
