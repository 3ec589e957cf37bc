import { z } from 'zod';
import { accountKinds } from '../account-kind.js';
import { CODE_LENGTH } from '../constants.js';
import { PASSWORD_MAX_LENGTH } from '../password.js';
import { entries, platforms } from '../platform.js';
import { returnFlows } from '../sainfo.js';
import { secondFactorMethods } from '../second-factor.js';
import { text } from './input.js';

/**
 * The API of the sign-up, login and reset flows: the server validates requests with
 * these schemas and the web client uses their types. Flows live on the server; the browser holds
 * only `flowId`, bound to it by an HttpOnly cookie.
 */

const flowId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
/** Raw account input: the server derives the kind (spec §5). Generous cap, refused past it. */
const accountInput = text(320);
/** Passwords travel only in POST bodies; one character past the maximum is still refused by rule. */
const passwordInput = text(PASSWORD_MAX_LENGTH * 4);
const queryValue = text(8192);

/**
 * What the page's query string carried (spec §2 "Query parameters by screen"), passed through
 * raw: the server decodes and re-derives every decision (docs/security.md "Query-string state").
 */
export const flowContextSchema = z
  .object({
    from: queryValue.optional(),
    subcb: queryValue.optional(),
    sainfo: queryValue.optional(),
    ref_a_frnd: queryValue.optional(),
    parent_id: queryValue.optional(),
    directReg: queryValue.optional(),
    /** Not in the spec: the OpenID Connect interaction this sign-in ends (the server checks it). */
    oidc: queryValue.optional(),
    /**
     * Not in the spec: the account center page to come back to after signing in (account-next.ts).
     * Anything else is ignored: the server keeps it only when it names such a page.
     */
    next: queryValue.optional(),
  })
  .strict();
export type FlowContext = z.infer<typeof flowContextSchema>;

export const accountViewSchema = z.object({
  kind: z.enum(accountKinds),
  /** As the screen shows it: +63 for mobile numbers (spec §2). */
  display: z.string(),
});
export type AccountView = z.infer<typeof accountViewSchema>;

/** A full-page navigation the browser makes next (exit to a platform or tool, or a screen of ours). */
export const redirectSchema = z.object({ next: z.literal('redirect'), location: z.string() });
export type RedirectAnswer = z.infer<typeof redirectSchema>;

/**
 * Not in the spec: the first factor was right, and the account confirms its sign-ins a second time
 * (docs/second-factors.md). The screen asks for one of `methods` and posts it with `flowId` (the
 * second-factor flow) to `/api/second-factor/verify`. `enrol`: the platform, tool or client requires
 * a second factor the account does not have yet; the screen sets one up first.
 */
export const secondFactorNeededSchema = z.object({
  next: z.literal('second_factor'),
  flowId,
  methods: z.array(z.enum(secondFactorMethods)),
  enrol: z.boolean().optional(),
});
export type SecondFactorNeeded = z.infer<typeof secondFactorNeededSchema>;
/** Where a sign-in goes after its first factor: its exit, or the second step. */
export const signInAnswerSchema = z.discriminatedUnion('next', [redirectSchema, secondFactorNeededSchema]);
export type SignInAnswer = z.infer<typeof signInAnswerSchema>;

// Login (spec §4 "Login")
export const loginIdentifyRequestSchema = z
  .object({
    platform: z.enum(platforms),
    account: accountInput,
    toolLogin: z.boolean().optional(),
    context: flowContextSchema.optional(),
  })
  .strict();
export const loginIdentifyResponseSchema = z.discriminatedUnion('next', [
  z.object({ next: z.literal('password'), flowId, account: accountViewSchema }),
  redirectSchema,
]);
export const loginPasswordRequestSchema = z.object({ flowId, password: passwordInput }).strict();
export const loginPasswordResponseSchema = signInAnswerSchema;

// Sign-up (spec §4 "Sign-up")
export const signupStartRequestSchema = z
  .object({
    platform: z.enum(platforms),
    account: accountInput,
    entry: z.enum(entries).optional(),
    context: flowContextSchema.optional(),
  })
  .strict();
export const codeSentSchema = z.object({
  next: z.literal('code'),
  flowId,
  account: accountViewSchema,
  /** Seconds until 'Resend code' may be used (spec §9: 360). */
  resendAfter: z.number().int().nonnegative(),
});
export const signupStartResponseSchema = z.discriminatedUnion('next', [codeSentSchema, redirectSchema]);

export const verifyCodeRequestSchema = z.object({ flowId, code: text(CODE_LENGTH * 4) }).strict();
/** On a match the browser goes to the finalize screen at `location` (after the spec's 1.5 s). */
export const verifyCodeResponseSchema = redirectSchema;
export const resendCodeRequestSchema = z.object({ flowId }).strict();
export const resendCodeResponseSchema = z.object({ resendAfter: z.number().int().nonnegative() });

/** The finalize screen's first question (spec §4): does the account exist already? */
export const flowStatusQuerySchema = z.object({ flowId }).strict();
export const flowStatusResponseSchema = z.object({
  state: z.enum(['code_sent', 'verified', 'completed']),
  platform: z.enum(platforms),
  entry: z.enum(entries).optional(),
  account: accountViewSchema,
  /** True when the account was registered meanwhile: the screen shows the already-verified notice. */
  exists: z.boolean(),
});
export const setPasswordRequestSchema = z.object({ flowId, password: passwordInput }).strict();
export const setPasswordResponseSchema = redirectSchema;

// Reset password (spec §4 "Reset password")
export const resetStartRequestSchema = z
  .object({
    platform: z.enum(platforms),
    account: accountInput,
    rrf: z.enum(returnFlows).optional(),
    context: flowContextSchema.optional(),
  })
  .strict();
export const resetStartResponseSchema = codeSentSchema;

// A proof-of-work challenge for a sign-in step (docs/security.md "Credential stuffing"): asked for
// when a step answers challenge.required, for the step's flow when it has one (a password step).
export const signInChallengeRequestSchema = z.object({ flowId: flowId.optional() }).strict();
/** An ALTCHA v2 challenge, as altcha-lib makes and solves it; the page sends it back solved. */
export const signInChallengeResponseSchema = z.object({
  parameters: z
    .object({
      algorithm: z.string(),
      nonce: z.string(),
      salt: z.string(),
      cost: z.number(),
      keyLength: z.number(),
      keyPrefix: z.string(),
    })
    .passthrough(),
  signature: z.string(),
});
/** The request header that carries a solved challenge (base64url of `{ challenge, solution }`). */
export const SIGN_IN_CHALLENGE_HEADER = 'x-hub-challenge';

export type LoginIdentifyRequest = z.infer<typeof loginIdentifyRequestSchema>;
export type LoginIdentifyResponse = z.infer<typeof loginIdentifyResponseSchema>;
export type LoginPasswordRequest = z.infer<typeof loginPasswordRequestSchema>;
export type SignupStartRequest = z.infer<typeof signupStartRequestSchema>;
export type SignupStartResponse = z.infer<typeof signupStartResponseSchema>;
export type CodeSent = z.infer<typeof codeSentSchema>;
export type VerifyCodeRequest = z.infer<typeof verifyCodeRequestSchema>;
export type ResendCodeResponse = z.infer<typeof resendCodeResponseSchema>;
export type FlowStatus = z.infer<typeof flowStatusResponseSchema>;
export type SetPasswordRequest = z.infer<typeof setPasswordRequestSchema>;
export type ResetStartRequest = z.infer<typeof resetStartRequestSchema>;

/** The endpoints, in one place for server and client. */
export const authEndpoints = {
  loginIdentify: '/api/login/identify',
  loginPassword: '/api/login/password',
  signupStart: '/api/signup/start',
  signupVerify: '/api/signup/verify',
  signupResend: '/api/signup/resend',
  signupStatus: '/api/signup/status',
  signupFinalize: '/api/signup/finalize',
  resetStart: '/api/reset/start',
  resetVerify: '/api/reset/verify',
  resetResend: '/api/reset/resend',
  resetStatus: '/api/reset/status',
  resetFinalize: '/api/reset/finalize',
  signInChallenge: '/api/sign-in/challenge',
} as const;
