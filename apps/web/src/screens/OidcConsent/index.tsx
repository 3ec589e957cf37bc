import { apiErrorText, type OidcConsentDetails, type OidcConsentItem } from '@hub/core';
import { useEffect, useState } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { oidcConsentApi } from '../../api/oidc';
import { ScreenFrame } from '../../components/ScreenFrame';
import { Spinner } from '../../components/Spinner';
import { cx } from '../../lib/class-names';
import type { ScreenProps } from '../types';

/** What each item the client would receive means, in the person's words (the catalogue's key). */
const itemKey = (item: OidcConsentItem) => `consent.item.${item}` as const;

type State =
  | { kind: 'loading' }
  | { kind: 'ready'; details: OidcConsentDetails }
  | { kind: 'failed'; message: string };

/**
 * An OpenID Connect client that is not one of the hub's own asks to sign the person in: the screen
 * names the client and what it will receive, and Allow or Deny answers it. The answer is
 * remembered, so the same client asking for the same things does not ask again.
 */
const OidcConsentScreen = ({ platform = 'psl' }: ScreenProps) => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const uid = params.get('oidc') ?? '';
  const [state, setState] = useState<State>({ kind: 'loading' });
  const [sending, setSending] = useState<'allow' | 'deny' | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    oidcConsentApi.details(uid, controller.signal).then((result) => {
      if (result.ok) setState({ kind: 'ready', details: result.data });
      else if (!('aborted' in result && result.aborted))
        setState({ kind: 'failed', message: apiErrorText(result.error) });
    });
    return () => controller.abort();
  }, [uid]);

  const answer = async (allow: boolean) => {
    if (sending) return;
    setSending(allow ? 'allow' : 'deny');
    const result = await oidcConsentApi.answer(uid, allow);
    if (result.ok) {
      window.location.assign(result.data.location);
      return;
    }
    setSending(null);
    setState({ kind: 'failed', message: apiErrorText(result.error) });
  };

  const frame = { screen: 'oidc_consent', platform, title: t('consent.title') } as const;
  if (state.kind === 'loading')
    return (
      <ScreenFrame {...frame}>
        <div className="flex justify-center py-6">
          <Spinner label={t('loading')} size="lg" />
        </div>
      </ScreenFrame>
    );
  if (state.kind === 'failed')
    return (
      <ScreenFrame {...frame}>
        <p role="alert" className="text-sm text-red-700">
          {state.message}
        </p>
      </ScreenFrame>
    );
  const { client, receives } = state.details;
  const button =
    'flex w-full items-center justify-center gap-2.5 rounded-lg px-4 py-2.5 text-sm font-semibold shadow-sm transition-colors';
  return (
    <ScreenFrame
      {...frame}
      description={
        // The name is the element's own child, never parsed as part of the translation.
        <Trans
          i18nKey="consent.wants"
          components={{ client: <strong data-testid="oidc-client-name">{client.name}</strong> }}
        />
      }
    >
      <div className="flex flex-col gap-5">
        <div>
          <p className="text-sm font-medium text-slate-900">{t('consent.receives')}</p>
          <ul
            className="mt-2 list-disc space-y-1 pl-5 text-sm text-slate-700"
            data-testid="oidc-consent-items"
          >
            <li>{t('consent.item.identifier')}</li>
            {receives.map((item) => (
              <li key={item}>{t(itemKey(item))}</li>
            ))}
          </ul>
        </div>
        <p className="text-xs text-slate-600">{t('consent.remembered')}</p>
        <div className="flex flex-col gap-3">
          <button
            type="button"
            aria-busy={sending === 'allow' || undefined}
            onClick={() => answer(true)}
            className={cx(button, 'bg-accent-700 text-white hover:bg-accent-800')}
          >
            {sending === 'allow' && <Spinner size="sm" tone="inverse" />}
            <span>{t('consent.allow')}</span>
          </button>
          <button
            type="button"
            aria-busy={sending === 'deny' || undefined}
            onClick={() => answer(false)}
            className={cx(button, 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50')}
          >
            {sending === 'deny' && <Spinner size="sm" />}
            <span>{t('consent.deny')}</span>
          </button>
        </div>
      </div>
    </ScreenFrame>
  );
};

export default OidcConsentScreen;
