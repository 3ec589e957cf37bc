import { z } from 'zod';
import type { ErrorCode } from '../messages.js';
import { PROFILE_NAME_MAX_LENGTH, PROFILE_SUFFIX_MAX_LENGTH } from '../profile-seed.js';
import { accountViewSchema } from './auth.js';
import { text } from './input.js';
import { type PersonName, personNameSchema } from './me.js';

/** The account center's Profile page (docs/account-center.md "Profile"). */
export const meProfileEndpoints = {
  /** GET: the profile page (name and every identifier); POST: change the name (first, middle, last, suffix). */
  profile: '/api/me/profile',
} as const;

/** What the Profile page shows beyond the summary: every identifier the account is known by. */
export const meProfileSchema = z.object({
  name: personNameSchema.nullable(),
  /** Email, mobile number (+63, spec §2) and username, those the account has, in that order. */
  identifiers: z.array(accountViewSchema),
});
export type MeProfile = z.infer<typeof meProfileSchema>;

// Generous transport caps (4× the stored maximum, so a long name is refused by rule with its own
// message, not by the schema); the rules below decide.
export const meProfileRequestSchema = z
  .object({
    first: text(PROFILE_NAME_MAX_LENGTH * 4),
    middle: text(PROFILE_NAME_MAX_LENGTH * 4)
      .nullable()
      .optional(),
    last: text(PROFILE_NAME_MAX_LENGTH * 4),
    suffix: text(PROFILE_SUFFIX_MAX_LENGTH * 4)
      .nullable()
      .optional(),
  })
  .strict();
export type MeProfileRequest = z.infer<typeof meProfileRequestSchema>;

/** The name as now stored. */
export const meProfileResponseSchema = z.object({ name: personNameSchema });

export type NameField = keyof PersonName;
export type NameCheck = { ok: true; name: PersonName } | { ok: false; code: ErrorCode; field: NameField };

// Letters and combining marks of any script ('Ñino', 'Ángeles', 'Nguyễn'), with the spaces,
// hyphens, apostrophes and periods names use ('Ma. Clara', 'De la Cruz', 'O’Brien'). No digits,
// no control or direction-changing characters, no markup.
const namePattern = /^[\p{L}\p{M}][\p{L}\p{M} '’.-]*$/u;
// A suffix may also carry digits ('3rd').
const suffixPattern = /^[\p{L}\p{M}\p{N}][\p{L}\p{M}\p{N} .]*$/u;

/**
 * Spec §3, §5 "Profile creation": a profile has a first and a last name (both must have a value);
 * middle name and suffix are optional (an empty one is stored as none). Each part is trimmed and
 * held to the profile's lengths (100; suffix 20) and to the characters names use. The web form and
 * the server both check with this.
 */
export const checkPersonName = (input: MeProfileRequest): NameCheck => {
  const parts: Array<[NameField, string, number, RegExp, boolean]> = [
    ['first', input.first, PROFILE_NAME_MAX_LENGTH, namePattern, true],
    ['middle', input.middle ?? '', PROFILE_NAME_MAX_LENGTH, namePattern, false],
    ['last', input.last, PROFILE_NAME_MAX_LENGTH, namePattern, true],
    ['suffix', input.suffix ?? '', PROFILE_SUFFIX_MAX_LENGTH, suffixPattern, false],
  ];
  const name: Record<string, string | null> = {};
  for (const [field, raw, max, pattern, required] of parts) {
    const value = raw.normalize('NFC').trim().replace(/ {2,}/g, ' ');
    if (value === '') {
      if (required) return { ok: false, code: 'name.required', field };
      name[field] = null;
      continue;
    }
    if (value.length > max) return { ok: false, code: 'name.too_long', field };
    if (!pattern.test(value)) return { ok: false, code: 'name.invalid', field };
    name[field] = value;
  }
  return { ok: true, name: name as PersonName };
};
