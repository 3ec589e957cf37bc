import { z } from 'zod';
import { accountKinds } from './account-kind.js';
import { decodeJsonWith } from './codecs.js';
import { text } from './contracts/input.js';
import { accountIdSchema } from './ids.js';
import type { Result } from './result.js';

/** Spec §3 sainfo srf: the switch reference. */
export const switchRefs = ['default', '!default'] as const;
export type SwitchRef = (typeof switchRefs)[number];

/** Spec §3 sainfo rrf: the flow to return to after a password reset (spec §4). */
export const returnFlows = ['foundation', 'switching1', 'switching2', 'tool_login'] as const;
export type ReturnFlow = (typeof returnFlows)[number];
export const isReturnFlow = (value: unknown): value is ReturnFlow =>
  typeof value === 'string' && (returnFlows as readonly string[]).includes(value);

/** sainfo is display and context, never authority (docs/security.md "Query-string state"): the server re-derives every decision. */
export const SAINFO_MAX_BYTES = 4096;

/**
 * Spec §3 "sainfo": a JSON object in the query string. Every field is optional (each screen reads the
 * ones it needs); unknown keys are dropped. account is the base64 value whose decoded text starts with
 * 'unauth_' or 'account_'; aid and paid are account ids.
 */
export const sainfoSchema = z.object({
  va: z.enum(accountKinds).optional(),
  account: z
    .string()
    .regex(/^[A-Za-z0-9+/_=-]{1,1024}$/)
    .optional(),
  step: z.number().int().min(0).max(99).optional(),
  srf: z.enum(switchRefs).optional(),
  aid: accountIdSchema.optional(),
  paid: accountIdSchema.optional(),
  rrf: z.enum(returnFlows).optional(),
  ref: text(256).optional(),
  default: z.union([text(256), z.number(), z.boolean()]).optional(),
});
export type Sainfo = z.output<typeof sainfoSchema>;

/** The JSON text of a sainfo; the caller URL-encodes it into the query string. */
export const encodeSainfo = (sainfo: Sainfo): string => JSON.stringify(sainfo);

/** Spec §3: reads a sainfo query value (already URL-decoded); garbage gives codec.malformed. */
export const decodeSainfo = (raw: string | null | undefined): Result<Sainfo> =>
  decodeJsonWith(sainfoSchema, raw, SAINFO_MAX_BYTES);
