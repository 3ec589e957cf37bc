import { COPYRIGHT_YEAR } from '@hub/core';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../lib/brand';
import { legalPages } from '../lib/legal-pages';
import { LanguageSwitch } from './LanguageSwitch';

/**
 * Spec §2: links to the three legal pages, each opening in a new tab, and the 2023 copyright line;
 * issue #18: the language switch.
 */
export const Footer = () => {
  const { t } = useTranslation();
  return (
    <footer className="border-t border-slate-200/80 bg-white/60">
      <div className="mx-auto flex max-w-6xl flex-col items-center gap-3 px-4 py-6 text-sm text-slate-500 tablet:flex-row tablet:justify-between tablet:px-6">
        <nav aria-label={t('footer.legal')}>
          <ul className="flex flex-wrap justify-center gap-x-5 gap-y-2">
            {legalPages.map((page) => (
              <li key={page.id}>
                <a
                  href={page.path}
                  target="_blank"
                  rel="noopener noreferrer"
                  className="rounded hover:text-slate-900 hover:underline"
                >
                  {t(page.labelKey)}
                  <span className="sr-only">{t('opensInNewTab')}</span>
                </a>
              </li>
            ))}
          </ul>
        </nav>
        <div className="flex flex-wrap items-center justify-center gap-x-5 gap-y-2">
          <LanguageSwitch />
          <p>{`© ${COPYRIGHT_YEAR} ${PRODUCT_NAME}`}</p>
        </div>
      </div>
    </footer>
  );
};
