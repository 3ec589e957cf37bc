import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../hooks/use-me';
import { PRODUCT_NAME } from '../lib/brand';
import { cx } from '../lib/class-names';
import { LanguageSwitch } from './LanguageSwitch';
import { LazyAccountMenu as AccountMenu } from './LazyAccountMenu';
import { Logo } from './Logo';
import { PlatformTabs } from './PlatformTabs';
import { SignInMenu } from './SignInMenu';

interface HeaderProps {
  /** The landing layout adds the 'Sign in' dropdown. */
  withSignIn?: boolean;
}

/**
 * Spec §1: logo (to the root) and the Personal/Business tabs. On mobile (≤ 576 px) the header is
 * compact and shows only the tabs. A signed-in person sees their account menu instead of 'Sign in'
 * on every layout with a header; on mobile only its initials, at the edge beside the tabs, so the
 * account stays reachable while the compact header stays the tabs (docs/account-center.md). Both
 * menus end with the language switch (issue #18), as the footer does.
 */
export const Header = ({ withSignIn = false }: HeaderProps) => {
  const { t } = useTranslation();
  const { state } = useMe();
  const me = state.kind === 'ready' ? state.me : undefined;
  return (
    <header className="sticky top-0 z-20 border-b border-slate-200/80 bg-white/90 backdrop-blur">
      <div
        className={cx(
          'mx-auto flex h-14 max-w-6xl items-center justify-center px-4 tablet:grid tablet:h-16 tablet:grid-cols-[1fr_auto_1fr] tablet:gap-4 tablet:px-6',
          me && 'gap-3',
        )}
      >
        <Link
          to="/"
          aria-label={t('home', { product: PRODUCT_NAME })}
          className="hidden justify-self-start rounded-lg tablet:block"
        >
          <Logo withWordmark />
        </Link>
        <PlatformTabs
          className={cx('w-full max-w-xs tablet:w-auto', me && 'min-w-0 flex-1 tablet:flex-none')}
        />
        {me ? (
          <AccountMenu
            me={me}
            className="shrink-0 justify-self-end"
            languageSwitch={<LanguageSwitch className="justify-between" />}
          />
        ) : (
          withSignIn && <SignInMenu className="hidden justify-self-end tablet:block" />
        )}
      </div>
    </header>
  );
};
