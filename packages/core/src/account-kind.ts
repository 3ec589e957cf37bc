import { MOBILE_PREFIX } from './constants.js';
import type { ErrorCode } from './messages.js';

/** Spec §3: the credential kind of an account. */
export const accountKinds = ['email', 'mobile_num', 'username'] as const;
export type AccountKind = (typeof accountKinds)[number];
export const isAccountKind = (value: unknown): value is AccountKind =>
  typeof value === 'string' && (accountKinds as readonly string[]).includes(value);

/** RFC 5321 limits a forward path to 254 characters; we use it as the limit of any account identifier. */
export const ACCOUNT_MAX_LENGTH = 254;

// local@domain.tld: no spaces, one @, dot-separated labels. Every quantifier is separated by a literal
// that its character class excludes, so matching is linear (no catastrophic backtracking).
const emailPattern = /^[^\s@]+@[^\s@.]+(?:\.[^\s@.]+)+$/u;
const asciiDigits = /^[0-9]+$/;

/** Spec §5: a string matching an email pattern (at most 254 characters) is an email. */
export const isEmail = (value: string): boolean =>
  value.length <= ACCOUNT_MAX_LENGTH && emailPattern.test(value);

/**
 * Spec §5 "Account kind": email if it matches an email pattern; 10 ASCII digits starting with 9, or
 * 11 starting with 09 (the leading 0 dropped), is mobile_num; everything else is username.
 * The input is trimmed; the value keeps the case the user typed (see {@link normalizeEmail}).
 */
export const detectAccountKind = (input: string): { kind: AccountKind; value: string } => {
  const value = input.trim();
  if (isEmail(value)) return { kind: 'email', value };
  if (asciiDigits.test(value)) {
    if (value.length === 10 && value.startsWith('9')) return { kind: 'mobile_num', value };
    if (value.length === 11 && value.startsWith('09')) return { kind: 'mobile_num', value: value.slice(1) };
  }
  return { kind: 'username', value };
};

/** The form of an email used for storage and look-up: trimmed and lower-cased. */
export const normalizeEmail = (value: string): string => value.trim().toLowerCase();

/**
 * The stored form of any identifier, the one the accounts are looked up by: a username is
 * case-insensitive just as an email is, and a mobile_num is stored as detected.
 */
export const normalizeIdentifier = (kind: AccountKind, value: string): string =>
  kind === 'mobile_num' ? value : normalizeEmail(value);

/** Spec §2 password screens: a mobile_num is shown with the +63 prefix. */
export const formatAccountForDisplay = (value: string, kind: AccountKind): string =>
  kind === 'mobile_num' && !value.startsWith(MOBILE_PREFIX) ? `${MOBILE_PREFIX}${value}` : value;

/** Spec §3 sainfo: the decoded account of a set-up link starts with this prefix. */
export const SETUP_ACCOUNT_PREFIX = 'unauth_';
/** Spec §3 sainfo: the decoded account of an authenticated link starts with this prefix. */
export const AUTH_ACCOUNT_PREFIX = 'account_';

/** Spec §2: the set-up screens strip a leading 'unauth_' for display (and §3 for the sign-up payload). */
export const stripSetupPrefix = (value: string): string =>
  value.startsWith(SETUP_ACCOUNT_PREFIX) ? value.slice(SETUP_ACCOUNT_PREFIX.length) : value;

/**
 * The decoded account of a sainfo without the hub's own prefix ('account_' or 'unauth_'), exactly
 * once. Only that prefix goes: an underscore inside the user's identifier (first_last_7@…) is theirs.
 */
export const stripAccountPrefix = (value: string): string => {
  for (const prefix of [AUTH_ACCOUNT_PREFIX, SETUP_ACCOUNT_PREFIX])
    if (value.startsWith(prefix)) return value.slice(prefix.length);
  return value;
};

/**
 * Spec §2: the reset screen strips a prefix for display. The spec's "everything but the last
 * underscore-separated part" would cut an identifier that has underscores of its own, so the
 * reset strips exactly the hub's prefix, as every other screen does.
 */
export const stripResetPrefix = stripAccountPrefix;

export type AccountCheck = { ok: true; kind: AccountKind; value: string } | { ok: false; code: ErrorCode };

/** Spec §5: an empty account gives 'Account is required'; an over-long one is not a valid format. */
export const checkAccountInput = (input: string): AccountCheck => {
  const detected = detectAccountKind(input);
  if (detected.value === '') return { ok: false, code: 'account.required' };
  if (detected.value.length > ACCOUNT_MAX_LENGTH) return { ok: false, code: 'account.format_invalid' };
  return { ok: true, ...detected };
};

/**
 * Spec §4, §5 "Sign-up account": only an email can sign up. A username gives 'Account format is
 * invalid.', a mobile number 'Mobile registration is currently unavailable. …', empty 'Account is required'.
 */
export const checkSignupAccount = (input: string): AccountCheck => {
  const check = checkAccountInput(input);
  if (!check.ok || check.kind === 'email') return check;
  return {
    ok: false,
    code: check.kind === 'mobile_num' ? 'account.mobile_unavailable' : 'account.format_invalid',
  };
};
