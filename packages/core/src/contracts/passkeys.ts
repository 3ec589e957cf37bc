import { z } from 'zod';
import { PASSWORD_MAX_LENGTH } from '../password.js';
import { platforms } from '../platform.js';
import { flowContextSchema, redirectSchema } from './auth.js';
import { text } from './input.js';

/**
 * The passkey API (docs/passkeys.md): a signed-in person's passkeys under /api/me/passkeys, and a
 * passkey as the first factor on the login screen. The WebAuthn options the server makes and the
 * authenticator's answers the browser sends are JSON as @simplewebauthn's libraries read and write
 * them; here they are held to their outline and sizes only, and the server's verification checks
 * the rest.
 */
export const passkeyEndpoints = {
  list: '/api/me/passkeys',
  registrationOptions: '/api/me/passkeys/registration-options',
  register: '/api/me/passkeys',
  /** PATCH renames, DELETE removes; `:id` is the hub's id of the passkey. */
  one: '/api/me/passkeys/:id',
  loginOptions: '/api/login/passkey/options',
  loginVerify: '/api/login/passkey/verify',
} as const;

/** The hub's id of a passkey, or of a challenge: random base64url. */
const hubId = z.string().regex(/^[A-Za-z0-9_-]{16,64}$/);
/** Base64url of at most `max` characters (WebAuthn's binary fields in JSON). */
const base64url = (max: number) =>
  z
    .string()
    .max(max)
    .regex(/^[A-Za-z0-9_-]*$/);

/** What a person calls a passkey ('Work laptop'); trimmed, 1 to 64 characters. */
export const PASSKEY_NAME_MAX_LENGTH = 64;
export const passkeyNameSchema = text(PASSKEY_NAME_MAX_LENGTH * 4)
  .transform((value) => value.trim())
  .pipe(z.string().min(1).max(PASSKEY_NAME_MAX_LENGTH));

/** The options for the browser's navigator.credentials call, as the server's library made them. */
const webAuthnOptions = z.record(z.string(), z.unknown());

export const passkeyOptionsResponseSchema = z.object({ challengeId: hubId, options: webAuthnOptions });
export type PasskeyOptionsResponse = z.infer<typeof passkeyOptionsResponseSchema>;

const credentialId = base64url(1400).min(1);
const extensionResults = z.record(z.string(), z.unknown());
const attachment = z.enum(['platform', 'cross-platform']).optional();

/** An authenticator's answer to a registration (RegistrationResponseJSON). */
export const registrationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8192),
    attestationObject: base64url(32768),
    authenticatorData: base64url(16384).optional(),
    transports: z.array(text(32)).max(10).optional(),
    publicKeyAlgorithm: z.number().int().optional(),
    publicKey: base64url(8192).optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults,
});

/** An authenticator's answer to a sign-in (AuthenticationResponseJSON). */
export const authenticationResponseSchema = z.object({
  id: credentialId,
  rawId: credentialId,
  type: z.literal('public-key'),
  response: z.object({
    clientDataJSON: base64url(8192),
    authenticatorData: base64url(16384),
    signature: base64url(2048),
    userHandle: base64url(128).optional(),
  }),
  authenticatorAttachment: attachment,
  clientExtensionResults: extensionResults,
});

export const passkeyViewSchema = z.object({
  id: hubId,
  name: z.string(),
  createdAt: z.number(),
  lastUsedAt: z.number().nullable(),
  /** A synced passkey (multi-device) or one bound to its authenticator. */
  synced: z.boolean(),
});
export type PasskeyView = z.infer<typeof passkeyViewSchema>;

export const passkeyListResponseSchema = z.object({
  passkeys: z.array(passkeyViewSchema),
  /** Removing the last second factor asks for the account's password (the DELETE body's `password`). */
  removingLastNeedsPassword: z.boolean(),
});
export type PasskeyListResponse = z.infer<typeof passkeyListResponseSchema>;

export const passkeyRegisterRequestSchema = z
  .object({ challengeId: hubId, name: passkeyNameSchema, response: registrationResponseSchema })
  .strict();
export const passkeyRenameRequestSchema = z.object({ name: passkeyNameSchema }).strict();
export const passkeyRemoveRequestSchema = z
  .object({ password: text(PASSWORD_MAX_LENGTH * 4).optional() })
  .strict();
export const passkeyParamsSchema = z.object({ id: hubId }).strict();

export const passkeyLoginOptionsRequestSchema = z
  .object({
    platform: z.enum(platforms),
    toolLogin: z.boolean().optional(),
    context: flowContextSchema.optional(),
  })
  .strict();
export type PasskeyLoginOptionsRequest = z.infer<typeof passkeyLoginOptionsRequestSchema>;
export const passkeyLoginVerifyRequestSchema = z
  .object({ challengeId: hubId, response: authenticationResponseSchema })
  .strict();
export const passkeyLoginVerifyResponseSchema = redirectSchema;
