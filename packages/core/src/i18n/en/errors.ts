import { type ErrorCode, errorCatalog } from '../../messages.js';

type Messages = { readonly [Code in ErrorCode]: (typeof errorCatalog)[Code]['message'] };

const messages = Object.fromEntries(
  Object.entries(errorCatalog).map(([code, entry]) => [code, entry.message]),
) as Messages;

/**
 * English error texts (namespace `errors`), keyed by catalogue code: the catalogue in messages.ts
 * is their source, so they are the spec's texts by construction. A screen's own wording of a code
 * is the code's context (`account.not_found_reset`, read with `t(code, { context: 'reset' })`).
 */
export const errors = {
  ...messages,
  'account.not_found_reset': errorCatalog['account.not_found'].screens.reset,
  'account.already_exists_linking': errorCatalog['account.already_exists'].screens.linking,
  'account.format_invalid_linking': errorCatalog['account.format_invalid'].screens.linking,
} as const;
