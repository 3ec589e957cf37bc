import {
  type ApiError,
  errorMessage,
  isErrorCode,
  type Platform,
  platformProductNames,
  routePath,
} from '@hub/core';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { Banner } from '../../components/Banner';
import { Spinner } from '../../components/Spinner';
import { useMe } from '../../hooks/use-me';
import { cx } from '../../lib/class-names';

const cards = [
  { platform: 'psl', title: 'personalCard', text: 'landing.personalText' },
  { platform: 'biz', title: 'businessCard', text: 'landing.businessText' },
] as const;

const colours: Record<Platform, { bar: string; eyebrow: string; primary: string; secondary: string }> = {
  psl: {
    bar: 'bg-primary-600',
    eyebrow: 'text-primary-700',
    primary: 'bg-primary-700 hover:bg-primary-800',
    secondary: 'text-primary-800 ring-primary-200 hover:bg-primary-50',
  },
  biz: {
    bar: 'bg-business-600',
    eyebrow: 'text-business-700',
    primary: 'bg-business-700 hover:bg-business-800',
    secondary: 'text-business-800 ring-business-200 hover:bg-business-50',
  },
};

// core's apiErrorText, without its module (it holds zod, which the landing's first load leaves out).
const errorText = (error: ApiError) =>
  isErrorCode(error.code) ? errorMessage(error.code, error.params) : error.message;

/**
 * Spec §1: the 'Launch your Career Potential' (Personal) and 'Empower your Business' (Business)
 * cards, each leading into its platform. Spec §9: at most 460 px wide on tablets, 496 px on desktops.
 * On a desktop they stay side by side, a little narrower where two full cards do not fit (993 px up).
 * For a signed-in person each card says 'Continue' instead, and goes where their login would end.
 */
export const PlatformCards = () => {
  const { t } = useTranslation();
  const headingId = useId();
  const { state } = useMe();
  const signedIn = state.kind === 'ready';
  return (
    <section aria-labelledby={headingId} className="@container mt-12 tablet:mt-16">
      <h2 id={headingId} className="sr-only">
        {t('landing.choosePlatform')}
      </h2>
      {/* Spec §9: a desktop card is 496 px wide at every desktop width. Side by side only where two
          fit (2 × 496 + the gap), their outer edges on the hero's; stacked and centred where not. */}
      <ul className="flex flex-col items-center gap-6 @min-[1016px]:flex-row @min-[1016px]:items-stretch @min-[1016px]:justify-between">
        {cards.map(({ platform, title, text }) => {
          const name = platformProductNames[platform];
          return (
            <li
              key={platform}
              data-card={platform}
              className="relative flex w-full flex-col overflow-hidden rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-900/5 tablet:max-w-card-tablet tablet:p-8 desktop:w-card desktop:max-w-card desktop:shrink-0"
            >
              <span
                aria-hidden="true"
                className={cx('absolute inset-x-0 top-0 h-1.5', colours[platform].bar)}
              />
              <p className={cx('text-xs font-bold tracking-wider uppercase', colours[platform].eyebrow)}>
                {name}
              </p>
              <h3 className="mt-2 text-xl font-semibold tracking-tight text-slate-900 tablet:text-2xl">
                {t(title)}
              </h3>
              <p className="mt-3 text-sm leading-6 text-slate-600">{t(text)}</p>
              <div className="mt-auto flex flex-wrap gap-3 pt-6">
                {signedIn ? (
                  <ContinueButton platform={platform} className={colours[platform].primary} />
                ) : (
                  <>
                    <Link
                      to={routePath('registration', { platform })}
                      aria-label={t('landing.getStartedWith', { platform: name })}
                      className={cx(
                        'rounded-lg px-4 py-2.5 text-sm font-semibold text-white shadow-sm',
                        colours[platform].primary,
                      )}
                    >
                      {t('landing.getStarted')}
                    </Link>
                    <Link
                      to={routePath('login', { platform })}
                      aria-label={t('landing.logInTo', { platform: name })}
                      className={cx(
                        'rounded-lg px-4 py-2.5 text-sm font-semibold ring-1',
                        colours[platform].secondary,
                      )}
                    >
                      {t('logIn')}
                    </Link>
                  </>
                )}
              </div>
            </li>
          );
        })}
      </ul>
    </section>
  );
};

/**
 * 'Continue' for a signed-in person: on to the platform's site as the login's exit would go
 * (POST /api/me/continue gives the exit with a fresh ainfo), or to that platform's login when the
 * account is not on it yet (the login offers the switching).
 */
const ContinueButton = ({ platform, className }: { platform: Platform; className: string }) => {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [busy, setBusy] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const go = async () => {
    if (busy) return;
    setBusy(true);
    setFailure(null);
    const { meShellApi } = await import('../../api/me-shell');
    const result = await meShellApi.continueTo(platform);
    if (!result.ok) {
      setBusy(false);
      setFailure(errorText(result.error));
      return;
    }
    const { location } = result.data;
    if (location.startsWith('/') && !location.startsWith('//')) navigate(location);
    else window.location.assign(location);
  };
  return (
    <>
      <button
        type="button"
        onClick={() => void go()}
        aria-busy={busy || undefined}
        data-testid={`continue-${platform}`}
        aria-label={t('landing.continueTo', { platform: platformProductNames[platform] })}
        className={cx(
          'inline-flex items-center gap-2 rounded-lg px-4 py-2.5 text-sm font-semibold text-white shadow-sm',
          className,
        )}
      >
        {busy && <Spinner size="sm" tone="inverse" />}
        {t('landing.continue')}
      </button>
      {failure && (
        <Banner
          variant="error"
          action={{ label: t('tryAgain'), onClick: () => void go() }}
          onDismiss={() => setFailure(null)}
        >
          {failure}
        </Banner>
      )}
    </>
  );
};
