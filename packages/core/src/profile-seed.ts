import { z } from 'zod';
import { decodeJsonWith } from './codecs.js';
import { text } from './contracts/input.js';
import { accountIdSchema } from './ids.js';
import type { Result } from './result.js';

export const PROFILE_SEED_MAX_BYTES = 16_384;
/** The longest first, middle or last name a profile holds (UTF-16 units). */
export const PROFILE_NAME_MAX_LENGTH = 100;
/** The longest suffix a profile holds ('Jr.', 'III'). */
export const PROFILE_SUFFIX_MAX_LENGTH = 20;

const name = text(PROFILE_NAME_MAX_LENGTH);
// Keys start with a letter: no '__proto__' and no surprises when the record is spread or stored.
const contactKey = z.string().regex(/^[A-Za-z][A-Za-z0-9_]{0,63}$/);

/** Spec §3 "Profile (primeinfo) payload": the profile fields other than aid and the names. */
const profileFields = {
  suffix: text(PROFILE_SUFFIX_MAX_LENGTH).optional(),
  middle_name: name.optional(),
  contact_info: z.record(contactKey, z.union([text(512), z.number(), z.boolean(), z.null()])).optional(),
  other_info: z
    .object({
      birthdate: text(32).optional(),
      gender: text(32).optional(),
      civil_status: text(32).optional(),
    })
    .optional(),
  profile: z
    .object({
      profile_picture: text(2048).optional(),
      cover_picture: text(2048).optional(),
    })
    .optional(),
};

/**
 * Spec §2, §3: what the ubr_profile entry carries in 'from': a credential, a first and a last name, and
 * optionally the other profile fields. The names may be missing: sign-up still starts, only the profile
 * is not created (see {@link buildPrimeinfo}).
 */
export const profileSeedSchema = z.object({
  credential: text(254).min(1),
  first_name: name.optional(),
  last_name: name.optional(),
  ...profileFields,
});
export type ProfileSeed = z.output<typeof profileSeedSchema>;

export const encodeProfileSeed = (seed: ProfileSeed): string => JSON.stringify(seed);

export const decodeProfileSeed = (raw: string | null | undefined): Result<ProfileSeed> =>
  decodeJsonWith(profileSeedSchema, raw, PROFILE_SEED_MAX_BYTES);

const filledName = name.refine((value) => value.trim() !== '');

/** Spec §3, §7: the body of POST primeinfo/create. */
export const primeinfoSchema = z.object({
  aid: accountIdSchema,
  first_name: filledName,
  last_name: filledName,
  ...profileFields,
});
export type Primeinfo = z.output<typeof primeinfoSchema>;

/** Spec §3, §5: a profile is created only when the seed carries both a first and a last name. */
export const hasProfileNames = (seed: ProfileSeed): boolean =>
  (seed.first_name ?? '').trim() !== '' && (seed.last_name ?? '').trim() !== '';

/** Spec §3, §4: the primeinfo payload for a new account, or null when a name is missing (nothing is sent). */
export const buildPrimeinfo = (aid: string, seed: ProfileSeed): Primeinfo | null => {
  if (!hasProfileNames(seed)) return null;
  const { credential: _credential, ...profile } = seed;
  return { ...profile, aid, first_name: seed.first_name ?? '', last_name: seed.last_name ?? '' };
};
