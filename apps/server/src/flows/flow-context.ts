import type { Entry, FlowContext, ReturnFlow } from '@hub/core';

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
  entry?: Entry;
  rrf?: ReturnFlow;
  resendAvailableAt?: number;
}

export const toContextRecord = (context: FlowContext | undefined, extra: Partial<FlowContextRecord> = {}) => {
  const record: FlowContextRecord = { ...extra };
  if (context?.from) record.from = context.from;
  if (context?.subcb) record.subcb = context.subcb;
  if (context?.sainfo) record.sainfo = context.sainfo;
  if (context?.ref_a_frnd) record.refAFrnd = context.ref_a_frnd;
  if (context?.parent_id) record.parentId = context.parent_id;
  if (context?.directReg) record.directReg = context.directReg;
  if (context?.oidc) record.oidc = context.oidc;
  return record;
};

export const parseContext = (json: string): FlowContextRecord => {
  try {
    const value: unknown = JSON.parse(json);
    return value && typeof value === 'object' ? (value as FlowContextRecord) : {};
  } catch (error) {
    console.error('flow context is not JSON', (error as Error).message);
    return {};
  }
};

/** The query string that carries a flow's context on to the next screen. */
export const contextQuery = (context: FlowContextRecord, extra: Record<string, string> = {}): string => {
  const query = new URLSearchParams(extra);
  if (context.sainfo) query.set('sainfo', context.sainfo);
  if (context.from) query.set('from', context.from);
  if (context.subcb) query.set('subcb', context.subcb);
  if (context.refAFrnd) query.set('ref_a_frnd', context.refAFrnd);
  if (context.oidc) query.set('oidc', context.oidc);
  const text = query.toString();
  return text ? `?${text}` : '';
};
