import { type SocialProvider, socialProviders } from '@hub/core';
import { useState } from 'react';
import { linkProviderHref, meSecurityApi } from '../../../../api/me-security';
import { ProblemBanner } from '../../../../components/auth/ProblemBanner';
import { FacebookMark, GoogleMark } from '../../../../components/social/marks';
import { useApiProblem } from '../../../../hooks/use-api-problem';
import { useAccountWords } from '../../account-words';
import { PanelButton, SecurityPanel, type SecurityPanelProps } from './panel';

export const providerNames: Record<SocialProvider, string> = { google: 'Google', facebook: 'Facebook' };

/**
 * Google and Facebook: each linked identity with 'Unlink', each other available provider with
 * 'Link' (a trip through the provider that comes back to this page). The last way to sign in has
 * no 'Unlink': the page says what to do first (the server refuses it too).
 */
export const ProvidersPanel = ({ me, overview, changed, notify }: SecurityPanelProps) => {
  const [confirming, setConfirming] = useState<SocialProvider | null>(null);
  const [busy, setBusy] = useState(false);
  const { problem, dismiss, show } = useApiProblem();
  const { t, shortDate } = useAccountWords();
  const shown = socialProviders.filter(
    (provider) =>
      overview.available.includes(provider) || overview.linked.some((linked) => linked.provider === provider),
  );

  const unlink = async (provider: SocialProvider) => {
    dismiss();
    setBusy(true);
    const result = await meSecurityApi.unlink(provider);
    setBusy(false);
    setConfirming(null);
    if (result.ok) {
      notify(t('account.providers.unlinked', { provider: providerNames[provider] }));
      changed(result.data);
      return;
    }
    show(result.error, {}, { retry: () => unlink(provider) });
    changed();
  };

  return (
    <SecurityPanel
      overlay={<ProblemBanner problem={problem} onDismiss={dismiss} />}
      testId="providers"
      title={t('account.providers.title')}
      summary={<p>{t('account.providers.summary')}</p>}
    >
      {shown.length === 0 ? (
        <p className="text-sm text-slate-600">{t('account.providers.unavailable')}</p>
      ) : (
        <ul className="divide-y divide-slate-200 rounded-xl ring-1 ring-slate-200">
          {shown.map((provider) => {
            const linked = overview.linked.find((identity) => identity.provider === provider);
            const name = providerNames[provider];
            const last = Boolean(linked) && overview.signInMethods <= 1;
            return (
              <li
                key={provider}
                data-provider={provider}
                className="flex flex-wrap items-center gap-x-4 gap-y-3 px-4 py-3"
              >
                <div className="flex min-w-0 flex-1 basis-48 items-center gap-3">
                  {provider === 'google' ? <GoogleMark /> : <FacebookMark color="#0866FF" />}
                  <div className="min-w-0">
                    <p className="text-sm font-medium text-slate-900">{name}</p>
                    <p className="text-sm break-words text-slate-600">
                      {linked
                        ? linked.email
                          ? t('account.providers.linkedAs', {
                              email: linked.email,
                              date: shortDate(linked.linkedAt),
                            })
                          : t('account.providers.linkedSince', { date: shortDate(linked.linkedAt) })
                        : t('account.providers.notLinked')}
                    </p>
                    {last && <p className="mt-1 text-sm text-slate-600">{t('account.providers.onlyWay')}</p>}
                  </div>
                </div>
                <div className="flex max-w-full shrink-0 flex-wrap gap-2">
                  {!linked && overview.available.includes(provider) && (
                    <a
                      href={linkProviderHref(provider, me.homePlatform)}
                      className="rounded-lg border border-slate-300 bg-white px-3.5 py-2 text-sm font-semibold text-slate-800 shadow-xs hover:bg-slate-50"
                    >
                      {t('account.providers.link', { provider: name })}
                    </a>
                  )}
                  {linked && !last && confirming !== provider && (
                    <PanelButton onClick={() => setConfirming(provider)}>
                      {t('account.providers.unlink', { provider: name })}
                    </PanelButton>
                  )}
                  {linked && confirming === provider && (
                    <>
                      <PanelButton tone="danger" disabled={busy} onClick={() => unlink(provider)}>
                        {t('account.providers.confirmUnlink', { provider: name })}
                      </PanelButton>
                      <PanelButton disabled={busy} onClick={() => setConfirming(null)}>
                        {t('account.providers.keep')}
                      </PanelButton>
                    </>
                  )}
                </div>
              </li>
            );
          })}
        </ul>
      )}
    </SecurityPanel>
  );
};
