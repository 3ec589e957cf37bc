import './texts';
import { type AccountKind, isLanguage, type Language } from '@hub/core';
import type { TFunction } from 'i18next';
import { useTranslation } from 'react-i18next';
import { dateTimeWords, dateWords } from '../../lib/time-words';

/**
 * The account center's words that depend on data: account types, identifiers, devices, sign-in
 * methods, dates and "how long ago", each in the reader's language (issue #18). The English is the
 * account center's as it was; the other languages come from the catalogue and Intl.
 */
type T = TFunction<'account'>;

/** Spec §3/§6 `ut` in words, as the Profile page says it. */
export const accountTypeWords = (t: T, userType: number): string => {
  switch (userType) {
    case 0:
      return t('account.type.0');
    case 1:
      return t('account.type.1');
    case 2:
      return t('account.type.2');
    case 5:
      return t('account.type.5');
    default:
      return t('account.type.other', { type: userType });
  }
};

export const identifierLabel = (t: T, kind: AccountKind): string => t(`account.identifier.${kind}`);

/** A name as one line: first, middle, last, suffix. */
export const fullName = (name: {
  first: string;
  middle: string | null;
  last: string;
  suffix: string | null;
}) => [name.first, name.middle, name.last, name.suffix].filter(Boolean).join(' ');

/**
 * A device as core's describeUserAgent words it ("Chrome on Android", "Browser on Mac", "Firefox",
 * "Unknown device"), in the reader's language. The browsers' and systems' names are names and stay;
 * only the joining words change. The server sends the English words (they are what its tests and
 * the sign-in history read), so they are taken apart here.
 */
export const deviceWords = (t: T, words: string): string => {
  if (words === 'Unknown device') return t('account.device.unknown');
  const on = words.lastIndexOf(' on ');
  if (on === -1) return words;
  const browser = words.slice(0, on);
  const system = words.slice(on + ' on '.length);
  return browser === 'Browser'
    ? t('account.device.browserOn', { system })
    : t('account.device.on', { browser, system });
};

const methods = ['password', 'signup', 'session', 'google', 'facebook'] as const;
type Method = (typeof methods)[number];
const isMethod = (method: string | null | undefined): method is Method =>
  (methods as readonly (string | null | undefined)[]).includes(method);

/** How a session or sign-in was made, as "Signed in …" goes on (core's signInMethodPhrase, translated). */
export const methodWords = (t: T, method: string | null | undefined): string =>
  isMethod(method) ? t(`account.method.${method}`) : t('account.method.other');

const MINUTE = 60_000;
const HOUR = 60 * MINUTE;
const DAY = 24 * HOUR;

/**
 * How long ago, roughly, as the Devices page says it: null for "now". The hub records a session's
 * last use at most every few minutes, so anything under five minutes is "Active now" rather than a
 * false precision; past a week, the date.
 */
export const agoWords = (t: T, at: number, now: number, locale?: string): string | null => {
  const ago = Math.max(0, now - at);
  if (ago < 5 * MINUTE) return null;
  if (ago < HOUR) return t('account.ago.minutes', { count: Math.floor(ago / MINUTE) });
  if (ago < DAY) return t('account.ago.hours', { count: Math.floor(ago / HOUR) });
  if (ago < 2 * DAY) return t('account.ago.yesterday');
  if (ago < 7 * DAY) return t('account.ago.days', { count: Math.floor(ago / DAY) });
  return dateWords(at, locale);
};

/**
 * The Intl locale of a language: Filipino as written in the Philippines; English as the browser
 * says it (as the account center always did), or `english` where a page fixed one.
 */
export const localeOf = (language: Language, english?: string): string | undefined =>
  language === 'fil' ? 'fil-PH' : english;

/** The translation function and the reader's dates, for the account center's pages. */
export const useAccountWords = () => {
  const { t, i18n } = useTranslation('account');
  const language: Language = isLanguage(i18n.resolvedLanguage) ? i18n.resolvedLanguage : 'en';
  const locale = localeOf(language);
  return {
    t,
    language,
    locale,
    /** "21 Nov 2026, 8:04 PM" in the reader's language. */
    dateTime: (at: number) => dateTimeWords(at, locale),
    /** "21 Nov 2026" in the reader's language. */
    date: (at: number) => dateWords(at, locale),
    /** The security panels' and passkeys' dates: "21 Nov 2026" (en-PH in English, as they were). */
    shortDate: (at: number) =>
      new Date(at).toLocaleDateString(localeOf(language, 'en-PH'), {
        day: 'numeric',
        month: 'short',
        year: 'numeric',
      }),
    /** The passkeys' dates: "Nov 21, 2026" (en-PH in English, as they were). */
    mediumDate: (at: number) => dateWords(at, localeOf(language, 'en-PH')),
    ago: (at: number, now: number) => agoWords(t, at, now, locale),
    device: (words: string) => deviceWords(t, words),
    method: (method: string | null | undefined) => methodWords(t, method),
  };
};
