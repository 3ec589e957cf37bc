import { z } from 'zod';
import { platforms } from '../platform.js';
import { text } from './input.js';

/**
 * The account center's Devices page (docs/account-center.md "Devices"): the person's live hub
 * sessions, ending one or all others, and their own sign-in history from the audit log.
 */
export const meSessionsEndpoints = {
  /** GET: every live hub session of the account, the current one marked. */
  sessions: '/api/me/sessions',
  /** DELETE: ends one of the account's sessions (the current one: signs this browser out). */
  endSession: '/api/me/sessions/:id',
  /** POST: ends every session of the account but the current one. */
  endOthers: '/api/me/sessions/end-others',
  /** GET: the account's sign-ins and failed attempts, newest first, a page at a time. */
  signIns: '/api/me/sign-ins',
} as const;

/** How a session or a sign-in was made (completeSignIn's methods), as the pages say it: "Signed in …". */
const signInMethodPhrases: Readonly<Record<string, string>> = {
  password: 'with a password',
  signup: 'by signing up',
  session: 'with a session already open',
  google: 'with Google',
  facebook: 'with Facebook',
};
export const signInMethodPhrase = (method: string | null | undefined): string =>
  (method && signInMethodPhrases[method]) || 'another way';

export const meSessionSchema = z.object({
  /** The session's public id (not its stored id): what DELETE names. */
  id: z.string(),
  /** The device in words ("Chrome on Android"), from the user agent it signed in with. */
  device: z.string(),
  ip: z.string().nullable(),
  platform: z.enum(platforms),
  /** password, signup, google, facebook. */
  method: z.string(),
  signedInAt: z.number().int(),
  /** Approximate: refreshed at most once per few minutes of use (docs/account-center.md). */
  lastSeenAt: z.number().int(),
  expiresAt: z.number().int(),
  /** The session of the browser asking. */
  current: z.boolean(),
  /** The tools and OpenID Connect apps this session signed into, the most recent first. */
  signedInto: z.array(
    z.object({ kind: z.enum(['tool', 'client']), name: z.string(), lastAt: z.number().int() }),
  ),
});
export type MeSession = z.infer<typeof meSessionSchema>;

export const meSessionListSchema = z.object({ sessions: z.array(meSessionSchema) });
export type MeSessionList = z.infer<typeof meSessionListSchema>;

/** A session's public id: base64url, as the server makes it. */
export const meSessionParamsSchema = z.object({ id: z.string().regex(/^[A-Za-z0-9_-]{16,64}$/) }).strict();

export const meEndSessionResponseSchema = z.object({
  /** True when the session ended was this browser's own: it is signed out now. */
  signedOut: z.boolean(),
});
export const meEndOthersResponseSchema = z.object({ ended: z.number().int() });

/** The newest first; `before` is the `nextBefore` of the previous page. */
export const meSignInsQuerySchema = z
  .object({
    before: z.coerce.number().int().positive().max(Number.MAX_SAFE_INTEGER).optional(),
    limit: z.coerce.number().int().min(1).max(50).optional(),
  })
  .strict();
export type MeSignInsQuery = z.infer<typeof meSignInsQuerySchema>;

export const signInKinds = ['sign_in', 'sign_up', 'wrong_password', 'tool_refused'] as const;
export type SignInKind = (typeof signInKinds)[number];

export const meSignInSchema = z.object({
  id: z.number().int(),
  at: z.number().int(),
  kind: z.enum(signInKinds),
  outcome: z.enum(['success', 'failure', 'refused']),
  /** password, signup, google, facebook; null where the event does not say. */
  method: z.string().nullable(),
  platform: z.enum(platforms).nullable(),
  /** The tool it went to (or refused), by name from the registry. */
  tool: z.object({ tid: z.number().int(), name: text(200) }).nullable(),
  /** In words; "Unknown device" for rows written before the hub kept the user agent. */
  device: z.string(),
  ip: z.string().nullable(),
});
export type MeSignIn = z.infer<typeof meSignInSchema>;

export const meSignInPageSchema = z.object({
  signIns: z.array(meSignInSchema),
  /** The cursor of the next (older) page; null on the last. */
  nextBefore: z.number().int().nullable(),
});
export type MeSignInPage = z.infer<typeof meSignInPageSchema>;
