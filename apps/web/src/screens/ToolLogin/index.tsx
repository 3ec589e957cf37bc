import { LoginFlow } from '../../components/auth/LoginFlow';
import { ScreenFrame } from '../../components/ScreenFrame';
import type { ScreenProps } from '../types';

/**
 * Spec §2 tool login: the login for a user coming from a third-party tool; the server also
 * checks that the account belongs to the tool and names it in its message.
 */
const ToolLoginScreen = ({ platform = 'psl' }: ScreenProps) => (
  <ScreenFrame
    screen="tool_login"
    platform={platform}
    title="Log in"
    description="Log in with the account you use for your tool, then we will send you back to it."
  >
    <LoginFlow platform={platform} toolLogin />
  </ScreenFrame>
);

export default ToolLoginScreen;
