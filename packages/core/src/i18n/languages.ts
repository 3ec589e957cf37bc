/**
 * The languages of the hub's screens and mail (issue #18: English, and Filipino beside it), and how
 * one is chosen for a request: `?lng=` on a link, then the remembered choice (the `hub_lng`
 * cookie), then the browser's Accept-Language, then English. The server (apps/server/src/http/
 * language.ts) and the web app (apps/web/src/i18n) both decide with these functions.
 */
export const languages = ['en', 'fil'] as const;
export type Language = (typeof languages)[number];

export const DEFAULT_LANGUAGE: Language = 'en';

/** The cookie that remembers the person's choice: readable by the web app (not HttpOnly), SameSite=Lax, a year. */
export const LANGUAGE_COOKIE = 'hub_lng';
export const LANGUAGE_COOKIE_MAX_AGE_SECONDS = 365 * 24 * 60 * 60;

/** The query parameter that sets the language from a link (`?lng=fil`). */
export const LANGUAGE_QUERY = 'lng';

/** Each language's name in itself: the switch shows these, never translated. */
export const languageNames: Record<Language, string> = { en: 'English', fil: 'Filipino' };

export const isLanguage = (value: unknown): value is Language =>
  typeof value === 'string' && (languages as readonly string[]).includes(value);

/**
 * The hub's language for a BCP 47 tag: `fil`, `fil-PH` and `tl` (Tagalog, which browsers still
 * send for Filipino) are Filipino; any `en-*` is English; anything else is none of ours.
 */
export const toLanguage = (tag: string | null | undefined): Language | undefined => {
  const primary = tag?.trim().toLowerCase().split(/[-_]/)[0];
  if (primary === 'fil' || primary === 'tl') return 'fil';
  if (primary === 'en') return 'en';
  return undefined;
};

/** The first of our languages in an Accept-Language header, by its q-values (q=0 refuses). */
export const fromAcceptLanguage = (header: string | null | undefined): Language | undefined => {
  if (!header) return undefined;
  const ranked = header
    .slice(0, 1024)
    .split(',')
    .map((part, index) => {
      const [tag = '', ...rest] = part.split(';');
      const q = rest.map((p) => p.trim()).find((p) => p.startsWith('q='));
      const weight = q ? Number(q.slice(2)) : 1;
      return { language: toLanguage(tag), weight: Number.isFinite(weight) ? weight : 0, index };
    })
    .filter((entry) => entry.weight > 0)
    .sort((a, b) => b.weight - a.weight || a.index - b.index);
  return ranked.find((entry) => entry.language)?.language;
};

/** The language of a request: `?lng=` > cookie > Accept-Language > English. */
export const resolveLanguage = (input: {
  query?: string | null | undefined;
  cookie?: string | null | undefined;
  acceptLanguage?: string | null | undefined;
}): Language =>
  toLanguage(input.query) ??
  toLanguage(input.cookie) ??
  fromAcceptLanguage(input.acceptLanguage) ??
  DEFAULT_LANGUAGE;

/**
 * The i18next options the web app and the server share: flat keys (error codes contain dots),
 * `{name}` placeholders as in the error catalogue, plurals by `count` (`_one`/`_other`, from the
 * runtime's Intl.PluralRules), screen wordings as contexts (`account.not_found_reset`).
 * Values are not HTML-escaped here: React escapes what it renders, the mail layout escapes its HTML.
 */
export const i18nOptions = {
  fallbackLng: DEFAULT_LANGUAGE,
  supportedLngs: [...languages],
  defaultNS: 'common',
  ns: ['common', 'errors', 'mail'],
  keySeparator: false,
  nsSeparator: ':',
  interpolation: { prefix: '{', suffix: '}', escapeValue: false },
  returnNull: false,
  /** A placeholder without its parameter is left as written (`{tool}`), visible rather than silently blank. */
  missingInterpolationHandler: (_text: string, match: readonly string[]): string => match[0] ?? '',
} as const;
