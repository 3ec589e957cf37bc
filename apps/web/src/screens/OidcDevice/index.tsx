import { useEffect, useId } from 'react';
import { Trans, useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ScreenFrame } from '../../components/ScreenFrame';
import { Spinner } from '../../components/Spinner';
import { cx } from '../../lib/class-names';
import type { ScreenProps } from '../types';

/** The provider's address for the user code (its code_verification endpoint). */
const VERIFY = '/oidc/device';

const PROBLEMS = ['not_found', 'expired', 'used', 'aborted', 'missing', 'failed', 'rate_limited'] as const;
type Problem = (typeof PROBLEMS)[number];
const problemOf = (value: string | null): Problem | undefined =>
  (PROBLEMS as readonly string[]).includes(value ?? '') ? (value as Problem) : undefined;

const button =
  'flex w-full items-center justify-center gap-2.5 rounded-lg px-4 py-2.5 text-sm font-semibold shadow-sm transition-colors';
const primary = cx(button, 'bg-accent-700 text-white hover:bg-accent-800');
const secondary = cx(button, 'border border-slate-300 bg-white text-slate-900 hover:bg-slate-50');

/**
 * The device flow's screen (RFC 8628): the person types the code their device shows, confirms the
 * device's app, signs in through the hub's usual login if needed, and is told to go back to the
 * device. The provider (apps/server/src/oidc/device-flow.ts) sends the browser here with what to
 * show; the forms post straight back to it with its one-time form secret (`xsrf`), so no script is
 * needed to sign in. Without a form secret the browser goes to the provider first, which makes one.
 */
const OidcDeviceScreen = ({ platform }: ScreenProps) => {
  const { t } = useTranslation();
  const [params] = useSearchParams();
  const codeId = useId();
  const xsrf = params.get('xsrf');
  const userCode = params.get('user_code');
  const client = params.get('client');
  const problem = problemOf(params.get('problem'));
  const done = params.get('done') === '1';
  const needsSecret = !done && !xsrf && problem !== 'rate_limited';

  useEffect(() => {
    if (needsSecret) window.location.replace(VERIFY);
  }, [needsSecret]);

  const alert = problem && (
    <p role="alert" data-testid="device-problem" className="text-sm text-red-700">
      {t(`device.problem.${problem}`)}
    </p>
  );

  if (done)
    return (
      <ScreenFrame screen="oidc_device" platform={platform} title={t('device.doneTitle')}>
        <p data-testid="device-done" className="text-sm text-slate-700">
          {t('device.done')}
        </p>
      </ScreenFrame>
    );
  if (needsSecret)
    return (
      <ScreenFrame screen="oidc_device" platform={platform} title={t('device.title')}>
        <div className="flex justify-center py-6">
          <Spinner label={t('loading')} size="lg" />
        </div>
      </ScreenFrame>
    );
  if (!xsrf)
    return (
      <ScreenFrame screen="oidc_device" platform={platform} title={t('device.title')}>
        <div className="flex flex-col gap-5">
          {alert}
          <a href={VERIFY} className={secondary}>
            {t('device.startAgain')}
          </a>
        </div>
      </ScreenFrame>
    );
  if (userCode)
    return (
      <ScreenFrame
        screen="oidc_device"
        platform={platform}
        title={t('device.confirmTitle')}
        description={
          // The app's name is the element's own child, never parsed as part of the translation.
          <Trans
            i18nKey="device.confirmText"
            components={{ client: <strong data-testid="device-client-name">{client ?? ''}</strong> }}
          />
        }
      >
        <form method="post" action={VERIFY} className="flex flex-col gap-5">
          <p
            data-testid="device-user-code"
            className="text-center font-mono text-2xl tracking-widest text-slate-900"
          >
            {userCode}
          </p>
          <input type="hidden" name="xsrf" value={xsrf} />
          <input type="hidden" name="user_code" value={userCode} />
          <div className="flex flex-col gap-3">
            <button type="submit" name="confirm" value="yes" className={primary}>
              {t('device.confirm')}
            </button>
            <button type="submit" name="abort" value="yes" className={secondary}>
              {t('device.cancel')}
            </button>
          </div>
        </form>
      </ScreenFrame>
    );
  return (
    <ScreenFrame
      screen="oidc_device"
      platform={platform}
      title={t('device.title')}
      description={t('device.intro')}
    >
      <form method="post" action={VERIFY} className="flex flex-col gap-5">
        {alert}
        <input type="hidden" name="xsrf" value={xsrf} />
        <div className="flex flex-col gap-1.5">
          <label htmlFor={codeId} className="text-sm font-medium text-slate-900">
            {t('device.codeLabel')}
          </label>
          <input
            id={codeId}
            name="user_code"
            required
            autoComplete="off"
            autoCapitalize="characters"
            spellCheck={false}
            placeholder="XXXX-XXXX"
            aria-invalid={problem ? true : undefined}
            className="rounded-lg border border-slate-300 px-3 py-2.5 text-center font-mono text-lg uppercase tracking-widest text-slate-900"
          />
        </div>
        <button type="submit" className={primary}>
          {t('device.continue')}
        </button>
      </form>
    </ScreenFrame>
  );
};

export default OidcDeviceScreen;
