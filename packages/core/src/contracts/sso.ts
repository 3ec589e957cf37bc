import { z } from 'zod';
import { callbackEnvNames, envFromCallbackParam, platforms } from '../platform.js';
import { TOOL_SESSION_MAX_BYTES, toolSessionSchema } from '../tool-session.js';
import { redirectSchema } from './auth.js';
import { STORED_INTEGER_MAX, storable, text } from './input.js';

/**
 * The API of single sign-on for partner tools: the /sso/rqx screen's question, single logout, and
 * the server-to-server calls of tools and platforms (spec §7, snake_case as the spec writes them).
 * Every value from outside passes the storable-text and stored-integer rules of contracts/input.ts.
 */

/** Spec §2 "Query parameters by screen": what /sso/rqx reads from its query string. */
export const ssoQueryKeys = [
  'from',
  'callback',
  'tid',
  'platform',
  'auth_type',
  'entry',
  'account',
  'pricing',
  'subcb',
  'ref_a_frnd',
  'tsa_key',
  // Not in the spec: the tool's own value for this sign-in, returned in its callback.
  'state',
  // Not in the spec: a tool that demands a fresh sign-in (docs/partner-integration.md "Fresh sign-in").
  'prompt',
  'max_age',
] as const;
export type SsoQueryKey = (typeof ssoQueryKeys)[number];

/**
 * The /sso/rqx query as the screen passes it on, every value optional and untrusted: the server
 * decides (the registry names every tool, key and callback), so each value is only held to length
 * and the string rule here.
 */
const ssoParam = text(4096).optional();
export const ssoRequestSchema = z
  .object(
    Object.fromEntries(ssoQueryKeys.map((key) => [key, ssoParam])) as Record<SsoQueryKey, typeof ssoParam>,
  )
  .strict();
export type SsoRequest = Partial<Record<SsoQueryKey, string>>;

/**
 * The server's decision (POST /api/sso/rqx): where to go next and, when it named a tool, the tool
 * session the browser keeps under pm_tool_session (spec §3). A signed-in direct checkout answers
 * with the tool's callback and no tool session.
 */
export const ssoAnswerSchema = redirectSchema.extend({ toolSession: toolSessionSchema.optional() });
export type SsoAnswer = z.output<typeof ssoAnswerSchema>;

/**
 * Not in the spec: what a screen shows of the tool a `from` tool session names (GET /api/sso/tool).
 * The hub parses `from` (core parseFrom); the web app shows the answer and never decodes `from`.
 * `session` says whether `from` is a tool session at all (the tool login needs one); `tool` is its
 * first tinfo item (spec §3), when it has one.
 */
export const toolDisplayQuerySchema = z.object({ from: text(TOOL_SESSION_MAX_BYTES) });
export const toolDisplaySchema = z.object({
  tid: z.number().int(),
  name: z.string(),
  /** tinfo[0].logo; absent when the session has none. ToolLogo decides whether it may be shown. */
  logo: z.string().optional(),
});
export type ToolDisplay = z.output<typeof toolDisplaySchema>;
export const toolDisplayResponseSchema = z.object({
  session: z.boolean(),
  tool: toolDisplaySchema.optional(),
});
export type ToolDisplayAnswer = z.output<typeof toolDisplayResponseSchema>;

/**
 * An environment as the spec's calls name it: the names /sso/rqx's callback param knows (sb is
 * sandbox), the same on every endpoint. Unlike /sso/rqx, whose unknown value means production, an
 * unknown name here is refused: a tool asking for its callbacks should get the ones it asked for.
 */
export const toolEnvSchema = z.enum(callbackEnvNames).transform((name) => envFromCallbackParam(name));

/** The tu list of spec §3: `{callback}_auth_callback` entries, each with a value; the first first. */
const toolCallbackListSchema = z.array(z.object({ name: z.string(), value: z.string() }));

/**
 * Spec §7 tools/ssorqx: a tool by its tsa key, its callbacks in one environment (else the hub's).
 * The answer for an unknown key is 404, the error body with the spec's `msg: '!tk'` besides.
 */
export const toolSsorqxQuerySchema = z.object({ tsa_key: text(128), env: toolEnvSchema.optional() });
export const toolSsorqxResponseSchema = z.object({
  msg: z.literal('valid'),
  tinfo: z.array(
    z.object({ tid: z.number().int(), name: z.string(), type: z.number().int(), logo: z.string() }),
  ),
  tu: toolCallbackListSchema,
});
/** What tools/ssorqx answers for an unknown key (or another tool's): the error body plus the spec's `!tk`. */
export const TOOL_KEY_UNKNOWN_MSG = '!tk';

/** Spec §7 tools/toolcb: a tool's callbacks in one environment. */
export const toolCallbacksQuerySchema = z.object({
  tid: z.coerce.number().int().positive().max(999_999_999),
  env: toolEnvSchema,
});
export const toolCallbacksResponseSchema = z.object({ tu: toolCallbackListSchema });

/** A tool redeems an ainfo once, server to server, with its credential. */
export const ainfoRedeemRequestSchema = z.object({ ainfo: z.string().min(1).max(4096) }).strict();

/** Spec §7 `si/attempt/tparty`: an account (email or aid) of the tool's, on a platform. */
export const tpartyQuerySchema = z
  .object({
    account: storable(z.string().trim().min(1).max(320)),
    platform: z.enum(platforms),
    ref: z.literal('tparty').optional(),
  })
  .strict();
export const tpartyResponseSchema = z.union([
  z.object({ msg: z.literal('valid'), ainfo: z.string() }),
  z.object({ msg: z.literal('!account') }),
]);
export type TpartyResponse = z.infer<typeof tpartyResponseSchema>;

/**
 * Single logout's query (GET) and form (POST): the tool whose logout callback to return to and
 * the environment its callback param names. Both optional: without a tool it ends at the hub's home.
 */
export const logoutQuerySchema = z.object({
  tid: z.coerce.number().int().positive().max(STORED_INTEGER_MAX).optional(),
  callback: text(64).optional(),
});
export type LogoutQuery = z.infer<typeof logoutQuerySchema>;

/** The endpoints, in one place for server and client. */
export const ssoEndpoints = {
  rqx: '/api/sso/rqx',
  tool: '/api/sso/tool',
  toolSsorqx: '/api/tools/ssorqx',
  toolCallbacks: '/api/tools/toolcb',
  ainfoRedeem: '/api/tools/ainfo/redeem',
  tparty: '/api/tools/tparty',
  logout: '/sso/logout',
} as const;
