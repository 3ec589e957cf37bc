import { z } from 'zod';
import { accountIdSchema } from '../ids.js';
import { platforms } from '../platform.js';
import { workAccountEmailInput } from './work-account.js';

/**
 * The platforms' and tools' server-to-server calls (Authorization: Bearer <the platform's or
 * tool's credential>); snake_case as in spec §7.
 */

/** The Business platform adds a work account for one of its business owners. */
export const platformWorkAccountRequestSchema = z
  .object({ owner_aid: accountIdSchema, email: workAccountEmailInput })
  .strict();
export const platformWorkAccountResponseSchema = z.object({
  msg: z.literal('delivered'),
  email: z.string(),
  expires_at: z.number().int(),
});
/** Spec §7 account/read. */
export const accountReadQuerySchema = z.object({ aid: accountIdSchema }).strict();
/** Spec §3 "Account read response": verified (1 means verified) plus the account's fields. */
export const accountReadResponseSchema = z.object({
  verified: z.number().int(),
  aid: z.string(),
  email: z.string().nullable(),
  mobile_num: z.string().nullable(),
  username: z.string().nullable(),
  /** The default platform (the spec's `at`). */
  home_platform: z.enum(platforms),
  platforms: z.array(z.enum(platforms)),
  ut: z.number().int(),
  u_type: z.number().int(),
});

export type PlatformWorkAccountRequest = z.infer<typeof platformWorkAccountRequestSchema>;
export type AccountRead = z.infer<typeof accountReadResponseSchema>;

/** The endpoints, in one place for server and client. */
export const platformApiEndpoints = {
  platformWorkAccounts: '/api/platform/work-accounts',
  accountRead: '/api/account/read',
} as const;
