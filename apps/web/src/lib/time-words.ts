import { currentLanguage } from '../i18n';

/**
 * The locale dates are written in: the browser's own for English (its day-month order and clock),
 * the chosen language otherwise (Filipino month names).
 */
const dateLocale = (locale: string | undefined) => {
  if (locale) return locale;
  const language = currentLanguage();
  return language === 'en' ? undefined : language;
};

/** A date and time in the person's own locale and time zone ("21 Nov 2026, 8:04 PM"). */
export const dateTimeWords = (at: number, locale?: string) =>
  new Intl.DateTimeFormat(dateLocale(locale), { dateStyle: 'medium', timeStyle: 'short' }).format(at);

/** A day in the person's own locale ("21 Nov 2026"): when a membership or a link began. */
export const dateWords = (at: number, locale?: string) =>
  new Intl.DateTimeFormat(dateLocale(locale), { dateStyle: 'medium' }).format(at);
