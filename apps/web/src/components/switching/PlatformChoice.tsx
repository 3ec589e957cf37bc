import { type Platform, platformProductNames } from '@hub/core';
import { useId } from 'react';
import { useTranslation } from 'react-i18next';
import type { DefaultPlatformState } from '../../api/switching';
import { cx } from '../../lib/class-names';
import { dateWords } from '../../lib/time-words';

interface PlatformChoiceProps {
  platforms: DefaultPlatformState['platforms'];
  selected: Platform;
  onSelect: (platform: Platform) => void;
  error?: string | undefined;
  disabled?: boolean;
}

/** The Philippine locale of each language, for the dates the choice shows. */
const dateLocale = { en: 'en-PH', fil: 'fil-PH' } as const;

/** Option3: the account's platforms as radio choices, the current default marked. */
export const PlatformChoice = ({
  platforms,
  selected,
  onSelect,
  error,
  disabled = false,
}: PlatformChoiceProps) => {
  const { t, i18n } = useTranslation();
  const locale = i18n.resolvedLanguage === 'fil' ? dateLocale.fil : dateLocale.en;
  const errorId = useId();
  return (
    <fieldset aria-describedby={error ? errorId : undefined} disabled={disabled} className="min-w-0">
      <legend className="text-sm font-medium text-slate-800">{t('switching3.legend')}</legend>
      <div className="mt-2 flex flex-col gap-3">
        {platforms.map((membership) => (
          <label
            key={membership.platform}
            className={cx(
              'flex cursor-pointer items-center gap-3 rounded-xl px-4 py-3 ring-1 transition-colors',
              'has-checked:bg-accent-50 has-checked:ring-2 has-checked:ring-accent-600',
              'has-focus-visible:outline-2 has-focus-visible:outline-offset-2',
              error ? 'ring-red-500' : 'ring-slate-300 hover:bg-slate-50',
            )}
          >
            <input
              type="radio"
              name="platform"
              value={membership.platform}
              checked={selected === membership.platform}
              onChange={() => onSelect(membership.platform)}
              className="size-4 accent-accent-700"
            />
            <span className="flex min-w-0 flex-1 flex-col">
              {/* The mark goes beside the name, under it when the row is narrow: the date keeps the width. */}
              <span className="flex flex-wrap items-center gap-x-2 gap-y-1">
                <span className="font-semibold text-slate-900">
                  {platformProductNames[membership.platform]}
                </span>
                {membership.isDefault && (
                  <span className="rounded-full bg-slate-100 px-2.5 py-0.5 text-xs font-semibold text-slate-700">
                    {t('switching3.current')}
                  </span>
                )}
              </span>
              <span className="text-xs text-slate-600">
                {t('switching3.linked', { date: dateWords(membership.linkedAt, locale) })}
              </span>
            </span>
          </label>
        ))}
      </div>
      <div aria-live="polite">
        {error && (
          <p id={errorId} className="mt-1.5 text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
    </fieldset>
  );
};
