import { z } from 'zod';
import { platforms } from '../platform.js';
import { accountViewSchema, flowStatusQuerySchema, redirectSchema, verifyCodeRequestSchema } from './auth.js';
import { flowIdInput, passwordStepRequestSchema, passwordStepSchema } from './flow-steps.js';
import { text } from './input.js';

/**
 * Work accounts: a business owner adds a work account (an email) from their signed-in page; the
 * invitee verifies by code and sets a password. The Business platform's server-to-server
 * invitation is in platform-api.ts.
 */

export const workAccountEmailInput = text(320);

/** From a signed-in business owner's page. */
export const workAccountInviteRequestSchema = z.object({ email: workAccountEmailInput }).strict();
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
export const workAccountResendRequestSchema = z.object({ flowId: flowIdInput }).strict();
export const workAccountResendResponseSchema = z.object({ resendAfter: z.number().int().nonnegative() });
export const workAccountFinalizeRequestSchema = passwordStepRequestSchema;
/** 'Account successfully registered', then the Business site, signed in. */
export const workAccountFinalizeResponseSchema = redirectSchema;

export type WorkAccountInviteRequest = z.infer<typeof workAccountInviteRequestSchema>;
export type WorkAccountInviteResponse = z.infer<typeof workAccountInviteResponseSchema>;
export type WorkAccountStatus = z.infer<typeof workAccountStatusResponseSchema>;
export type WorkAccountVerifyResponse = z.infer<typeof workAccountVerifyResponseSchema>;

/** The endpoints, in one place for server and client. */
export const workAccountEndpoints = {
  workAccountInvite: '/api/work-accounts/invite',
  workAccountStatus: '/api/work-accounts/status',
  workAccountVerify: '/api/work-accounts/verify',
  workAccountResend: '/api/work-accounts/resend',
  workAccountFinalize: '/api/work-accounts/finalize',
} as const;
