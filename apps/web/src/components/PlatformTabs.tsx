import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { usePlatformTabs } from '../hooks/use-platform';
import { cx } from '../lib/class-names';

const activeColours = {
  psl: 'bg-primary-600 text-white shadow-sm',
  biz: 'bg-business-700 text-white shadow-sm',
};

/** Spec §1: the Personal and Business tabs; the current platform's tab is marked aria-current. */
export const PlatformTabs = ({ className }: { className?: string }) => {
  const { t } = useTranslation();
  const tabs = usePlatformTabs();
  return (
    <nav aria-label={t('platform.nav')} className={className}>
      <ul className="flex rounded-full bg-slate-100 p-1 ring-1 ring-slate-900/5">
        {tabs.map((tab) => (
          <li key={tab.platform} className="flex-1">
            <Link
              to={tab.href}
              aria-current={tab.current ? 'page' : undefined}
              className={cx(
                'block rounded-full px-5 py-1.5 text-center text-sm font-medium transition-[color,background-color]',
                tab.current
                  ? activeColours[tab.platform]
                  : 'text-slate-600 hover:bg-white hover:text-slate-900',
              )}
            >
              {tab.label}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
};
