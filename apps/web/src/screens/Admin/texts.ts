import { adminTexts } from '@hub/core/i18n/admin';
import { i18next } from '../../i18n';

/**
 * The console's texts (namespace `admin`, with `common` as its fallback) join i18next when this lazy
 * chunk loads, in every language at once: no sign-in page carries them (docs/i18n.md "Weight").
 */
for (const [language, texts] of Object.entries(adminTexts)) {
  if (!i18next.hasResourceBundle(language, 'admin')) i18next.addResourceBundle(language, 'admin', texts);
}
