import { type ErrorCode, en, i18nOptions, type Language, type MessageScreen } from '@hub/core';
import { fil } from '@hub/core/i18n/fil';
import i18next from 'i18next';

declare module 'i18next' {
  /** Keys and parameters are checked against the English catalogue, as in the web app. */
  interface CustomTypeOptions {
    defaultNS: 'common';
    resources: typeof en;
    keySeparator: false;
    nsSeparator: ':';
    interpolationPrefix: '{';
    interpolationSuffix: '}';
  }
}

/**
 * The server's own i18next instance, with every language loaded (the server has no chunks to
 * save): mail and error messages are rendered with it in the language of the request that asked
 * for them (http/language.ts). The options are core's, shared with the web app.
 */
const instance = i18next.createInstance();
void instance.init({
  ...i18nOptions,
  supportedLngs: [...i18nOptions.supportedLngs],
  ns: [...i18nOptions.ns],
  lng: 'en',
  resources: { en, fil },
  initAsync: false,
});

/** The mail texts in one language, e.g. `mailText('fil')('lifetime', { count: 10 })`. */
export const mailText = (language: Language) => instance.getFixedT(language, 'mail');

/** The screen texts in one language (the served pages' titles and descriptions). */
export const commonText = (language: Language) => instance.getFixedT(language, 'common');

/** A catalogue code's message in a language (the error body's `message`). */
export const localizedErrorMessage = (
  language: Language,
  code: ErrorCode,
  params?: Record<string, string | number>,
  screen?: MessageScreen,
): string =>
  String(
    instance.t(
      code as never,
      {
        lng: language,
        ns: 'errors',
        ...params,
        ...(screen ? { context: screen } : {}),
      } as never,
    ),
  );
