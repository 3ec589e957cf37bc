import { isLanguage, languageNames, languages } from '@hub/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import { currentLanguage, setLanguage } from '../i18n';
import { cx } from '../lib/class-names';

/**
 * Issue #18: the language switch of the footer and the header menu. Each language is named in
 * itself; the choice is remembered (the `hub_lng` cookie) and sent to the server, which mails in it.
 */
export const LanguageSwitch = ({ className }: { className?: string }) => {
  const { t } = useTranslation();
  const id = useId();
  const language = currentLanguage();
  return (
    <div className={cx('flex items-center gap-2', className)}>
      <label htmlFor={id} className="text-sm text-slate-500">
        {t('language.label')}
      </label>
      <select
        id={id}
        data-testid="language-switch"
        value={language}
        onChange={(event) => {
          const next = event.target.value;
          if (isLanguage(next)) void setLanguage(next);
        }}
        className="rounded-md border border-slate-300 bg-white py-1 pr-7 pl-2 text-sm text-slate-700"
      >
        {languages.map((option) => (
          <option key={option} value={option} lang={option}>
            {languageNames[option]}
          </option>
        ))}
      </select>
    </div>
  );
};
