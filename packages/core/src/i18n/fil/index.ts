import type { en } from '../en/index.js';
import { common } from './common.js';
import { errors } from './errors.js';
import { mail } from './mail.js';

/**
 * The Filipino catalogue. Not exported from core's index: the web app loads it as its own chunk
 * (`import('@hub/core/i18n/fil')`) only for people who read Filipino.
 */
export const fil = { common, errors, mail } as const satisfies { [Ns in keyof typeof en]: unknown };
