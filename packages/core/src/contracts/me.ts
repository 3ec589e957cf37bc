import { z } from 'zod';
import { platforms } from '../platform.js';
import { accountViewSchema } from './auth.js';

/**
 * The account center's API (`/api/me/...`): the signed-in person's own account, read and changed
 * through their hub session. Every state-changing call is same-origin only, like every flow step.
 * Each part of the account center adds its endpoints in its own contract module beside this one.
 */
export const meEndpoints = {
  /** Who is signed in: what the header's account menu and the account center's overview show. */
  summary: '/api/me',
} as const;

/** The profile record's name parts (spec §6 profile: first, middle, last, suffix). */
export const personNameSchema = z.object({
  first: z.string(),
  middle: z.string().nullable(),
  last: z.string(),
  suffix: z.string().nullable(),
});
export type PersonName = z.infer<typeof personNameSchema>;

export const meSummarySchema = z.object({
  account: accountViewSchema,
  /** The profile's name; null for an account without a profile record yet. */
  name: personNameSchema.nullable(),
  /** One or two letters for the header's avatar: from the name, else from the account. */
  initials: z.string(),
  /** Spec §3/§6 `ut`: 0 a person, 1 a business owner, 2 a company, 5 a client. */
  userType: z.number().int(),
  homePlatform: z.enum(platforms),
  platforms: z.array(z.enum(platforms)),
  createdAt: z.number().int(),
});
export type MeSummary = z.infer<typeof meSummarySchema>;
