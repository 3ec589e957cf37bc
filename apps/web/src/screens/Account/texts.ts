import { accountTexts } from '@hub/core/i18n/account';
import { i18next } from '../../i18n';

/**
 * The account center's texts (namespace `account`, with `common` as its fallback) join i18next when
 * this lazy chunk loads, in every language at once: they are not in the first load of the other
 * pages (docs/i18n.md "Weight").
 */
for (const [language, texts] of Object.entries(accountTexts)) {
  if (!i18next.hasResourceBundle(language, 'account')) i18next.addResourceBundle(language, 'account', texts);
}
