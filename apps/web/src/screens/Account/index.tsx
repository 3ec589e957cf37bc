import './texts';
import {
  type AccountRouteId,
  accountNextPath,
  apiErrorText,
  isAccountRoute,
  type MeSummary,
  routePath,
} from '@hub/core';
import type { ComponentType } from 'react';
import { useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { displayNameOf } from '../../components/AccountMenu';
import { Avatar } from '../../components/Avatar';
import { Banner } from '../../components/Banner';
import { Spinner } from '../../components/Spinner';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useLogOut } from '../../hooks/use-log-out';
import { useMe } from '../../hooks/use-me';
import { documentTitle } from '../../lib/brand';
import { cx } from '../../lib/class-names';
import type { ScreenProps } from '../types';
import { SectionStatus } from './SectionStatus';
import { accountSections } from './sections';
import { AccessSection } from './sections/Access';
import { DataSection } from './sections/Data';
import { ProfileSection } from './sections/Profile';
import { SecuritySection } from './sections/Security';
import { SessionsSection } from './sections/Sessions';

/** The open tab, scrolled into the sideways tab bar of a phone (a no-op where nothing scrolls). */
const showCurrentTab = (element: HTMLAnchorElement | null) => {
  element?.scrollIntoView?.({ block: 'nearest', inline: 'nearest' });
};

const sectionComponents: Record<AccountRouteId, ComponentType<{ me: MeSummary; refresh: () => void }>> = {
  account: ProfileSection,
  account_security: SecuritySection,
  account_sessions: SessionsSection,
  account_access: AccessSection,
  account_data: DataSection,
};

/** The login that brings a signed-out visitor back to this page afterwards (`next`, core accountNextPath). */
const loginBackHere = (platform: ScreenProps['platform']) => {
  const login = routePath('login', { platform: platform ?? 'psl' });
  const back = accountNextPath(window.location.pathname);
  return back ? `${login}?${new URLSearchParams({ next: back }).toString()}` : login;
};

/**
 * The account center: the signed-in person manages their own account. One screen for its five
 * pages (the route says which), with the platform tab kept when the path has one (/psl/account).
 * Without a hub session it sends the person to log in, and the login brings them back.
 */
const AccountScreen = ({ routeId, platform }: ScreenProps) => {
  const current: AccountRouteId = isAccountRoute(routeId) ? routeId : 'account';
  const section = accountSections.find((s) => s.id === current) ?? accountSections[0]!;
  const { state, refresh } = useMe();
  const navigate = useNavigate();
  const { t } = useTranslation('account');
  useDocumentTitle(documentTitle(t(`account.section.${section.id}`)));

  useEffect(() => {
    // After a log-out the log-out decides where the browser goes (the landing).
    if (state.kind !== 'signed_out' || state.loggedOut) return;
    navigate(loginBackHere(platform), { replace: true });
  }, [state, platform, navigate]);

  const Section = sectionComponents[current];
  const hrefOf = (id: AccountRouteId) => routePath(id, platform ? { platform } : {});
  const me = state.kind === 'ready' ? state.me : undefined;
  return (
    <section
      data-screen={current}
      aria-labelledby="account-heading"
      aria-busy={state.kind === 'loading' || undefined}
      className="w-full max-w-5xl"
    >
      <div className="flex items-center gap-4">
        {me ? (
          <Avatar initials={me.initials} size="lg" />
        ) : (
          <span className="size-12 shrink-0 rounded-full bg-slate-200" />
        )}
        <div className="min-w-0 flex-1">
          <h1 id="account-heading" className="text-2xl font-semibold tracking-tight text-slate-900">
            {t('account.title')}
          </h1>
          {me && (
            <p data-testid="account-who" className="truncate text-sm text-slate-600">
              {displayNameOf(me)}
              {me.name && <span className="hidden tablet:inline"> · {me.account.display}</span>}
            </p>
          )}
        </div>
        {/* From tablet up beside the heading; on mobile at the foot of the page. */}
        {me && <LogOutButton className="hidden tablet:inline-flex" />}
      </div>
      <div className="mt-6 grid gap-4 tablet:mt-8 tablet:grid-cols-[13rem_1fr] tablet:gap-6 desktop:grid-cols-[15rem_1fr]">
        <nav aria-label={t('account.nav')} className="-mx-4 min-w-0 tablet:mx-0">
          {/* On a phone the tabs scroll sideways: the right edge fades out so a cut-off tab reads as
              "more this way", and the open tab is scrolled into view. */}
          <ul
            data-testid="account-tabs"
            className="flex gap-1 overflow-x-auto px-4 pr-10 pb-1 [mask-image:linear-gradient(to_right,#000_calc(100%-2.5rem),transparent)] [scrollbar-width:none] tablet:flex-col tablet:overflow-visible tablet:px-0 tablet:[mask-image:none]"
          >
            {accountSections.map((s) => (
              <li key={s.id} className="shrink-0">
                <Link
                  to={hrefOf(s.id)}
                  ref={s.id === current ? showCurrentTab : undefined}
                  aria-current={s.id === current ? 'page' : undefined}
                  className={cx(
                    'block rounded-lg px-3 py-2 text-sm font-medium whitespace-nowrap',
                    s.id === current
                      ? 'bg-white text-accent-800 shadow-sm ring-1 ring-slate-900/10'
                      : 'text-slate-600 hover:bg-white/70 hover:text-slate-900',
                  )}
                >
                  {t(`account.section.${s.id}`)}
                </Link>
              </li>
            ))}
          </ul>
        </nav>
        <div className="min-w-0 rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-900/5 tablet:p-8">
          <h2 className="text-lg font-semibold text-slate-900">{t(`account.section.${section.id}`)}</h2>
          <p className="mt-1 text-sm text-slate-600">{t(`account.section.${section.id}.description`)}</p>
          <div className="mt-6">
            {me ? (
              <Section me={me} refresh={refresh} />
            ) : (
              <SectionStatus error={state.kind === 'failed' ? state.error : undefined} retry={refresh} />
            )}
          </div>
        </div>
      </div>
      {me && (
        <div className="mt-6 flex justify-center tablet:hidden">
          <LogOutButton className="inline-flex" />
        </div>
      )}
    </section>
  );
};

/** The account center's 'Log out': the same log-out as the header's menu. */
const LogOutButton = ({ className }: { className: string }) => {
  const { logOut, busy, error, dismiss } = useLogOut();
  const { t } = useTranslation('account');
  return (
    <>
      <button
        type="button"
        onClick={() => void logOut()}
        aria-busy={busy || undefined}
        className={cx(
          'shrink-0 items-center gap-2 rounded-lg bg-white px-4 py-2 text-sm font-semibold text-slate-700 shadow-sm ring-1 ring-slate-300 hover:bg-slate-50',
          className,
        )}
      >
        {busy && <Spinner size="sm" />}
        {t('account.logOut')}
      </button>
      {error && (
        <Banner
          variant="error"
          action={{ label: t('tryAgain'), onClick: () => void logOut() }}
          onDismiss={dismiss}
        >
          {apiErrorText(error)}
        </Banner>
      )}
    </>
  );
};

export default AccountScreen;
