import { currentLanguage, i18next } from '../i18n';

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

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

/**
 * How long ago, roughly, as the Devices page says it, in the chosen language. The hub records a
 * session's last use at most every few minutes, so anything under five minutes is "Active now"
 * rather than a false precision.
 */
export const approximateAgo = (at: number, now: number, locale?: string): string => {
  const ago = Math.max(0, now - at);
  if (ago < 5 * MINUTE) return i18next.t('ago.now');
  if (ago < HOUR) return i18next.t('ago.minutes', { count: Math.floor(ago / MINUTE) });
  if (ago < DAY) return i18next.t('ago.hours', { count: Math.floor(ago / HOUR) });
  if (ago < 2 * DAY) return i18next.t('ago.yesterday');
  if (ago < 7 * DAY) return i18next.t('ago.days', { count: Math.floor(ago / DAY) });
  return dateWords(at, locale);
};
