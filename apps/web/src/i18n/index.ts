import {
  DEFAULT_LANGUAGE,
  type ErrorCode,
  enCommon,
  type enErrors,
  englishErrorMessage,
  i18nOptions,
  isLanguage,
  LANGUAGE_COOKIE,
  LANGUAGE_COOKIE_MAX_AGE_SECONDS,
  LANGUAGE_QUERY,
  type Language,
  type MessageScreen,
  setErrorTranslator,
  toLanguage,
} from '@hub/core';
import type { enAccount } from '@hub/core/i18n/account';
import type { enAdmin } from '@hub/core/i18n/admin';
import i18next from 'i18next';
import { initReactI18next } from 'react-i18next';

declare module 'i18next' {
  /** Keys and their parameters are checked against the English catalogue: a missing key fails the typecheck. */
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: {
      common: typeof enCommon;
      errors: typeof enErrors;
      account: typeof enAccount;
      admin: typeof enAdmin;
    };
    /** A screen of another namespace (the account center's `account`) uses `common`'s texts too. */
    fallbackNS: 'common';
    keySeparator: false;
    nsSeparator: ':';
    interpolationPrefix: '{';
    interpolationSuffix: '}';
  }
}

/**
 * The non-default languages, each its own chunk, loaded only for the people who read it. The web
 * app needs the screen texts and the error texts; the mail texts are the server's.
 */
const loaders: Record<Exclude<Language, 'en'>, () => Promise<Record<'common' | 'errors', object>>> = {
  fil: () => import('@hub/core/i18n/fil').then(({ fil }) => ({ common: fil.common, errors: fil.errors })),
};

const readCookie = (): string | undefined =>
  document.cookie
    .split('; ')
    .find((pair) => pair.startsWith(`${LANGUAGE_COOKIE}=`))
    ?.slice(LANGUAGE_COOKIE.length + 1);

/** Remembers the choice for a year, for this app and the server (which mails in it): not HttpOnly, SameSite=Lax. */
const rememberLanguage = (language: Language) => {
  const secure = window.location.protocol === 'https:' ? '; Secure' : '';
  // biome-ignore lint/suspicious/noDocumentCookie: the Cookie Store API is not in every browser the hub supports.
  document.cookie = `${LANGUAGE_COOKIE}=${language}; Path=/; Max-Age=${LANGUAGE_COOKIE_MAX_AGE_SECONDS}; SameSite=Lax${secure}`;
};

/**
 * The language to start in: `?lng=` on the link, then the remembered choice, then the one the
 * server chose for the page from Accept-Language (`<html lang>`, see apps/server/src/http/language.ts),
 * then the browser's languages, then English.
 */
const initialLanguage = (): { language: Language; fromLink: boolean } => {
  const linked = toLanguage(new URLSearchParams(window.location.search).get(LANGUAGE_QUERY));
  if (linked) return { language: linked, fromLink: true };
  const language =
    toLanguage(readCookie()) ??
    toLanguage(document.documentElement.dataset.lng) ??
    navigator.languages.map(toLanguage).find(isLanguage) ??
    DEFAULT_LANGUAGE;
  return { language, fromLink: false };
};

void i18next.use(initReactI18next).init({
  ...i18nOptions,
  supportedLngs: [...i18nOptions.supportedLngs],
  ns: [...i18nOptions.ns],
  fallbackNS: 'common',
  lng: DEFAULT_LANGUAGE,
  // English is in the first load, so it stays small: the screen texts only. An English error text
  // comes from core's catalogue itself (`englishErrorMessage`), the source of the English `errors`.
  resources: { en: { common: enCommon } },
  partialBundledLanguages: true,
  initAsync: false,
  react: { useSuspense: false },
});

i18next.on('languageChanged', (language) => {
  document.documentElement.lang = language;
});

/** Catalogue codes (errorMessage, apiErrorText) render in the chosen language too. */
// A code is data here (not a literal key), so this one call goes around the key typing.
const translateCode = (key: string, options: Record<string, unknown>): string =>
  String(i18next.t(key as never, options as never));
setErrorTranslator((code: ErrorCode, params, screen: MessageScreen | undefined) =>
  i18next.hasResourceBundle(currentLanguage(), 'errors')
    ? translateCode(code, { ns: 'errors', ...params, ...(screen ? { context: screen } : {}) })
    : englishErrorMessage(code, params, screen),
);

const loadLanguage = async (language: Language): Promise<void> => {
  if (language === 'en' || i18next.hasResourceBundle(language, 'common')) return;
  const catalogue = await loaders[language]();
  for (const [namespace, resources] of Object.entries(catalogue)) {
    i18next.addResourceBundle(language, namespace, resources);
  }
};

/** Switches the app to a language, loading its catalogue first, and remembers the choice. */
export const setLanguage = async (language: Language): Promise<void> => {
  await loadLanguage(language);
  rememberLanguage(language);
  await i18next.changeLanguage(language);
};

/**
 * Before the first render: starts in the reader's language (its chunk loaded first, so no English
 * flashes). When that chunk cannot load, the app starts in English rather than not at all.
 */
export const startI18n = async (): Promise<void> => {
  const { language, fromLink } = initialLanguage();
  if (fromLink) rememberLanguage(language);
  try {
    await loadLanguage(language);
    await i18next.changeLanguage(language);
  } catch (error) {
    console.warn(`The ${language} texts did not load; the app starts in English.`, error);
    await i18next.changeLanguage(DEFAULT_LANGUAGE);
  }
};

export const currentLanguage = (): Language =>
  isLanguage(i18next.resolvedLanguage) ? i18next.resolvedLanguage : DEFAULT_LANGUAGE;

export { i18next };
