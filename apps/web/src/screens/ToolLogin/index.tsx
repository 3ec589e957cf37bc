import { LoginFlow } from '../../components/auth/LoginFlow';
import { PlatformBadge } from '../../components/PlatformBadge';
import { ScreenFrame } from '../../components/ScreenFrame';
import { SocialButtons } from '../../components/social/SocialButtons';
import { ToolLogo } from '../../components/sso/ToolLogo';
import { useToolLoginSession } from '../../hooks/use-tool-info';
import type { ScreenProps } from '../types';

const incompleteToolLinkMessage = 'This sign-in link is incomplete. Please start again from your tool.';

/**
 * Spec §2 tool login: the login for a user coming from a third-party tool, named with its logo
 * (the `from` tool session, else the one kept under pm_tool_session). The server also checks that
 * the account belongs to the tool and names it in its message. Without a tool session there is no
 * tool to log in to, so the screen says so instead of showing a form that could only fail.
 */
const ToolLoginScreen = ({ platform = 'psl' }: ScreenProps) => {
  const session = useToolLoginSession();
  if (!session) {
    return (
      <ScreenFrame
        screen="tool_login"
        platform={platform}
        title="Log in"
        description={
          <span role="alert" data-testid="tool-login-incomplete">
            {incompleteToolLinkMessage}
          </span>
        }
      />
    );
  }
  const toolName = session.tool?.name ?? 'your tool';
  return (
    <ScreenFrame
      screen="tool_login"
      platform={platform}
      title={`Log in to ${toolName}`}
      logo={
        <div className="flex items-center justify-between gap-3">
          <span data-testid="tool-logo" className="inline-flex">
            <ToolLogo logo={session.tool?.logo} size={44} />
          </span>
          <PlatformBadge platform={platform} />
        </div>
      }
      description={`Log in with the account you use for ${toolName}, then we will send you back to it.`}
    >
      <LoginFlow platform={platform} toolLogin toolSession={session.from} />
      <SocialButtons platform={platform} intent="tool_login" from={session.from} toolName={toolName} />
    </ScreenFrame>
  );
};

export default ToolLoginScreen;
