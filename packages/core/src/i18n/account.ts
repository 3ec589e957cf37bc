import { account as enAccount } from './en/account.js';
import { account as filAccount } from './fil/account.js';

/**
 * The account center's texts (namespace `account`), every language at once. Not in core's index:
 * the web app imports them (`@hub/core/i18n/account`) only in the account center's lazy chunk, so
 * the first load of every other page does not carry them (docs/i18n.md "Weight").
 */
export const accountTexts = { en: enAccount, fil: filAccount } as const;
export { enAccount, filAccount };
