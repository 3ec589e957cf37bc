import { z } from 'zod';
import { secondFactorMethods } from '../second-factor.js';
import { loginPasswordRequestSchema, redirectSchema } from './auth.js';
import { linkNotices } from './flow-steps.js';
import { text } from './input.js';
import { authenticationResponseSchema } from './passkeys.js';

/**
 * The API of second factors (docs/second-factors.md): the signed-in person's enrolment under
 * `/api/me/second-factors` (hub session cookie; state changes from the hub's own pages), and the
 * second step of a sign-in, which names the second-factor flow a first factor answered with
 * (`next: 'second_factor'`, contracts/auth.ts).
 */

const flowId = loginPasswordRequestSchema.shape.flowId;
const passwordInput = loginPasswordRequestSchema.shape.password;
/** A TOTP code or a recovery code as typed (spaces and hyphens allowed); the rules are core's. */
const codeInput = text(64);

export const secondFactorEndpoints = {
  /** GET: what the signed-in account has set up. */
  status: '/api/me/second-factors',
  /** POST: start setting up an authenticator app (a new secret, not in use until confirmed); DELETE: remove it. */
  totp: '/api/me/second-factors/totp',
  /** POST: the first code from the app confirms the set-up. */
  totpConfirm: '/api/me/second-factors/totp/confirm',
  /** POST: ten new recovery codes (the old ones stop working), shown once. */
  recoveryCodes: '/api/me/second-factors/recovery-codes',
  /** GET ?flowId=: the second step a sign-in waits in (what the screen offers). */
  stepStatus: '/api/second-factor/status',
  /** POST: the second factor of a sign-in; the answer is the sign-in's exit. */
  verify: '/api/second-factor/verify',
  /** POST: the WebAuthn options of a passkey as the second factor of a sign-in (a new challenge). */
  passkeyOptions: '/api/second-factor/passkey-options',
  /** POST: a sign-in that requires a second factor the account lacks: a new authenticator secret. */
  enrol: '/api/second-factor/enrol',
  /** POST: its first code sets the app up and completes the sign-in; the recovery codes come with it. */
  enrolConfirm: '/api/second-factor/enrol/confirm',
} as const;

export const secondFactorStatusResponseSchema = z.object({
  /** The methods a sign-in of this account is confirmed with (empty: a password alone signs in). */
  methods: z.array(z.enum(secondFactorMethods)),
  totp: z.object({ enrolled: z.boolean(), confirmedAt: z.number().int().nullable() }),
  recoveryCodes: z.object({ remaining: z.number().int().nonnegative() }),
});
export type SecondFactorStatus = z.infer<typeof secondFactorStatusResponseSchema>;

export const totpStartRequestSchema = z.object({}).strict();
export const totpStartResponseSchema = z.object({
  /** The Base32 secret, for typing into an app that cannot scan. */
  secret: z.string(),
  /** The otpauth:// URI the QR code holds. */
  otpauthUri: z.string(),
  /** The QR code as an SVG data URL (an <img src>). */
  qrCode: z.string(),
});
export type TotpStart = z.infer<typeof totpStartResponseSchema>;

export const totpConfirmRequestSchema = z.object({ code: codeInput }).strict();
export const totpConfirmResponseSchema = z.object({
  status: secondFactorStatusResponseSchema,
  /** The recovery codes made with a first second factor: shown once, never again. */
  recoveryCodes: z.array(z.string()).optional(),
});

/** Removing the last second factor asks for the password (docs/second-factors.md). */
export const totpRemoveRequestSchema = z.object({ password: passwordInput.optional() }).strict();
export const totpRemoveResponseSchema = secondFactorStatusResponseSchema;

export const recoveryCodesRequestSchema = z.object({}).strict();
export const recoveryCodesResponseSchema = z.object({ codes: z.array(z.string()) });

export const secondStepStatusQuerySchema = z.object({ flowId }).strict();
export const secondStepStatusResponseSchema = z.object({
  methods: z.array(z.enum(secondFactorMethods)),
  /** True when the account must set up an authenticator app before the sign-in goes on. */
  enrol: z.boolean(),
});

/**
 * A second factor: `code` for an authenticator app or a recovery code, `response` (the
 * authenticator's AuthenticationResponseJSON to the passkey-options challenge) for a passkey.
 */
export const secondStepVerifyRequestSchema = z
  .object({
    flowId,
    method: z.enum(secondFactorMethods),
    code: codeInput.optional(),
    response: authenticationResponseSchema.optional(),
  })
  .strict();
/** The sign-in's exit; `notice` when it was switching option1 (the account was linked). */
export const secondStepVerifyResponseSchema = redirectSchema.extend({
  notice: z.enum(linkNotices).optional(),
});

export const secondStepPasskeyOptionsRequestSchema = z.object({ flowId }).strict();
/** The options for navigator.credentials.get, as the server's library made them (the account's passkeys). */
export const secondStepPasskeyOptionsResponseSchema = z.object({
  options: z.record(z.string(), z.unknown()),
});

export type SecondStepVerifyRequest = z.infer<typeof secondStepVerifyRequestSchema>;
export type SecondStepStatus = z.infer<typeof secondStepStatusResponseSchema>;

export const secondStepEnrolRequestSchema = z.object({ flowId }).strict();
export const secondStepEnrolResponseSchema = totpStartResponseSchema;
export const secondStepEnrolConfirmRequestSchema = z.object({ flowId, code: codeInput }).strict();
/** The sign-in's exit, with the ten recovery codes made with the first second factor (shown once). */
export const secondStepEnrolConfirmResponseSchema = secondStepVerifyResponseSchema.extend({
  recoveryCodes: z.array(z.string()).optional(),
});
export type SecondStepEnrolConfirm = z.infer<typeof secondStepEnrolConfirmResponseSchema>;
