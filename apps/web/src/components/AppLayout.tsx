import type { Platform } from '@hub/core';
import type { ReactNode } from 'react';
import { Footer } from './Footer';
import { Header } from './Header';
import { InstallPrompt } from './install/InstallPrompt';
import { SkipLink } from './SkipLink';

interface AppLayoutProps {
  platform?: Platform | undefined;
  /** The landing layout: header with the 'Sign in' dropdown and a wider content area. */
  landing?: boolean;
  children: ReactNode;
}

/**
 * The app chrome around every screen but /sso/rqx, the legal pages and the 404 page:
 * header, main, footer. `data-platform` switches the accent colour to green on /biz/*.
 */
export const AppLayout = ({ platform, landing = false, children }: AppLayoutProps) => (
  <div
    data-platform={platform ?? 'psl'}
    className="flex min-h-dvh flex-col bg-linear-to-b from-accent-50 via-slate-50 to-slate-50"
  >
    <SkipLink />
    <Header withSignIn={landing} />
    <main
      id="main"
      tabIndex={-1}
      className="flex w-full flex-1 flex-col items-center px-4 py-8 outline-none tablet:px-6 tablet:py-14"
    >
      {children}
    </main>
    <Footer />
    <InstallPrompt />
  </div>
);
