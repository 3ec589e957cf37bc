import {
  accountNextPath,
  type Entry,
  entries,
  type FlowContext,
  fromMeaningOf,
  isSafeSubcb,
  type ProfileSeed,
  parseFrom,
  profileSeedSchema,
  type ReturnFlow,
  returnFlows,
  type ToolSession,
  toolSessionSchema,
} from '@hub/core';
import { z } from 'zod';
import { HubError } from '../errors.js';

/**
 * What a flow remembers of the page's query string: raw values to hand back in later URLs, and
 * the few facts the server itself decided (entry, rrf, when a resend is allowed). Display and
 * context only; every decision is re-derived from the hub's own records.
 */
export interface FlowContextRecord {
  /** The page's `from` as it came, only to hand back in later URLs; never decoded again. */
  from?: string;
  /** The tool session `from` carried, validated once when the flow started (core parseFrom). */
  tool?: ToolSession;
  /** The ubr_profile entry's profile seed `from` carried, validated once when the flow started. */
  profileSeed?: ProfileSeed;
  subcb?: string;
  sainfo?: string;
  refAFrnd?: string;
  parentId?: string;
  directReg?: string;
  /** The OpenID Connect interaction (its uid) this sign-in ends; checked against the browser at the exit. */
  oidc?: string;
  /** The account center page the sign-in returns to (core accountNextPath; checked again at the exit). */
  next?: string;
  entry?: Entry;
  rrf?: ReturnFlow;
  resendAvailableAt?: number;
}

/**
 * Every flow starts here with the page's context. A subcb that no exit would follow is refused now,
 * before a code is mailed or an account made; the exits check it again (the same rule).
 */
export const toContextRecord = (context: FlowContext | undefined, extra: Partial<FlowContextRecord> = {}) => {
  if (context?.subcb && !isSafeSubcb(context.subcb))
    throw new HubError('sso.callback_missing', { field: 'subcb' });
  const record: FlowContextRecord = { ...extra };
  if (context?.from) {
    record.from = context.from;
    // `from` parsed once, at the edge, for what it means on this flow's screen.
    const parsed = parseFrom(context.from, fromMeaningOf({ entry: extra.entry }));
    if (parsed.ok && parsed.value.kind === 'tool_session') record.tool = parsed.value.session;
    if (parsed.ok && parsed.value.kind === 'profile_seed') record.profileSeed = parsed.value.seed;
  }
  if (context?.subcb) record.subcb = context.subcb;
  if (context?.sainfo) record.sainfo = context.sainfo;
  if (context?.ref_a_frnd) record.refAFrnd = context.ref_a_frnd;
  if (context?.parent_id) record.parentId = context.parent_id;
  if (context?.directReg) record.directReg = context.directReg;
  if (context?.oidc) record.oidc = context.oidc;
  // Only an account center page is kept; any other value is dropped, not refused (docs/account-center.md).
  const next = accountNextPath(context?.next);
  if (next) record.next = next;
  return record;
};

/**
 * The stored context's shape. Other keys a flow kind keeps beside it (the second step's sign-in, a
 * social flow's intent) pass through for that kind's own reader.
 */
const flowContextRecordSchema = z
  .object({
    from: z.string().optional(),
    tool: toolSessionSchema.optional(),
    profileSeed: profileSeedSchema.optional(),
    subcb: z.string().optional(),
    sainfo: z.string().optional(),
    refAFrnd: z.string().optional(),
    parentId: z.string().optional(),
    directReg: z.string().optional(),
    oidc: z.string().optional(),
    next: z.string().optional(),
    entry: z.enum(entries).optional(),
    rrf: z.enum(returnFlows).optional(),
    resendAvailableAt: z.number().optional(),
  })
  .loose();

/**
 * A flow's stored context, checked against its schema as it is read. Only the hub writes it (as
 * JSON), so a row that does not parse is damage, not input: it fails the request as an internal
 * error, which the error handler logs with the request id, rather than going on with the tool
 * callback or referral silently dropped.
 */
export const parseContext = (json: string): FlowContextRecord => {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new Error('a stored flow context is not JSON', { cause: error });
  }
  if (value === null || typeof value !== 'object') return {};
  const parsed = flowContextRecordSchema.safeParse(value);
  if (!parsed.success)
    throw new Error('a stored flow context does not match its schema', { cause: parsed.error });
  return parsed.data as FlowContextRecord;
};

/** The query string that carries a flow's context on to the next screen. */
export const contextQuery = (context: FlowContextRecord, extra: Record<string, string> = {}): string => {
  const query = new URLSearchParams(extra);
  if (context.sainfo) query.set('sainfo', context.sainfo);
  if (context.from) query.set('from', context.from);
  if (context.subcb) query.set('subcb', context.subcb);
  if (context.refAFrnd) query.set('ref_a_frnd', context.refAFrnd);
  if (context.oidc) query.set('oidc', context.oidc);
  if (context.next) query.set('next', context.next);
  const text = query.toString();
  return text ? `?${text}` : '';
};
