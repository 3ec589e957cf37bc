import { z } from 'zod';
import { platforms } from '../platform.js';
import {
  accountViewSchema,
  flowContextSchema,
  loginIdentifyRequestSchema,
  loginPasswordRequestSchema,
  redirectSchema,
} from './auth.js';

/**
 * The request and answer shapes the account flows after login share: switching (option1), linking
 * (option2), the default platform (option3) and work accounts. Each flow's own contract is in its
 * file (switching.ts, linking.ts, default-platform.ts, work-account.ts); the rules are those of
 * contracts/auth.ts: flows live on the server, the browser holds only `flowId`, bound to it by an
 * HttpOnly cookie, and every decision is taken from the hub's records, never from sainfo.
 */

export const flowIdInput = loginPasswordRequestSchema.shape.flowId;
const accountInput = loginIdentifyRequestSchema.shape.account;
const passwordInput = loginPasswordRequestSchema.shape.password;

/** The success notices a linking answer asks the screen to show before it redirects (spec §4, §8). */
export const linkNotices = ['account_linked'] as const;

/**
 * Spec §4 "Switching and linking": 'Account successfully linked' is shown, then after 1.5 s the
 * browser goes to `location` (a tool's callback with account type 3, or the platform site).
 */
export const linkedRedirectSchema = redirectSchema.extend({ notice: z.enum(linkNotices) });
export type LinkedRedirect = z.infer<typeof linkedRedirectSchema>;

/** Step 1 of option1 and option2: the account; the answer is the password step. */
export const identifyStepRequestSchema = z
  .object({ platform: z.enum(platforms), account: accountInput, context: flowContextSchema.optional() })
  .strict();
/** The password step a flow goes on to, with the account it concerns. */
export const passwordStepSchema = z.object({
  next: z.literal('password'),
  flowId: flowIdInput,
  account: accountViewSchema,
});
/** A password typed on a flow's step. */
export const passwordStepRequestSchema = z.object({ flowId: flowIdInput, password: passwordInput }).strict();
