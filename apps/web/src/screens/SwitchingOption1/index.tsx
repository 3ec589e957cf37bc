import { decodeSainfo, otherPlatform, platformProductNames, routePath } from '@hub/core';
import { useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { switchingApi } from '../../api/switching';
import { CentredLoader } from '../../components/auth/CentredLoader';
import { withSignInContext } from '../../components/auth/hrefs';
import { ScreenFrame } from '../../components/ScreenFrame';
import { ContinueAs } from '../../components/sso/ContinueAs';
import { ContinueToTool } from '../../components/sso/ContinueToTool';
import { AccountLinkFlow } from '../../components/switching/AccountLinkFlow';
import { resetPasswordHref } from '../../components/switching/hrefs';
import { TextLink } from '../../components/TextLink';
import { type ContextKey, useFlowContext } from '../../hooks/use-flow-context';
import { useSainfoAccount } from '../../hooks/use-sainfo-account';
import { useToolFromQuery } from '../../hooks/use-tool-info';
import type { ScreenProps } from '../types';

/**
 * Spec §2 "Query parameters by screen": option1 reads sainfo and from (subcb goes along too, and the
 * OpenID Connect interaction `oidc`, so a linking sign-in during a client's sign-in ends it).
 */
const switchingContextKeys: readonly ContextKey[] = ['from', 'subcb', 'sainfo', 'oidc'];

/**
 * Spec §2, §4 Switching option1: an account that lives on the other platform links to this one
 * (step 1 the account, pre-filled from sainfo; step 2 its password), with back, cancel and a
 * reset-password link that comes back here (rrf switching1). The login sends people here; without
 * sainfo the screen is not allowed and shows only a placeholder. sainfo is display only: the
 * server decides from its own records (docs/security.md "Query-string state"). A browser with a
 * live hub session also sees 'Continue as …', which links the chosen account without the password
 * (docs/sessions.md); without one the screen is exactly the spec's.
 */
const SwitchingOption1Screen = ({ platform = 'psl' }: ScreenProps) => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const rawSainfo = params.get('sainfo');
  const from = params.get('from');
  const oidc = params.get('oidc');
  const loginLink = withSignInContext(routePath('login', { platform }), { from, oidc });
  const sainfo = useMemo(() => decodeSainfo(rawSainfo), [rawSainfo]);
  const context = useFlowContext(switchingContextKeys);
  const api = useMemo(() => switchingApi(platform, context), [platform, context]);
  const initialAccount = useSainfoAccount();
  const tool = useToolFromQuery();
  const name = platformProductNames[platform];
  const title = t('switching1.title', { platform: name });

  if (!sainfo.ok)
    return (
      <CentredLoader screen="switching_option1" title={title} platform={platform} busy={false}>
        <div data-testid="switching-not-allowed" className="flex flex-col items-center gap-2 text-center">
          <p className="text-sm text-slate-600">{t('switching1.notAllowed', { platform: name })}</p>
          <TextLink to={loginLink}>{t('goToLogin')}</TextLink>
        </div>
      </CentredLoader>
    );

  return (
    <ScreenFrame
      screen="switching_option1"
      platform={platform}
      title={title}
      description={t('switching1.description', {
        other: platformProductNames[otherPlatform(platform)],
        platform: name,
      })}
    >
      {tool && <ContinueToTool tool={tool} />}
      <ContinueAs platform={platform} switching />
      <AccountLinkFlow
        api={api}
        accountLabel={t('switching.account')}
        initialAccount={initialAccount}
        links={
          <>
            <TextLink to={resetPasswordHref(platform, 'switching1', sainfo.value, from, oidc)}>
              {t('switching.forgotPassword')}
            </TextLink>
            <TextLink to={loginLink}>{t('switching.cancel')}</TextLink>
          </>
        }
      />
    </ScreenFrame>
  );
};

export default SwitchingOption1Screen;
