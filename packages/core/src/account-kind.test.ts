import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  type AccountKind,
  accountKinds,
  checkAccountInput,
  checkSignupAccount,
  detectAccountKind,
  formatAccountForDisplay,
  isAccountKind,
  isEmail,
  normalizeEmail,
  normalizeIdentifier,
  stripResetPrefix,
  stripSetupPrefix,
} from './account-kind.js';

const digits = (length: number) =>
  fc.string({ unit: fc.constantFrom(...'0123456789'), minLength: length, maxLength: length });

describe('detectAccountKind (spec §5)', () => {
  it.each<[string, AccountKind, string]>([
    ['user@example.com', 'email', 'user@example.com'],
    ['  User.Name+tag@Example.co.uk ', 'email', 'User.Name+tag@Example.co.uk'],
    ['9171234567', 'mobile_num', '9171234567'],
    ['09171234567', 'mobile_num', '9171234567'],
    [' 09171234567\t', 'mobile_num', '9171234567'],
    ['8171234567', 'username', '8171234567'],
    ['917123456', 'username', '917123456'],
    ['91712345678', 'username', '91712345678'],
    ['19171234567', 'username', '19171234567'],
    ['009171234567', 'username', '009171234567'],
    ['+639171234567', 'username', '+639171234567'],
    ['917 123 4567', 'username', '917 123 4567'],
    ['٩١٧١٢٣٤٥٦٧', 'username', '٩١٧١٢٣٤٥٦٧'],
    ['john_doe', 'username', 'john_doe'],
    ['user@localhost', 'username', 'user@localhost'],
    ['a b@example.com', 'username', 'a b@example.com'],
    ['a@@example.com', 'username', 'a@@example.com'],
    ['a@example..com', 'username', 'a@example..com'],
    ['', 'username', ''],
  ])('%j is %s with value %j', (input, kind, value) => {
    expect(detectAccountKind(input)).toEqual({ kind, value });
  });

  it('any 11-digit string starting with 09 is mobile_num with a 10-digit value starting with 9', () => {
    fc.assert(
      fc.property(digits(9), (rest) => {
        const result = detectAccountKind(`09${rest}`);
        expect(result).toEqual({ kind: 'mobile_num', value: `9${rest}` });
        expect(result.value).toMatch(/^9[0-9]{9}$/);
      }),
    );
  });

  it('any 10-digit string starting with 9 is mobile_num unchanged', () => {
    fc.assert(fc.property(digits(9), (rest) => detectAccountKind(`9${rest}`).value === `9${rest}`));
    fc.assert(fc.property(digits(9), (rest) => detectAccountKind(`9${rest}`).kind === 'mobile_num'));
  });

  it('always answers a known kind and a trimmed value, and never throws', () => {
    fc.assert(
      fc.property(fc.string({ unit: 'binary', maxLength: 300 }), (input) => {
        const { kind, value } = detectAccountKind(input);
        expect(isAccountKind(kind)).toBe(true);
        expect(value).toBe(value.trim());
        if (kind !== 'mobile_num') expect(value).toBe(input.trim());
      }),
    );
  });

  it('never runs the email pattern on hostile lengths (no catastrophic backtracking)', () => {
    // Inputs past the 254-character cap are refused before the pattern sees them, so their cost
    // is bounded by the cap whatever the pattern does (speed itself is the benchmarks' business).
    for (const input of ['a@'.repeat(50_000), `${'a.'.repeat(50_000)}@`, `a@${'b.'.repeat(50_000)}.ph`]) {
      expect(isEmail(input)).toBe(false);
      expect(detectAccountKind(input).kind).toBe('username');
    }
  });
});

describe('isEmail', () => {
  it('refuses addresses over 254 characters', () => {
    const local = 'a'.repeat(64);
    const domain = `${'b'.repeat(63)}.${'c'.repeat(63)}.${'d'.repeat(58)}.com`;
    expect(isEmail(`${local}@${domain}`)).toBe(false);
    expect(isEmail(`${local}@${domain.slice(1)}`)).toBe(true);
  });
});

describe('account kinds', () => {
  it('is the closed set of spec §3', () => {
    expect(accountKinds).toEqual(['email', 'mobile_num', 'username']);
    expect(isAccountKind('mobile_num')).toBe(true);
    expect(isAccountKind('mobile')).toBe(false);
    expect(isAccountKind(undefined)).toBe(false);
  });
});

describe('normalizeEmail, display and prefixes (spec §2)', () => {
  it('lower-cases and trims an email for storage', () => {
    expect(normalizeEmail('  User@Example.COM ')).toBe('user@example.com');
  });

  it.each<[AccountKind, string, string]>([
    ['email', '  User@Example.COM ', 'user@example.com'],
    ['username', ' Juan_Dela_Cruz ', 'juan_dela_cruz'],
    ['mobile_num', '9171234567', '9171234567'],
  ])('stores a %s %j as %j', (kind, value, stored) => {
    expect(normalizeIdentifier(kind, value)).toBe(stored);
  });

  it.each<[string, AccountKind, string]>([
    ['9171234567', 'mobile_num', '+639171234567'],
    ['+639171234567', 'mobile_num', '+639171234567'],
    ['9171234567', 'username', '9171234567'],
    ['user@example.com', 'email', 'user@example.com'],
  ])('formats %j (%s) as %j', (value, kind, shown) => {
    expect(formatAccountForDisplay(value, kind)).toBe(shown);
  });

  it.each([
    ['unauth_user@example.com', 'user@example.com'],
    ['unauth_unauth_x', 'unauth_x'],
    ['user@example.com', 'user@example.com'],
    ['account_user', 'account_user'],
  ])('stripSetupPrefix(%j) is %j', (value, stripped) => {
    expect(stripSetupPrefix(value)).toBe(stripped);
  });

  it.each([
    ['account_user@example.com', 'user@example.com'],
    ['account_first_last_7@example.test', 'first_last_7@example.test'],
    ['unauth_first_last_7@example.test', 'first_last_7@example.test'],
    ['account_account_x', 'account_x'],
    ['first_last_7@example.test', 'first_last_7@example.test'],
    ['plain', 'plain'],
    ['account_', ''],
  ])('stripResetPrefix(%j) strips only the hub prefix: %j', (value, stripped) => {
    expect(stripResetPrefix(value)).toBe(stripped);
  });
});

describe('checkSignupAccount (spec §5 "Sign-up account")', () => {
  it.each([
    ['', { ok: false, code: 'account.required' }],
    ['   ', { ok: false, code: 'account.required' }],
    ['john_doe', { ok: false, code: 'account.format_invalid' }],
    ['09171234567', { ok: false, code: 'account.mobile_unavailable' }],
    ['9171234567', { ok: false, code: 'account.mobile_unavailable' }],
    [' Jo@Example.com ', { ok: true, kind: 'email', value: 'Jo@Example.com' }],
  ])('%j gives %j', (input, expected) => {
    expect(checkSignupAccount(input)).toEqual(expected);
  });

  it('login accepts every kind but refuses empty and over-long input', () => {
    expect(checkAccountInput('john_doe')).toEqual({ ok: true, kind: 'username', value: 'john_doe' });
    expect(checkAccountInput('')).toEqual({ ok: false, code: 'account.required' });
    expect(checkAccountInput('x'.repeat(255))).toEqual({ ok: false, code: 'account.format_invalid' });
  });
});
