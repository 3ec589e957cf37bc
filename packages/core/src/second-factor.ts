/**
 * The rules of second factors (docs/second-factors.md), shared by server and web: the TOTP
 * parameters, the recovery codes' format, the `amr` and `acr` values a sign-in carries, and which
 * step a sign-in needs after its first factor. Pure: no clock, no randomness, no I/O.
 */

/** RFC 6238 as every authenticator app reads it: SHA-1, 6 digits, a 30 s time step. */
export const TOTP_DIGITS = 6;
export const TOTP_PERIOD_SECONDS = 30;
/** Time steps accepted either side of the current one (clock drift between phone and server). */
export const TOTP_WINDOW_STEPS = 1;
/** The issuer an authenticator app shows next to the account. */
export const TOTP_ISSUER = 'Account Hub';

/** How many recovery codes a person gets at a time; each works once. */
export const RECOVERY_CODE_COUNT = 10;
/** Characters of a recovery code (shown as two groups of five: `abcde-fgh23`). */
export const RECOVERY_CODE_LENGTH = 10;
/**
 * The 32 characters a recovery code is made of: lower-case letters and digits without the ones
 * read alike (i, l, o and 1). 32 divides 256, so a random byte picks one without bias.
 */
export const RECOVERY_CODE_ALPHABET = 'abcdefghjkmnpqrstuvwxyz023456789';

/**
 * The ways of confirming a sign-in a second time: an authenticator app's code, a recovery code, a
 * passkey (its authenticator's answer to a challenge of the second step).
 */
export const secondFactorMethods = ['totp', 'recovery', 'passkey'] as const;
export type SecondFactorMethod = (typeof secondFactorMethods)[number];

/**
 * The query parameter that opens the login screen on the second step of a parked sign-in (a Google
 * or Facebook sign-in lands there): its value is the second-factor flow's id.
 */
export const SECOND_STEP_PARAM = 'second_factor';

/** A recovery code as shown: the raw characters in two groups of five. */
export const formatRecoveryCode = (raw: string): string => `${raw.slice(0, 5)}-${raw.slice(5)}`;

/**
 * A recovery code as typed, in its stored form: case, spaces and hyphens do not matter, and an `o`
 * is read as the zero it must be. Undefined when it cannot be a recovery code at all.
 */
export const normalizeRecoveryCode = (input: string): string | undefined => {
  const value = input.toLowerCase().replace(/[\s-]/g, '').replace(/o/g, '0');
  if (value.length !== RECOVERY_CODE_LENGTH) return undefined;
  for (const char of value) if (!RECOVERY_CODE_ALPHABET.includes(char)) return undefined;
  return value;
};

/** A TOTP code as typed: its digits, spaces removed; undefined unless exactly six digits. */
export const normalizeTotpCode = (input: string): string | undefined => {
  const value = input.replace(/\s/g, '');
  return /^\d+$/.test(value) && value.length === TOTP_DIGITS ? value : undefined;
};

/** How the first factor of a sign-in was proved (the hub session's auth_method). */
export type FirstFactor = 'password' | 'signup' | 'google' | 'facebook' | 'passkey' | 'session';

/**
 * RFC 8176 `amr` values of a sign-in: `pwd` for a password (a sign-up sets one), `otp` for an
 * authenticator code or a recovery code, `hwk` + `user` for a passkey, and `mfa` once two factors
 * were proved. A Google or Facebook sign-in is a factor the hub did not check itself: it counts
 * towards `mfa` but names no method, so a client cannot tell it from a password by its amr alone.
 */
export const amrOf = (first: FirstFactor, second: readonly string[] = []): string[] => {
  const values = new Set<string>();
  if (first === 'password' || first === 'signup') values.add('pwd');
  if (first === 'passkey') {
    values.add('hwk');
    values.add('user');
  }
  for (const method of second) {
    if (method === 'totp' || method === 'recovery') values.add('otp');
    if (method === 'passkey') {
      values.add('hwk');
      values.add('user');
    }
  }
  // A passkey sign-in needs user verification (docs/passkeys.md): possession and the person at once.
  const factors = (first === 'session' ? 0 : first === 'passkey' ? 2 : 1) + new Set(second).size;
  if (factors >= 2) values.add('mfa');
  return [...values];
};

/** The `acr` of a sign-in proved by one factor, and by two; a client asks for the second with acr_values. */
export const ACR_SINGLE_FACTOR = 'urn:account-hub:acr:1fa';
export const ACR_MULTI_FACTOR = 'urn:account-hub:acr:mfa';
export const acrValues = [ACR_SINGLE_FACTOR, ACR_MULTI_FACTOR] as const;
export const acrOf = (amr: readonly string[]): string =>
  amr.includes('mfa') ? ACR_MULTI_FACTOR : ACR_SINGLE_FACTOR;

/**
 * What a sign-in needs after its first factor: nothing, the second factor the account has, or
 * (when the platform, tool or client requires one and the account has none) setting one up.
 */
export type SecondStep = 'none' | 'verify' | 'enrol';
export const secondStepFor = (input: {
  enrolled: readonly string[];
  required: boolean;
  satisfied: boolean;
}): SecondStep => {
  if (input.satisfied) return 'none';
  if (input.enrolled.length > 0) return 'verify';
  return input.required ? 'enrol' : 'none';
};

/** The words of the second step on the login screens (the product's voice; not in the spec). */
export const secondFactorTexts = {
  title: 'Confirm it’s you',
  totpPrompt: 'Enter the 6-digit code from your authenticator app.',
  recoveryPrompt: 'Enter one of the recovery codes you saved when you set up your authenticator app.',
  recoveryLabel: 'Recovery code',
  useRecovery: 'Use a recovery code',
  useTotp: 'Use your authenticator app',
  passkeyPrompt: 'Use a passkey saved on this device, your phone or a security key.',
  usePasskey: 'Use a passkey',
  passkeyUnsupported: 'This browser can’t use passkeys. Sign in on a device that can, or start over.',
  submit: 'Continue',
  cancel: 'Start over',
  enrolTitle: 'Set up an authenticator app',
  enrolPrompt:
    'Signing in here needs a second step. Scan this QR code with your authenticator app, then enter the 6-digit code it shows.',
  qrAlt: 'QR code for your authenticator app',
  secretLabel: 'Can’t scan it? Enter this key instead:',
  recoveryCodesTitle: 'Save your recovery codes',
  recoveryCodesPrompt:
    'If you lose your phone, each of these codes lets you sign in once. Keep them somewhere safe: they won’t be shown again.',
  savedCodes: 'I’ve saved them, continue',
} as const;
