import { z } from 'zod';
import { platforms } from '../platform.js';
import { flowContextSchema, redirectSchema, secondFactorNeededSchema } from './auth.js';
import { linkNotices } from './flow-steps.js';

/** The landing's cards for a signed-in person ('Continue'): on to the platform's site. */
export const meContinueEndpoints = {
  /** POST: the platform exit for the signed-in account, as its login would end. */
  continue: '/api/me/continue',
} as const;

export const meContinueRequestSchema = z.object({ platform: z.enum(platforms) }).strict();
export type MeContinueRequest = z.infer<typeof meContinueRequestSchema>;

/** The platform site's /sso/account/auth with a fresh ainfo, or the platform's login when it has a say first. */
export const meContinueResponseSchema = redirectSchema;

/**
 * 'Continue as' and the accounts signed in on this browser (docs/sessions.md). The browser names an
 * account only by its id; the server switches only to a session whose token this browser holds.
 */
export const deviceAccountEndpoints = {
  /** GET: the accounts signed in on this browser (none: an empty list, never a 401). */
  list: '/api/me/device-accounts',
  /** POST: sign in where a login screen started (its context) as one of them, without the password. */
  continueAs: '/api/me/device-accounts/continue',
  /** POST: make another of them this browser's current account. */
  switch: '/api/me/device-accounts/switch',
  /** POST: end every session this browser holds ("Sign out of all accounts"). */
  signOutAll: '/api/me/device-accounts/sign-out-all',
} as const;

const accountIdSchema = z.string().uuid();

export const deviceAccountSchema = z.object({
  id: z.string(),
  /** The account as the header shows it: the name, else the email, mobile or username. */
  display: z.string(),
  initials: z.string(),
  /** The browser's current account (the header's). */
  current: z.boolean(),
});
export type DeviceAccount = z.infer<typeof deviceAccountSchema>;
export const deviceAccountsResponseSchema = z.object({ accounts: z.array(deviceAccountSchema) });
export type DeviceAccounts = z.infer<typeof deviceAccountsResponseSchema>;

/**
 * The list's query: the OpenID Connect interaction whose login screen asks (its uid, the screen's
 * `oidc`). An interaction that demands a fresh sign-in (prompt=login, an expired max_age) gets an
 * empty list: the password is the way on there (docs/sessions.md).
 */
export const deviceAccountsQuerySchema = z
  .object({
    oidc: z
      .string()
      .regex(/^[A-Za-z0-9_-]{1,64}$/)
      .optional(),
  })
  .strict();
export type DeviceAccountsQuery = z.infer<typeof deviceAccountsQuerySchema>;

export const continueAsRequestSchema = z
  .object({
    account: accountIdSchema,
    platform: z.enum(platforms),
    context: flowContextSchema.optional(),
    /** From switching option1: the account joins this platform (after a second factor the session lacks). */
    switching: z.literal(true).optional(),
  })
  .strict();
export type ContinueAsRequest = z.infer<typeof continueAsRequestSchema>;

/**
 * Where Continue as goes: the exit (with 'account_linked' when switching linked the account just
 * now), or the second step on the login screen, or switching option1 for an account of the other
 * platform. A session's sign-in is always a redirect; the second-factor form is the password's.
 */
export const continueAsResponseSchema = z.discriminatedUnion('next', [
  redirectSchema.extend({ notice: z.enum(linkNotices).optional() }),
  secondFactorNeededSchema,
]);
export type ContinueAsAnswer = z.infer<typeof continueAsResponseSchema>;

export const switchAccountRequestSchema = z.object({ account: accountIdSchema }).strict();
export type SwitchAccountRequest = z.infer<typeof switchAccountRequestSchema>;
