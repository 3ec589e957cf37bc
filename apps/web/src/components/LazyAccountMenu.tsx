import type { MeSummary } from '@hub/core';
import { lazy, Suspense } from 'react';
import { Avatar } from './Avatar';

// Only a signed-in person needs the menu: it loads then, so a visitor's first load stays as it was.
const AccountMenu = lazy(() => import('./AccountMenu').then((module) => ({ default: module.AccountMenu })));

/** The header's account menu, loaded when first shown; its initials hold the place meanwhile. */
export const LazyAccountMenu = ({ me, className }: { me: MeSummary; className?: string }) => (
  <Suspense
    fallback={
      <span className={className}>
        <Avatar initials={me.initials} />
      </span>
    }
  >
    <AccountMenu me={me} className={className} />
  </Suspense>
);
