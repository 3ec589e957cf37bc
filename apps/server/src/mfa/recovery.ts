import { randomBytes } from 'node:crypto';
import {
  formatRecoveryCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_COUNT,
  RECOVERY_CODE_LENGTH,
} from '@hub/core';
import { sha256 } from '../services/tokens.js';

/**
 * Ten random recovery codes (50 bits each, from core's 32-character alphabet), as shown once to
 * the person, and their hashes, the only form the database keeps.
 */
export const newRecoveryCodes = (accountId: string) => {
  const raw = Array.from({ length: RECOVERY_CODE_COUNT }, () =>
    [...randomBytes(RECOVERY_CODE_LENGTH)].map((byte) => RECOVERY_CODE_ALPHABET[byte % 32]).join(''),
  );
  return { shown: raw.map(formatRecoveryCode), hashes: raw.map((code) => recoveryCodeHash(accountId, code)) };
};

/**
 * The stored form of a normalised recovery code: SHA-256 salted with the account, so the same code
 * of two accounts differs and a hash is looked up, never compared in a loop. The code is random
 * (not chosen by a person) and the check is throttled per account and per address.
 */
export const recoveryCodeHash = (accountId: string, normalized: string): string =>
  sha256(`recovery-code:${accountId}:${normalized}`);
