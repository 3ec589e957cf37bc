import { Link } from 'react-router';
import { PRODUCT_NAME } from '../lib/brand';
import { Logo } from './Logo';
import { PlatformTabs } from './PlatformTabs';
import { SignInMenu } from './SignInMenu';

interface HeaderProps {
  /** The landing layout adds the 'Sign in' dropdown. */
  withSignIn?: boolean;
}

/**
 * Spec §1: logo (to the root) and the Personal/Business tabs. On mobile (≤ 576 px) the header is
 * compact and shows only the tabs.
 */
export const Header = ({ withSignIn = false }: HeaderProps) => (
  <header className="sticky top-0 z-20 border-b border-slate-200/80 bg-white/90 backdrop-blur">
    <div className="mx-auto flex h-14 max-w-6xl items-center justify-center px-4 tablet:grid tablet:h-16 tablet:grid-cols-[1fr_auto_1fr] tablet:gap-4 tablet:px-6">
      <Link
        to="/"
        aria-label={`${PRODUCT_NAME} home`}
        className="hidden justify-self-start rounded-lg tablet:block"
      >
        <Logo withWordmark />
      </Link>
      <PlatformTabs className="w-full max-w-xs tablet:w-auto" />
      {withSignIn && <SignInMenu className="hidden justify-self-end tablet:block" />}
    </div>
  </header>
);
