import { checkSignupAccount, decodeProfileSeed, type Entry, loginHref, type Platform } from '@hub/core';
import { useCallback, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { requestSignupCode, signupCodeApi } from '../../api/auth';
import { CodeRequestFlow } from '../../components/auth/CodeRequestFlow';
import { withNext, withSignInContext } from '../../components/auth/hrefs';
import { ScreenFrame } from '../../components/ScreenFrame';
import { ScreenLinks } from '../../components/ScreenLinks';
import { SocialButtons } from '../../components/social/SocialButtons';
import { ContinueToTool } from '../../components/sso/ContinueToTool';
import { TextLink } from '../../components/TextLink';
import { type ContextKey, useFlowContext } from '../../hooks/use-flow-context';
import { useSainfoAccount } from '../../hooks/use-sainfo-account';
import { useToolFromQuery } from '../../hooks/use-tool-info';
import type { ScreenProps } from '../types';

/** Spec §2 "Query parameters by screen": Sign-up reads from, ref_a_frnd, parent_id, sainfo and directReg. */
const signupContextKeys: readonly ContextKey[] = [
  'from',
  'ref_a_frnd',
  'parent_id',
  'sainfo',
  'directReg',
  'oidc',
  // Not in the spec: the account center page to come back to (the login's 'Sign up' carries it).
  'next',
];

/** Spec §2, §3: the ubr_profile entry carries a credential in `from`; a malformed seed shows the normal form. */
const profileCredential = (entry: Entry | undefined, from: string | null): string | undefined => {
  if (entry !== 'ubr_profile') return undefined;
  const seed = decodeProfileSeed(from);
  return seed.ok ? seed.value.credential : undefined;
};

/** Spec §2, §4 Sign-up: account, then a 6-digit code, then the finalize screen. Also under /ubr/{entry}. */
const RegistrationScreen = ({ platform = 'psl', entry }: ScreenProps) => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const from = params.get('from');
  const context = useFlowContext(signupContextKeys);
  const request = useCallback(
    (account: string) =>
      requestSignupCode({ platform, account, ...(entry ? { entry } : {}), ...(context ? { context } : {}) }),
    [platform, entry, context],
  );
  const autoStartWith = useMemo(() => profileCredential(entry, from), [entry, from]);
  const tool = useToolFromQuery();
  const initialAccount = useSainfoAccount();
  return (
    <ScreenFrame
      screen="registration"
      platform={platform}
      title={t('signup.title')}
      description={t('signup.description')}
    >
      {tool && <ContinueToTool tool={tool} />}
      <div data-entry={entry}>
        <CodeRequestFlow
          accountLabel={t('signup.account')}
          kind="email"
          check={checkSignupAccount}
          request={request}
          codeApi={signupCodeApi}
          autoStartWith={autoStartWith}
          initialAccount={initialAccount}
          links={
            <SignupLinks
              platform={platform}
              from={from}
              oidc={params.get('oidc')}
              next={params.get('next')}
            />
          }
        />
      </div>
      <SocialButtons platform={platform} intent="signup" />
    </ScreenFrame>
  );
};

const SignupLinks = ({
  platform,
  from,
  oidc,
  next,
}: {
  platform: Platform;
  from: string | null;
  oidc: string | null;
  next: string | null;
}) => {
  const { t } = useTranslation();
  return (
    <ScreenLinks>
      <span>
        {t('signup.haveAccount')}{' '}
        <TextLink
          to={withNext(
            oidc ? withSignInContext(loginHref(platform), { from, oidc }) : loginHref(platform, from),
            next,
          )}
        >
          {t('logIn')}
        </TextLink>
      </span>
    </ScreenLinks>
  );
};

export default RegistrationScreen;
