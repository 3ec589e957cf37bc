import {
  errorMessage,
  isSocialErrorCode,
  isSocialProvider,
  type Platform,
  type SocialIntent,
  type SocialProvider,
  socialStartPath,
} from '@hub/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { SocialButton } from './SocialButton';
import { fetchSocialProviders } from './social-api';

interface SocialButtonsProps {
  platform: Platform;
  intent: SocialIntent;
  /** The tool session to carry, when it is not the page's `from` (a tool login keeps it stored). */
  from?: string;
  /** A tool login's tool: its refusal names it, as the password login's does (spec §8). */
  toolName?: string;
}

/**
 * The provider buttons of the login, sign-up and tool login screens: only the providers
 * the hub has configured, each a plain link to the hub's start URL carrying the page's from,
 * subcb and OpenID Connect interaction (oidc). A provider sign-in that came back with `social_error` shows its message under that
 * provider's button.
 */
export const SocialButtons = ({ platform, intent, from, toolName }: SocialButtonsProps) => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const [providers, setProviders] = useState<SocialProvider[]>([]);
  useEffect(() => {
    const controller = new AbortController();
    void fetchSocialProviders(controller.signal).then((result) => {
      // Without an answer the buttons stay hidden: the account form still works.
      if (result.ok) setProviders(result.data.providers);
    });
    return () => controller.abort();
  }, []);
  if (providers.length === 0) return null;

  const errorCode = params.get('social_error');
  const errorProvider = params.get('provider');
  const message = !isSocialErrorCode(errorCode)
    ? undefined
    : errorCode === 'not_registered_to_tool' && toolName
      ? errorMessage('account.not_registered_to_tool', { tool: toolName })
      : t(`socialError.${errorCode}`);
  const hrefOf = (provider: SocialProvider) => {
    const query = new URLSearchParams({ platform, intent });
    const toolSession = from ?? params.get('from');
    const subcb = params.get('subcb');
    const oidc = params.get('oidc');
    if (toolSession) query.set('from', toolSession);
    if (subcb) query.set('subcb', subcb);
    if (oidc) query.set('oidc', oidc);
    return `${socialStartPath(provider)}?${query.toString()}`;
  };

  return (
    <section aria-label={t('social.label')} className="mt-6 flex flex-col gap-3" data-testid="social-buttons">
      <p className="flex items-center gap-3 text-xs text-slate-500 before:h-px before:flex-1 before:bg-slate-200 after:h-px after:flex-1 after:bg-slate-200">
        {t('social.or')}
      </p>
      {providers.map((provider) => (
        <SocialButton
          key={provider}
          provider={provider}
          href={hrefOf(provider)}
          error={
            message && (errorProvider === provider || !isSocialProvider(errorProvider)) ? message : undefined
          }
        />
      ))}
    </section>
  );
};
