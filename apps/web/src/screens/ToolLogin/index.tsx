import { routePath } from '@hub/core';
import { ScreenFrame } from '../../components/ScreenFrame';
import { ScreenLinks } from '../../components/ScreenLinks';
import { TextLink } from '../../components/TextLink';
import type { ScreenProps } from '../types';

/** Spec §2 tool login: the login for a user coming from a third-party tool. */
const ToolLoginScreen = ({ platform = 'psl' }: ScreenProps) => (
  <ScreenFrame
    screen="tool_login"
    platform={platform}
    title="Log in"
    description="Log in with the account you use for your tool, then we will send you back to it."
  >
    <ScreenLinks>
      <TextLink to={routePath('reset_password', { platform })}>Forgot password?</TextLink>
    </ScreenLinks>
  </ScreenFrame>
);

export default ToolLoginScreen;
