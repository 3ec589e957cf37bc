import { describe, expect, it } from 'vitest';
import {
  ACR_MULTI_FACTOR,
  ACR_SINGLE_FACTOR,
  acrOf,
  amrOf,
  formatRecoveryCode,
  normalizeRecoveryCode,
  normalizeTotpCode,
  RECOVERY_CODE_ALPHABET,
  RECOVERY_CODE_LENGTH,
  secondStepFor,
} from './second-factor.js';

describe('recovery codes', () => {
  it('uses 32 characters without the ones read alike', () => {
    expect(new Set(RECOVERY_CODE_ALPHABET).size).toBe(32);
    for (const confusable of 'ilo1') expect(RECOVERY_CODE_ALPHABET).not.toContain(confusable);
  });

  it('is shown in two groups of five and read back whatever the case, spaces or hyphens', () => {
    const raw = 'abcde23456';
    expect(raw).toHaveLength(RECOVERY_CODE_LENGTH);
    expect(formatRecoveryCode(raw)).toBe('abcde-23456');
    expect(normalizeRecoveryCode('ABCDE-23456')).toBe(raw);
    expect(normalizeRecoveryCode(' abcde 23456 ')).toBe(raw);
    expect(normalizeRecoveryCode('abcdo-23456')).toBe('abcd023456');
  });

  it('refuses what cannot be a recovery code', () => {
    for (const input of ['', 'abcde-2345', 'abcde-234567', 'abcde-2345l', 'abcde_23456', '123456'])
      expect(normalizeRecoveryCode(input)).toBeUndefined();
  });
});

describe('normalizeTotpCode', () => {
  it('takes six digits, spaces aside', () => {
    expect(normalizeTotpCode('123 456')).toBe('123456');
    for (const input of ['12345', '1234567', '12345a', '', '１２３４５６'])
      expect(normalizeTotpCode(input)).toBeUndefined();
  });
});

describe('amr and acr (RFC 8176)', () => {
  it('names a password as pwd, and a password with a code as multi-factor', () => {
    expect(amrOf('password')).toEqual(['pwd']);
    expect(amrOf('signup')).toEqual(['pwd']);
    expect(amrOf('password', ['totp'])).toEqual(['pwd', 'otp', 'mfa']);
    expect(amrOf('password', ['recovery'])).toEqual(['pwd', 'otp', 'mfa']);
    expect(amrOf('password', ['passkey'])).toEqual(['pwd', 'hwk', 'user', 'mfa']);
  });

  it('names no method for a provider sign-in, but counts it towards mfa', () => {
    expect(amrOf('google')).toEqual([]);
    expect(amrOf('facebook', ['totp'])).toEqual(['otp', 'mfa']);
  });

  it('gives the multi-factor acr only to an amr with mfa', () => {
    expect(acrOf(['pwd'])).toBe(ACR_SINGLE_FACTOR);
    expect(acrOf(['pwd', 'otp', 'mfa'])).toBe(ACR_MULTI_FACTOR);
  });
});

describe('secondStepFor', () => {
  it('asks an enrolled account for its factor, and an unenrolled one only when required', () => {
    expect(secondStepFor({ enrolled: ['totp', 'recovery'], required: false, satisfied: false })).toBe(
      'verify',
    );
    expect(secondStepFor({ enrolled: [], required: false, satisfied: false })).toBe('none');
    expect(secondStepFor({ enrolled: [], required: true, satisfied: false })).toBe('enrol');
    expect(secondStepFor({ enrolled: ['totp'], required: true, satisfied: true })).toBe('none');
  });
});
