import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useMe } from '../hooks/use-me';
import { PRODUCT_NAME } from '../lib/brand';
import { cx } from '../lib/class-names';
import { type LegalRouteId, legalPages } from '../lib/legal-pages';
import { Footer } from './Footer';
import { LazyAccountMenu as AccountMenu } from './LazyAccountMenu';
import { Logo } from './Logo';
import { SkipLink } from './SkipLink';

/**
 * Spec §2 "Legal page shell": a header with the logo and the product name, three tabs to the
 * legal pages with the current one highlighted, then the document. On mobile the header stacks.
 */
export const LegalLayout = ({ current, children }: { current: LegalRouteId; children: ReactNode }) => {
  const { state } = useMe();
  const { t } = useTranslation();
  return (
    <div className="flex min-h-dvh flex-col bg-slate-50">
      <SkipLink />
      <header className="border-b border-slate-200/80 bg-white">
        <div className="relative mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-3 tablet:flex-row tablet:justify-between tablet:px-6">
          <div className="flex w-full items-center justify-center tablet:w-auto">
            <Link to="/" aria-label={t('home', { product: PRODUCT_NAME })} className="rounded-lg">
              <Logo withWordmark />
            </Link>
            {/* A signed-in person's account menu: at the edge on mobile, after the tabs from tablet up. */}
            {state.kind === 'ready' && (
              <AccountMenu me={state.me} className="absolute top-3 right-4 tablet:hidden" />
            )}
          </div>
          <nav aria-label={t('legal.nav')} className="w-full tablet:w-auto">
            <ul className="grid grid-cols-3 gap-1 rounded-xl bg-slate-100 p-1 tablet:flex">
              {legalPages.map((page) => (
                <li key={page.id}>
                  <Link
                    to={page.path}
                    aria-current={page.id === current ? 'page' : undefined}
                    className={cx(
                      'flex h-full items-center justify-center rounded-lg px-2 py-1.5 text-center text-xs font-medium tablet:px-3 tablet:text-sm',
                      page.id === current
                        ? 'bg-white text-primary-700 shadow-sm'
                        : 'text-slate-600 hover:text-slate-900',
                    )}
                  >
                    {t(page.labelKey)}
                  </Link>
                </li>
              ))}
            </ul>
          </nav>
          {state.kind === 'ready' && <AccountMenu me={state.me} className="hidden tablet:block" />}
        </div>
      </header>
      <main
        id="main"
        tabIndex={-1}
        className="flex w-full flex-1 flex-col items-center px-4 py-8 outline-none tablet:px-6 tablet:py-12"
      >
        {children}
      </main>
      <Footer />
    </div>
  );
};
