import { type ApiError, errorMessage, isErrorCode, type MeSummary, routePath } from '@hub/core';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { useDisclosure } from '../hooks/use-disclosure';
import { useLogOut } from '../hooks/use-log-out';
import { usePlatform } from '../hooks/use-platform';
import { cx } from '../lib/class-names';
import { Avatar } from './Avatar';
import { Banner } from './Banner';
import { DeviceAccountsMenu } from './DeviceAccountsMenu';
import { MenuChevron } from './MenuChevron';
import { Spinner } from './Spinner';

// core's apiErrorText, without its module (it holds zod, which the landing's first load leaves out).
const errorText = (error: ApiError) =>
  isErrorCode(error.code) ? errorMessage(error.code, error.params) : error.message;

/** How the header names the signed-in person: their name, else the account they sign in with. */
export const displayNameOf = (me: MeSummary) =>
  me.name ? `${me.name.first} ${me.name.last}`.trim() : me.account.display;

export interface AccountMenuProps {
  me: MeSummary;
  className?: string;
  /**
   * The language switch under the menu's links. The header passes it in: the switch lives in the
   * first load (the footer has it), and importing it here would split that load into more chunks.
   */
  languageSwitch?: ReactNode;
}

/**
 * The header's account menu for a signed-in person, in place of 'Sign in': the initials (and, from
 * tablet up, the name) open a disclosure with 'Account', 'Log out' and, under them, what
 * `languageSwitch` gives (the header's language switch, issue #18). Like the 'Sign in' menu it
 * closes on Escape (focus returns to the button), on a click or focus outside, and on choosing.
 */
export const AccountMenu = ({ me, className, languageSwitch }: AccountMenuProps) => {
  const { t } = useTranslation();
  const { open, toggle, close, containerRef, buttonRef, menuId } = useDisclosure();
  const platform = usePlatform();
  const { logOut, busy, error, dismiss: dismissError } = useLogOut();
  const name = displayNameOf(me);

  return (
    <div ref={containerRef} className={cx('relative', className)}>
      <button
        ref={buttonRef}
        type="button"
        aria-expanded={open}
        aria-controls={open ? menuId : undefined}
        aria-label={t('menu.yourAccount', { name })}
        data-testid="account-menu-button"
        onClick={toggle}
        className="flex items-center gap-2 rounded-full p-0.5 text-sm font-medium text-slate-700 hover:bg-slate-100 tablet:py-1 tablet:pr-3 tablet:pl-1"
      >
        <Avatar initials={me.initials} />
        <span className="hidden max-w-40 truncate tablet:inline">{name}</span>
        <MenuChevron open={open} className="hidden tablet:block" />
      </button>
      {open && (
        <div
          id={menuId}
          className="absolute right-0 z-30 mt-2 w-64 rounded-xl bg-white p-1.5 shadow-lg ring-1 ring-slate-900/10"
        >
          <div className="border-b border-slate-100 px-3 pt-2 pb-3">
            <p className="truncate text-sm font-semibold text-slate-900">{name}</p>
            {me.name && <p className="truncate text-xs text-slate-600">{me.account.display}</p>}
          </div>
          <ul className="pt-1">
            <li>
              <Link
                to={routePath('account', platform ? { platform } : {})}
                onClick={close}
                className="flex items-center gap-3 rounded-lg px-3 py-2.5 text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
              >
                {t('menu.account')}
              </Link>
            </li>
            <li>
              <button
                type="button"
                onClick={() => void logOut()}
                aria-busy={busy || undefined}
                className="flex w-full items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900"
              >
                {t('logOut')}
                {busy && <Spinner size="sm" />}
              </button>
            </li>
          </ul>
          <DeviceAccountsMenu platform={platform} onDone={close} />
          {languageSwitch && (
            <div className="mt-1 border-t border-slate-100 px-3 pt-2.5 pb-1.5">{languageSwitch}</div>
          )}
        </div>
      )}
      {error && (
        <Banner
          variant="error"
          action={{ label: t('tryAgain'), onClick: () => void logOut() }}
          onDismiss={dismissError}
        >
          {errorText(error)}
        </Banner>
      )}
    </div>
  );
};
