import { errorMessage } from '@hub/core';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { LoginFlow } from '../../components/auth/LoginFlow';
import { PlatformBadge } from '../../components/PlatformBadge';
import { ScreenFrame } from '../../components/ScreenFrame';
import { SocialButtons } from '../../components/social/SocialButtons';
import { ContinueAs } from '../../components/sso/ContinueAs';
import { ToolLogo } from '../../components/sso/ToolLogo';
import { useToolLoginSession } from '../../hooks/use-tool-info';
import type { ScreenProps } from '../types';

/**
 * Spec §2 tool login: the login for a user coming from a third-party tool, named with its logo
 * (the `from` tool session, else the one kept under pm_tool_session). The server also checks that
 * the account belongs to the tool and names it in its message. Without a tool session there is no
 * tool to log in to, so the screen says so instead of showing a form that could only fail.
 */
const ToolLoginScreen = ({ platform = 'psl' }: ScreenProps) => {
  const { t } = useTranslation();
  const session = useToolLoginSession();
  // A sign-in that reached the end on another screen (sign-up, a reset, a provider) and was
  // refused by the hub because the account is not the restricted tool's member comes back here.
  const refused = useSearchParams()[0].get('refused') === 'not_registered_to_tool';
  if (session.kind === 'loading') {
    return <ScreenFrame screen="tool_login" platform={platform} title={t('logIn')} />;
  }
  if (session.kind === 'none') {
    return (
      <ScreenFrame
        screen="tool_login"
        platform={platform}
        title={t('logIn')}
        description={
          <span role="alert" data-testid="tool-login-incomplete">
            {t('toolLogin.incomplete')}
          </span>
        }
      />
    );
  }
  const toolName = session.tool?.name ?? t('toolLogin.yourTool');
  return (
    <ScreenFrame
      screen="tool_login"
      platform={platform}
      title={t('toolLogin.title', { tool: toolName })}
      logo={
        <div className="flex items-center justify-between gap-3">
          <span data-testid="tool-logo" className="inline-flex">
            <ToolLogo logo={session.tool?.logo} size={44} />
          </span>
          <PlatformBadge platform={platform} />
        </div>
      }
      description={t('toolLogin.description', { tool: toolName })}
    >
      {refused && (
        <p
          role="alert"
          data-testid="tool-login-refused"
          className="mb-4 rounded-lg border border-red-200 bg-red-50 px-3 py-2 text-sm text-red-700"
        >
          {errorMessage('account.not_registered_to_tool', { tool: toolName })}
        </p>
      )}
      <ContinueAs platform={platform} from={session.from} />
      <LoginFlow platform={platform} toolLogin toolSession={session.from} />
      <SocialButtons platform={platform} intent="tool_login" from={session.from} toolName={toolName} />
    </ScreenFrame>
  );
};

export default ToolLoginScreen;
