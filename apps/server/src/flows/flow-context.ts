import { accountNextPath, type Entry, type FlowContext, isSafeSubcb, type ReturnFlow } from '@hub/core';
import { HubError } from '../errors.js';

/**
 * What a flow remembers of the page's query string: raw values to hand back in later URLs, and
 * the few facts the server itself decided (entry, rrf, when a resend is allowed). Display and
 * context only; every decision is re-derived from the hub's own records.
 */
export interface FlowContextRecord {
  from?: string;
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
  if (context?.from) record.from = context.from;
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
 * A flow's stored context. Only the hub writes it (as JSON), so a row that does not parse is damage,
 * not input: it fails the request as an internal error, which the error handler logs with the
 * request id, rather than going on with the tool callback or referral silently dropped.
 */
export const parseContext = (json: string): FlowContextRecord => {
  let value: unknown;
  try {
    value = JSON.parse(json);
  } catch (error) {
    throw new Error('a stored flow context is not JSON', { cause: error });
  }
  return value && typeof value === 'object' ? (value as FlowContextRecord) : {};
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
