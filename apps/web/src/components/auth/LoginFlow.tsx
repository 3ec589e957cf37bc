import { type Platform, routePath } from '@hub/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { type ContextKey, useFlowContext } from '../../hooks/use-flow-context';
import { useLoginFlow } from '../../hooks/use-login-flow';
import { useSainfoAccount } from '../../hooks/use-sainfo-account';
import { resetPasswordHref } from '../switching/hrefs';
import { TextLink } from '../TextLink';
import { AccountPasswordSteps } from './AccountPasswordSteps';
import { withNext, withSignInContext } from './hrefs';
import { PasskeySignIn } from './PasskeySignIn';

/**
 * Spec §2 "Query parameters by screen": Login reads from, subcb and sainfo; also the OpenID Connect
 * interaction, and the account center page to come back to (next; the server checks it).
 */
const loginContextKeys: readonly ContextKey[] = ['from', 'subcb', 'sainfo', 'oidc', 'next'];

interface LoginFlowProps {
  platform: Platform;
  toolLogin?: boolean;
  /** The tool session to log in for when it is not the page's `from` (the tool login's kept session). */
  toolSession?: string | undefined;
}

/** Spec §2, §4 Login (and the tool login): the account step, then the password step. */
export const LoginFlow = ({ platform, toolLogin = false, toolSession }: LoginFlowProps) => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const from = toolSession ?? params.get('from');
  const queryContext = useFlowContext(loginContextKeys);
  const context = useMemo(
    () => (toolSession ? { ...queryContext, from: toolSession } : queryContext),
    [queryContext, toolSession],
  );
  // A direct checkout names the account in sainfo (spec §4): the field starts with it, unsent.
  const initialAccount = useSainfoAccount();
  const login = useLoginFlow({ platform, context, toolLogin, initialAccount });

  return (
    <AccountPasswordSteps
      flow={login}
      accountLabel={t('login.account')}
      submitLabel={t('logIn')}
      passkeySignIn={<PasskeySignIn platform={platform} toolLogin={toolLogin} context={context} />}
      links={
        <>
          {/* The reset comes back to this screen: rrf tool_login from the tool login, foundation otherwise. */}
          <TextLink
            to={resetPasswordHref(
              platform,
              toolLogin ? 'tool_login' : 'foundation',
              undefined,
              from,
              params.get('oidc'),
            )}
          >
            {t('login.forgotPassword')}
          </TextLink>
          <span>
            {t('login.newHere')}{' '}
            <TextLink
              to={withNext(
                withSignInContext(routePath('registration', { platform }), {
                  from,
                  oidc: params.get('oidc'),
                }),
                params.get('next'),
              )}
            >
              {t('login.signUp')}
            </TextLink>
          </span>
        </>
      }
    />
  );
};
