import { platformProductNames, routePath } from '@hub/core';
import { ScreenFrame } from '../../components/ScreenFrame';
import { ScreenLinks } from '../../components/ScreenLinks';
import { TextLink } from '../../components/TextLink';
import type { ScreenProps } from '../types';

/** Spec §2 Login: account step, then password step (the form comes with the login flow). */
const LoginScreen = ({ platform = 'psl' }: ScreenProps) => (
  <ScreenFrame
    screen="login"
    platform={platform}
    title="Log in"
    description={`Log in to ${platformProductNames[platform]} with your email, mobile number or username.`}
  >
    <ScreenLinks>
      <TextLink to={routePath('reset_password', { platform })}>Forgot password?</TextLink>
      <span>
        New here? <TextLink to={routePath('registration', { platform })}>Sign up</TextLink>
      </span>
    </ScreenLinks>
  </ScreenFrame>
);

export default LoginScreen;
