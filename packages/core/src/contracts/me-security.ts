import { z } from 'zod';
import { CODE_LENGTH } from '../constants.js';
import { PASSWORD_MAX_LENGTH } from '../password.js';
import { text } from './input.js';
import { socialProviders } from './social.js';

/**
 * The account center's "Sign-in & security" page (docs/account-center.md): the password, the
 * email, and the Google/Facebook identities of the signed-in account. Every change is same-origin
 * only and needs the live hub session; the password and email changes ask for the current password
 * when the account has one.
 */
export const meSecurityEndpoints = {
  /** What the page shows: the email, whether a password is set, the linked providers. */
  overview: '/api/me/security',
  /** Change (or, for an account without one, set) the password. */
  password: '/api/me/password',
  /** Start an email change: a code goes to the new address. */
  email: '/api/me/email',
  emailVerify: '/api/me/email/verify',
  emailResend: '/api/me/email/resend',
  /** DELETE: unlink a provider (`:provider` is google or facebook). */
  provider: '/api/me/providers/:provider',
} as const;

/** The path of the unlink call for one provider. */
export const meProviderPath = (provider: (typeof socialProviders)[number]) =>
  meSecurityEndpoints.provider.replace(':provider', provider);

/** Where the link of a provider comes back to (GET /auth/social/:provider/start?intent=link). */
export const SOCIAL_LINKED_PARAM = 'linked';

const flowId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
const passwordInput = text(PASSWORD_MAX_LENGTH * 4);

export const linkedProviderSchema = z.object({
  provider: z.enum(socialProviders),
  /** The email the provider gave when it was linked (what the person recognises it by), if any. */
  email: z.string().nullable(),
  linkedAt: z.number().int(),
});
export type LinkedProvider = z.infer<typeof linkedProviderSchema>;

export const securityOverviewSchema = z.object({
  /** The account's email, null for an account known only by mobile number or username. */
  email: z.string().nullable(),
  hasPassword: z.boolean(),
  passwordChangedAt: z.number().int().nullable(),
  /** The identities linked to the account. */
  linked: z.array(linkedProviderSchema),
  /** The providers the hub is configured for now (the ones that can be linked). */
  available: z.array(z.enum(socialProviders)),
  /**
   * The ways the account can sign in: the password and each linked identity (and, later, passkeys).
   * The last one cannot be unlinked.
   */
  signInMethods: z.number().int().nonnegative(),
});
export type SecurityOverview = z.infer<typeof securityOverviewSchema>;

export const changePasswordRequestSchema = z
  .object({
    /** Required when the account has a password; ignored when it has none (it sets its first). */
    currentPassword: passwordInput.optional(),
    newPassword: passwordInput,
    endOtherSessions: z.boolean(),
  })
  .strict();
export type ChangePasswordRequest = z.infer<typeof changePasswordRequestSchema>;
export const changePasswordResponseSchema = z.object({
  /** How many other sessions were ended (0 when not asked). */
  otherSessionsEnded: z.number().int().nonnegative(),
});
export type ChangePasswordResponse = z.infer<typeof changePasswordResponseSchema>;

export const changeEmailRequestSchema = z
  .object({
    newEmail: text(320),
    /** Required when the account has a password. */
    password: passwordInput.optional(),
  })
  .strict();
export type ChangeEmailRequest = z.infer<typeof changeEmailRequestSchema>;
export const changeEmailStartedSchema = z.object({
  flowId,
  /** The new address, as the code step shows it. */
  email: z.string(),
  /** Seconds until 'Resend code' may be used. */
  resendAfter: z.number().int().nonnegative(),
});
export type ChangeEmailStarted = z.infer<typeof changeEmailStartedSchema>;

export const verifyEmailChangeRequestSchema = z.object({ flowId, code: text(CODE_LENGTH * 4) }).strict();
export const emailChangedSchema = z.object({ email: z.string() });
export type EmailChanged = z.infer<typeof emailChangedSchema>;
export const resendEmailChangeRequestSchema = z.object({ flowId }).strict();

export const unlinkProviderParamsSchema = z.object({ provider: z.enum(socialProviders) }).strict();
