import { common } from './common.js';
import { errors } from './errors.js';
import { mail } from './mail.js';

/** The English catalogue, one object per namespace: the default language, always loaded. */
export const en = { common, errors, mail } as const;

/** The namespaces one by one, for a bundle that needs only some (the web app leaves `mail` out). */
export { common as enCommon, errors as enErrors, mail as enMail };
