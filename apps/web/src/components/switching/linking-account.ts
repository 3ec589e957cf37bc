import { type AccountCheck, checkAccountInput } from '@hub/core';

/**
 * Spec §5, §8 on the linking screen: core's account check with the linking text, 'Account format
 * is invalid' without a full stop. The server checks again, with its stricter username rule.
 */
export const checkLinkingInput = (input: string): AccountCheck => {
  const check = checkAccountInput(input);
  return !check.ok && check.code === 'account.format_invalid'
    ? { ok: false, code: 'account.format_invalid_linking' }
    : check;
};
