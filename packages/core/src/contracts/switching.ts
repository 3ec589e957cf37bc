import { z } from 'zod';
import { accountIdSchema } from '../ids.js';
import { platforms } from '../platform.js';
import {
  accountViewSchema,
  flowContextSchema,
  flowStatusQuerySchema,
  loginIdentifyRequestSchema,
  loginPasswordRequestSchema,
  redirectSchema,
  secondFactorNeededSchema,
  verifyCodeRequestSchema,
} from './auth.js';
import { text } from './input.js';

/**
 * The API of switching (option1), linking to a parent account (option2), the default platform
 * (option3), work accounts and the server-to-server calls of the platforms. The same
 * rules as contracts/auth.ts: flows live on the server, the browser holds only `flowId`, bound
 * to it by an HttpOnly cookie; every decision is taken from the hub's records, never from sainfo.
 */

const flowId = loginPasswordRequestSchema.shape.flowId;
const accountInput = loginIdentifyRequestSchema.shape.account;
const passwordInput = loginPasswordRequestSchema.shape.password;
const emailInput = text(320);

/** The success notices a linking answer asks the screen to show before it redirects (spec §4, §8). */
export const linkNotices = ['account_linked'] as const;

/**
 * Spec §4 "Switching and linking": 'Account successfully linked' is shown, then after 1.5 s the
 * browser goes to `location` (a tool's callback with account type 3, or the platform site).
 */
export const linkedRedirectSchema = redirectSchema.extend({ notice: z.enum(linkNotices) });
export type LinkedRedirect = z.infer<typeof linkedRedirectSchema>;

/** Step 1 of option1 and option2: the account; the answer is the password step. */
const identifyRequest = z
  .object({ platform: z.enum(platforms), account: accountInput, context: flowContextSchema.optional() })
  .strict();
const passwordStepSchema = z.object({ next: z.literal('password'), flowId, account: accountViewSchema });
const passwordRequest = z.object({ flowId, password: passwordInput }).strict();

// Switching option1 (spec §2, §4): the account that lives on the other platform joins this one.
export const switchingIdentifyRequestSchema = identifyRequest;
export const switchingIdentifyResponseSchema = passwordStepSchema;
/** The sync call (spec §7 sync/attempt): a valid password links the account to the platform. */
export const switchingPasswordRequestSchema = passwordRequest;
export const switchingPasswordResponseSchema = z.discriminatedUnion('next', [
  linkedRedirectSchema,
  secondFactorNeededSchema,
]);

// Switching option2 (spec §2, §6): the signed-in account is linked under a parent (business owner).
/** The linking check, ref 1 (spec §7 linking/attempt): the parent account. Needs a hub session. */
export const linkingIdentifyRequestSchema = identifyRequest;
export const linkingIdentifyResponseSchema = passwordStepSchema;
/** The linking check, ref 2: the parent's password is the parent's consent. */
export const linkingPasswordRequestSchema = passwordRequest;
export const linkingPasswordResponseSchema = linkedRedirectSchema;

// Switching option3 and option3/finalize: the signed-in account picks its default platform.
export const defaultPlatformStateResponseSchema = z.object({
  account: accountViewSchema,
  /** The platforms the account is a member of; exactly one is the default (its home, the spec's `at`). */
  platforms: z.array(
    z.object({ platform: z.enum(platforms), isDefault: z.boolean(), linkedAt: z.number().int() }),
  ),
});
export const defaultPlatformStartRequestSchema = z
  .object({ platform: z.enum(platforms), context: flowContextSchema.optional() })
  .strict();
/** To `/{platform}/switching/option3/finalize?flow=…`, where the password confirms the choice. */
export const defaultPlatformStartResponseSchema = redirectSchema;
export const defaultPlatformStatusQuerySchema = flowStatusQuerySchema;
export const defaultPlatformStatusResponseSchema = z.object({
  state: z.enum(['chosen', 'completed']),
  /** The platform chosen as the new default. */
  platform: z.enum(platforms),
  /** The default platform now, before the choice is confirmed. */
  current: z.enum(platforms),
  account: accountViewSchema,
});
export const defaultPlatformConfirmRequestSchema = passwordRequest;
/** The chosen platform's site (or the tool that sent the user), signed in. */
export const defaultPlatformConfirmResponseSchema = redirectSchema;

// Work accounts: a business owner adds a work account (an email); the invitee verifies by code.
/** From a signed-in business owner's page. */
export const workAccountInviteRequestSchema = z.object({ email: emailInput }).strict();
export const workAccountInviteResponseSchema = z.object({
  status: z.literal('invited'),
  email: z.string(),
  /** Until when the invitation link works (epoch ms); each code in it lives 10 minutes. */
  expiresAt: z.number().int(),
});
/** The query of `/{platform}/comp/account/verification?invite=…`, the link in the invitation mail. */
export const WORK_ACCOUNT_INVITE_PARAM = 'invite';
export const workAccountStatusQuerySchema = flowStatusQuerySchema;
export const workAccountStatusResponseSchema = z.object({
  state: z.enum(['invited', 'verified', 'completed']),
  platform: z.enum(platforms),
  account: accountViewSchema,
  /** Who invited them, as the invitation mail names them. */
  inviter: z.string(),
  /** True when the email has an account already: the screen shows the already-registered notice. */
  exists: z.boolean(),
  /** Seconds until 'Resend code' may be used (0 once it may). */
  resendAfter: z.number().int().nonnegative(),
});
export const workAccountVerifyRequestSchema = verifyCodeRequestSchema;
/** 'Code has been verified', then the password set-up on the same screen. */
export const workAccountVerifyResponseSchema = passwordStepSchema;
export const workAccountResendRequestSchema = z.object({ flowId }).strict();
export const workAccountResendResponseSchema = z.object({ resendAfter: z.number().int().nonnegative() });
export const workAccountFinalizeRequestSchema = passwordRequest;
/** 'Account successfully registered', then the Business site, signed in. */
export const workAccountFinalizeResponseSchema = redirectSchema;

// Server to server (Authorization: Bearer <the platform's or tool's credential>); snake_case as in spec §7.
/** The Business platform adds a work account for one of its business owners. */
export const platformWorkAccountRequestSchema = z
  .object({ owner_aid: accountIdSchema, email: emailInput })
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

export type SwitchingIdentifyRequest = z.infer<typeof switchingIdentifyRequestSchema>;
export type SwitchingIdentifyResponse = z.infer<typeof switchingIdentifyResponseSchema>;
export type LinkingIdentifyRequest = z.infer<typeof linkingIdentifyRequestSchema>;
export type LinkingIdentifyResponse = z.infer<typeof linkingIdentifyResponseSchema>;
export type DefaultPlatformState = z.infer<typeof defaultPlatformStateResponseSchema>;
export type DefaultPlatformStartRequest = z.infer<typeof defaultPlatformStartRequestSchema>;
export type DefaultPlatformStatus = z.infer<typeof defaultPlatformStatusResponseSchema>;
export type WorkAccountInviteRequest = z.infer<typeof workAccountInviteRequestSchema>;
export type WorkAccountInviteResponse = z.infer<typeof workAccountInviteResponseSchema>;
export type WorkAccountStatus = z.infer<typeof workAccountStatusResponseSchema>;
export type WorkAccountVerifyResponse = z.infer<typeof workAccountVerifyResponseSchema>;
export type PlatformWorkAccountRequest = z.infer<typeof platformWorkAccountRequestSchema>;
export type AccountRead = z.infer<typeof accountReadResponseSchema>;

/** The endpoints, in one place for server and client. */
export const switchingEndpoints = {
  switchingIdentify: '/api/switching/identify',
  switchingPassword: '/api/switching/password',
  linkingIdentify: '/api/linking/identify',
  linkingPassword: '/api/linking/password',
  defaultPlatformState: '/api/default-platform',
  defaultPlatformStart: '/api/default-platform/start',
  defaultPlatformStatus: '/api/default-platform/status',
  defaultPlatformConfirm: '/api/default-platform/confirm',
  workAccountInvite: '/api/work-accounts/invite',
  workAccountStatus: '/api/work-accounts/status',
  workAccountVerify: '/api/work-accounts/verify',
  workAccountResend: '/api/work-accounts/resend',
  workAccountFinalize: '/api/work-accounts/finalize',
  platformWorkAccounts: '/api/platform/work-accounts',
  accountRead: '/api/account/read',
} as const;
