import { lazy, Suspense } from 'react';
import type { AccountMenuProps } from './AccountMenu';
import { Avatar } from './Avatar';

// Only a signed-in person needs the menu: it loads then, so a visitor's first load stays as it was.
const AccountMenu = lazy(() => import('./AccountMenu').then((module) => ({ default: module.AccountMenu })));

/** The header's account menu, loaded when first shown; its initials hold the place meanwhile. */
export const LazyAccountMenu = ({ me, className, languageSwitch }: AccountMenuProps) => (
  <Suspense
    fallback={
      <span className={className}>
        <Avatar initials={me.initials} />
      </span>
    }
  >
    <AccountMenu me={me} className={className} languageSwitch={languageSwitch} />
  </Suspense>
);
