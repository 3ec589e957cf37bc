import type { ErrorCode } from './messages.js';

/** Spec §3 (validated flags lc, uc, number, length, sc), §5: the five strength criteria. */
export const passwordCriteria = ['lower_case', 'upper_case', 'number', 'length', 'symbol'] as const;
export type PasswordCriterion = (typeof passwordCriteria)[number];
export const isPasswordCriterion = (value: unknown): value is PasswordCriterion =>
  typeof value === 'string' && (passwordCriteria as readonly string[]).includes(value);

/** Spec §5, §9: the length criterion (hints, strength rule, set-up screens). */
export const PASSWORD_MIN_LENGTH = 8;
/** Spec §5: the separate minimum checked on the login forms. */
export const LOGIN_PASSWORD_MIN_LENGTH = 6;
/** We accept at least 128 characters and never truncate; above 256 a password is refused. */
export const PASSWORD_MAX_LENGTH = 256;
/** Spec §3, §4: the strength of an empty password, and the maximum score. */
export const PASSWORD_MAX_SCORE = 5;

/** Lengths count Unicode code points, so an emoji or a CJK character is one character. */
export const passwordLength = (pw: string): number => [...pw].length;

// Letters, cases and digits are Unicode-aware: 'é' is lower case, 'Ж' upper case, '٣' (Arabic-Indic
// three) a digit. A symbol is any code point that is none of letter, decimal digit or white space.
const criterionTests: Record<PasswordCriterion, (pw: string) => boolean> = {
  lower_case: (pw) => /\p{Ll}/u.test(pw),
  upper_case: (pw) => /\p{Lu}/u.test(pw),
  number: (pw) => /\p{Nd}/u.test(pw),
  length: (pw) => passwordLength(pw) >= PASSWORD_MIN_LENGTH,
  symbol: (pw) => /[^\p{L}\p{Nd}\s]/u.test(pw),
};

export type PasswordScore = { score: number; met: PasswordCriterion[]; unmet: PasswordCriterion[] };

/**
 * Spec §5 "Password strength score": starts at 5 and drops by 1 for each criterion met: lower case,
 * upper case, a digit, at least 8 characters, a symbol (not a letter, digit or space).
 */
export const scorePassword = (pw: string): PasswordScore => {
  const met = passwordCriteria.filter((criterion) => criterionTests[criterion](pw));
  const unmet = passwordCriteria.filter((criterion) => !met.includes(criterion));
  return { score: PASSWORD_MAX_SCORE - met.length, met, unmet };
};

/** Spec §5 "Hints", in the order the screens list them. */
export const passwordHints: ReadonlyArray<{ criterion: PasswordCriterion; text: string }> = [
  { criterion: 'length', text: 'Minimum of 8 characters' },
  { criterion: 'lower_case', text: 'Lower case' },
  { criterion: 'upper_case', text: 'Upper case' },
  { criterion: 'number', text: 'Number (123)' },
  { criterion: 'symbol', text: 'Symbol (eg. @*#-)' },
];

/** Spec §5: hints for met rules are hidden; the texts of the unmet ones, in screen order. */
export const unmetHints = (pw: string): string[] => {
  const { unmet } = scorePassword(pw);
  return passwordHints.filter((hint) => unmet.includes(hint.criterion)).map((hint) => hint.text);
};

export type StrengthMeter = {
  label: 'Poor' | 'Average' | 'Strong';
  tone: 'danger' | 'warning' | 'success';
  width: '35%' | '65%' | '100%';
};

/**
 * Spec §4 "Password strength": 5 shows no meter; 3-4 'Poor' red at 35%; 1-2 'Average' warning at 65%;
 * 0 'Strong' green at 100%. A score outside 0..5 shows no meter either.
 */
export const strengthMeter = (score: number): StrengthMeter | null => {
  if (score === 0) return { label: 'Strong', tone: 'success', width: '100%' };
  if (score === 1 || score === 2) return { label: 'Average', tone: 'warning', width: '65%' };
  if (score === 3 || score === 4) return { label: 'Poor', tone: 'danger', width: '35%' };
  return null;
};

/** Spec §5: a password over the maximum is refused rather than truncated. */
export const isPasswordTooLong = (pw: string): boolean => passwordLength(pw) > PASSWORD_MAX_LENGTH;

/** Spec §4, §5: only a score of 0 passes (and never above {@link PASSWORD_MAX_LENGTH}). */
export const isPasswordAccepted = (pw: string): boolean =>
  scorePassword(pw).score === 0 && !isPasswordTooLong(pw);

/** Spec §5 "Minimum length": the login forms check 6 characters. */
export const meetsLoginMinimum = (pw: string): boolean => passwordLength(pw) >= LOGIN_PASSWORD_MIN_LENGTH;

/** Spec §5 "Confirmation": the re-entered password must equal the password. */
export const passwordsEqual = (a: string, b: string): boolean => a === b;

/**
 * Spec §5: why a new password (and its confirmation, when the screen has one) cannot be submitted,
 * or null. Empty → 'Password is required'; then too long, too weak, and 'Not Equal passwords'.
 */
export const newPasswordError = (pw: string, confirmation?: string): ErrorCode | null => {
  if (pw === '') return 'password.required';
  if (isPasswordTooLong(pw)) return 'password.too_long';
  if (scorePassword(pw).score !== 0) return 'password.too_weak';
  if (confirmation !== undefined && !passwordsEqual(pw, confirmation)) return 'password.not_equal';
  return null;
};
