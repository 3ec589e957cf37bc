import { admin as enAdminTexts } from './en/admin.js';
import { adminRegistry as enAdminRegistry } from './en/admin-registry.js';
import { admin as filAdminTexts } from './fil/admin.js';
import { adminRegistry as filAdminRegistry } from './fil/admin-registry.js';

/** The operator console's English texts (namespace `admin`). */
export const enAdmin = { ...enAdminTexts, ...enAdminRegistry } as const;
const filAdmin = { ...filAdminTexts, ...filAdminRegistry } as const;

/**
 * The operator console's texts (namespace `admin`), every language at once. Not in core's index nor
 * in `common`: the web app imports them (`@hub/core/i18n/admin`) only in the console's lazy chunk,
 * so no sign-in page carries them in its first load (docs/i18n.md "Weight").
 */
export const adminTexts = { en: enAdmin, fil: filAdmin } as const;
