import { apiErrorText, type DeviceAccount, type Platform, routePath } from '@hub/core';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { deviceAccountsApi } from '../api/device-accounts';
import { meStore } from '../hooks/use-me';
import { Avatar } from './Avatar';

const itemClass =
  'flex w-full min-w-0 items-center gap-3 rounded-lg px-3 py-2.5 text-left text-sm font-medium text-slate-700 hover:bg-slate-100 hover:text-slate-900';

/**
 * The header menu's part for the accounts signed in on this browser (docs/sessions.md): switch to
 * another without the password, add one (the login, where 'Continue as' lists them), and sign out
 * of them all on a shared computer.
 */
export const DeviceAccountsMenu = ({
  platform,
  onDone,
}: {
  platform: Platform | undefined;
  onDone: () => void;
}) => {
  const { t } = useTranslation();
  const [others, setOthers] = useState<DeviceAccount[]>([]);
  const [error, setError] = useState<string | null>(null);

  useEffect(() => {
    const controller = new AbortController();
    deviceAccountsApi.list({ signal: controller.signal }).then((result) => {
      if (!controller.signal.aborted && result.ok) setOthers(result.data.accounts.filter((a) => !a.current));
    });
    return () => controller.abort();
  }, []);

  const switchTo = async (account: DeviceAccount) => {
    const result = await deviceAccountsApi.switchTo(account.id);
    if (!result.ok) {
      setError(apiErrorText(result.error));
      return;
    }
    onDone();
    // Every part of the page shows the account: it loads again as the one switched to.
    window.location.reload();
  };

  const signOutAll = async () => {
    const result = await deviceAccountsApi.signOutAll();
    if (!result.ok) {
      setError(apiErrorText(result.error));
      return;
    }
    meStore.signedOut(true);
    window.location.assign(result.data.location);
  };

  return (
    <div className="mt-1 border-t border-slate-100 pt-1" data-testid="device-accounts-menu">
      {others.length > 0 && (
        <>
          <p className="px-3 pt-2 pb-1 text-xs font-semibold text-slate-500">{t('menu.otherAccounts')}</p>
          <ul>
            {others.map((account) => (
              <li key={account.id}>
                <button
                  type="button"
                  data-testid="switch-account"
                  onClick={() => void switchTo(account)}
                  className={itemClass}
                >
                  <Avatar initials={account.initials} />
                  <span className="min-w-0 truncate">{t('menu.switchTo', { name: account.display })}</span>
                </button>
              </li>
            ))}
          </ul>
        </>
      )}
      <ul>
        <li>
          <a href={routePath('login', { platform: platform ?? 'psl' })} className={itemClass}>
            {t('menu.addAccount')}
          </a>
        </li>
        <li>
          <button
            type="button"
            data-testid="sign-out-all"
            onClick={() => void signOutAll()}
            className={itemClass}
          >
            {t('menu.signOutAll')}
          </button>
        </li>
      </ul>
      {error && (
        <p role="alert" className="px-3 py-1 text-xs text-red-700">
          {error}
        </p>
      )}
    </div>
  );
};
