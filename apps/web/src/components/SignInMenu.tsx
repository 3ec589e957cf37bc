import { routePath } from '@hub/core';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDisclosure } from '../hooks/use-disclosure';
import { cx } from '../lib/class-names';
import { LanguageSwitch } from './LanguageSwitch';
import { MenuChevron } from './MenuChevron';

const options = [
  { label: 'businessSignIn', href: routePath('login', { platform: 'biz' }), dot: 'bg-business-500' },
  { label: 'personalSignIn', href: routePath('login', { platform: 'psl' }), dot: 'bg-primary-500' },
] as const;

/**
 * Spec §1: the landing layout's 'Sign in' dropdown. A disclosure (button + list of links): it
 * closes on Escape (focus returns to the button), on a click or focus outside, and on choosing.
 * Under the links, issue #18's language switch (the footer has the same one).
 */
export const SignInMenu = ({ className }: { className?: string }) => {
  const { t } = useTranslation();
  const { open, toggle, close, containerRef, buttonRef, menuId } = useDisclosure();

  return (
    <div ref={containerRef} className={cx('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        onClick={toggle}
        className="inline-flex items-center gap-1.5 rounded-full bg-slate-900 px-4 py-2 text-sm font-medium text-white hover:bg-slate-700"
      >
        {t('signIn')}
        <MenuChevron open={open} />
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 z-30 mt-2 w-60 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-900/10"
        >
          <ul>
            {options.map((option) => (
              <li key={option.href}>
                <Link
                  to={option.href}
                  onClick={close}
                  className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
                >
                  <span aria-hidden="true" className={cx('size-2 rounded-full', option.dot)} />
                  {t(option.label)}
                </Link>
              </li>
            ))}
          </ul>
          <div className="mt-1 border-t border-slate-100 px-3 pt-2.5 pb-1.5">
            <LanguageSwitch className="justify-between" />
          </div>
        </div>
      )}
    </div>
  );
};
