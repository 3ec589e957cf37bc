import '../texts';
import {
  apiErrorText,
  isSocialErrorCode,
  isSocialProvider,
  type MeSummary,
  type SecurityOverview,
  SOCIAL_LINKED_PARAM,
} from '@hub/core';
import { type ComponentType, useCallback, useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { meSecurityApi } from '../../../api/me-security';
import { Banner } from '../../../components/Banner';
import { Spinner } from '../../../components/Spinner';
import { useTimeout } from '../../../hooks/use-timeout';
import { i18next } from '../../../i18n';
import { PasskeysSection } from './Passkeys';
import { EmailPanel } from './security/EmailPanel';
import { PasswordPanel } from './security/PasswordPanel';
import { ProvidersPanel, providerNames } from './security/ProvidersPanel';
import type { SecurityPanelProps } from './security/panel';
import { TwoStepPanel } from './security/TwoStepPanel';

/**
 * The page's panels, in order. A new part of sign-in and security (two-step sign-in) is one more
 * component here, taking the same props.
 */
const panels: ReadonlyArray<ComponentType<SecurityPanelProps>> = [
  PasswordPanel,
  EmailPanel,
  ProvidersPanel,
  TwoStepPanel,
  // Passkeys read and change their own list (/api/me/passkeys).
  () => <PasskeysSection />,
];

type Notice = { variant: 'success' | 'error'; text: string };

/** How long a confirmation stays on screen (it is announced to screen readers when it appears). */
const SUCCESS_BANNER_MS = 8000;

/**
 * What a provider link left in the address when it came back (`?linked=google`, or
 * `?social_error=…&provider=…`): the banner to show. The parameters are then taken out of the
 * address, so a reload does not say it again.
 */
const noticeFromReturn = (): Notice | null => {
  const params = new URLSearchParams(window.location.search);
  const linked = params.get(SOCIAL_LINKED_PARAM);
  const error = params.get('social_error');
  if (!linked && !error) return null;
  window.history.replaceState(window.history.state, '', window.location.pathname);
  // Read once, before the first render: the language is already chosen by then (startI18n).
  if (isSocialProvider(linked))
    return {
      variant: 'success',
      text: i18next.t('account.providerLinked', { ns: 'account', provider: providerNames[linked] }),
    };
  if (isSocialErrorCode(error)) return { variant: 'error', text: i18next.t(`socialError.${error}`) };
  return null;
};

type Loaded =
  | { kind: 'loading' }
  | { kind: 'ready'; overview: SecurityOverview }
  | { kind: 'failed'; message: string };

/** The account center's "Sign-in & security" page: the panels, on one read of the overview. */
export const SecuritySection = ({ me, refresh }: { me: MeSummary; refresh: () => void }) => {
  const [loaded, setLoaded] = useState<Loaded>({ kind: 'loading' });
  const [attempt, setAttempt] = useState(0);
  const [notice, setNotice] = useState<Notice | null>(noticeFromReturn);
  const { t } = useTranslation('account');

  // biome-ignore lint/correctness/useExhaustiveDependencies: `attempt` is how `changed` asks again.
  useEffect(() => {
    const controller = new AbortController();
    meSecurityApi.overview({ signal: controller.signal }).then((result) => {
      if (controller.signal.aborted) return;
      if (result.ok) setLoaded({ kind: 'ready', overview: result.data });
      else if (result.error.code === 'session.required') refresh();
      else setLoaded({ kind: 'failed', message: apiErrorText(result.error) });
    });
    return () => controller.abort();
  }, [attempt, refresh]);

  const changed = useCallback(
    (next?: SecurityOverview) => {
      if (next) setLoaded({ kind: 'ready', overview: next });
      else setAttempt((count) => count + 1);
      refresh();
    },
    [refresh],
  );
  const notify = useCallback((text: string) => setNotice({ variant: 'success', text }), []);
  // A confirmation goes after a while (it was announced); an error stays until dismissed.
  useTimeout(() => setNotice(null), SUCCESS_BANNER_MS, notice?.variant === 'success' ? notice : null);

  return (
    <div>
      {notice && (
        <Banner variant={notice.variant} onDismiss={() => setNotice(null)}>
          {notice.text}
        </Banner>
      )}
      {loaded.kind === 'ready' ? (
        <div className="divide-y divide-slate-200">
          {panels.map((Panel) => (
            <Panel key={Panel.name} me={me} overview={loaded.overview} changed={changed} notify={notify} />
          ))}
        </div>
      ) : loaded.kind === 'failed' ? (
        <p role="alert" className="text-sm text-red-700">
          {loaded.message}
        </p>
      ) : (
        <div className="flex justify-center py-6">
          <Spinner label={t('loading')} size="lg" />
        </div>
      )}
    </div>
  );
};
