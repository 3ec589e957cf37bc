import { z } from 'zod';
import { decodeJsonWith } from './codecs.js';
import { storable, storedIntegerSchema, text } from './contracts/input.js';
import { toolIdSchema } from './ids.js';
import { platforms } from './platform.js';
import type { Result } from './result.js';

export { TOOL_SESSION_SECONDARY_STORAGE_KEY, TOOL_SESSION_STORAGE_KEY } from './tool-session-keys.js';

export const TOOL_SESSION_MAX_BYTES = 8192;

/** Spec §3 "Tool info record": tid, name, type (1 is one tool type), logo. */
export const toolInfoSchema = z.object({
  tid: toolIdSchema,
  name: text(200).min(1),
  logo: text(2048),
  type: storedIntegerSchema.optional(),
});
export type ToolInfo = z.output<typeof toolInfoSchema>;

// Only http(s): a stored callback must never become a javascript: or data: navigation.
const httpUrl = storable(z.url({ protocol: /^https?$/ }).max(2048));

/**
 * A tool's own value for one sign-in (not in the spec): sent to /sso/rqx as `state` and returned
 * untouched in its callback, so the tool can check that the callback answers a sign-in this
 * browser started (login CSRF: someone else's callback URL, ainfo and all, is refused). Its
 * characters need no escaping in a URL; long enough to be unguessable.
 */
export const toolStateSchema = z.string().regex(/^[A-Za-z0-9._~-]{16,256}$/);

/**
 * Spec §3 "Tool session": cb (callback URL), tid, tinfo (first item name, tid, logo), expiration
 * (empty string), platform, tsa_key (the 'from' value), pricing, subcb, ref_a_frnd; and the tool's
 * `state` when it sent one.
 */
export const toolSessionSchema = z.object({
  cb: httpUrl,
  tid: toolIdSchema,
  tinfo: z.array(toolInfoSchema).max(10).default([]),
  expiration: text(64).default(''),
  platform: z.enum(platforms).optional(),
  tsa_key: z
    .string()
    .regex(/^[A-Za-z0-9_]{1,128}$/)
    .optional(),
  pricing: text(256).optional(),
  subcb: text(2048).optional(),
  ref_a_frnd: text(1024).optional(),
  state: toolStateSchema.optional(),
  /**
   * Not in the spec: the tool's demand for a fresh sign-in (/sso/rqx `prompt=login` is 0, `max_age`
   * its seconds): a hub session signed in longer ago than this does not 'Continue as'.
   */
  max_age: z.number().int().min(0).max(31_536_000).optional(),
});
export type ToolSession = z.output<typeof toolSessionSchema>;

/** The JSON text stored under {@link TOOL_SESSION_STORAGE_KEY} and carried in the 'from' param. */
export const encodeToolSession = (session: ToolSession): string => JSON.stringify(session);

/** Spec §2, §3: reads a tool session from 'from' or storage; garbage gives codec.malformed. */
export const decodeToolSession = (raw: string | null | undefined): Result<ToolSession> =>
  decodeJsonWith(toolSessionSchema, raw, TOOL_SESSION_MAX_BYTES);
