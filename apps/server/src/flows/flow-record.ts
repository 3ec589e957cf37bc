import type { AccountKind, Platform } from '@hub/core';
import type { Transaction } from 'kysely';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import { randomToken, sameHash } from '../services/tokens.js';
import type { Database, FlowsTable } from '../storage/schema.js';
import { type FlowContextRecord, parseContext } from './flow-context.js';

/** Login, sign-up and reset; switching, linking, default platform and work accounts; a provider sign-in (social/). */
export type FlowKind =
  | 'login'
  | 'signup'
  | 'reset'
  | 'switching'
  | 'linking'
  | 'default_platform'
  | 'work_account'
  | 'social';
export type FlowRow = FlowsTable;

/**
 * The binding of a flow that no browser holds yet: a work-account invitation is opened in the
 * invitee's browser, not the owner's. No SHA-256 (43 base64url characters) can equal it.
 */
export const UNBOUND = 'unbound';

/**
 * Why the flow a request names may not be used, if it may not: not of the right kind, not this
 * browser's (nor, where the flow allows it, bound to no browser yet), or expired.
 */
export const flowRefusal = (
  flow: FlowRow | undefined,
  kind: FlowKind,
  binding: string | undefined,
  now: number,
  options: { unboundAllowed?: boolean } = {},
): 'flow.not_found' | 'flow.expired' | undefined => {
  if (!flow || flow.kind !== kind) return 'flow.not_found';
  const bound = binding !== undefined && sameHash(flow.binding_hash, binding);
  const open = Boolean(options.unboundAllowed) && flow.binding_hash === UNBOUND;
  if (!bound && !open) return 'flow.not_found';
  if (flow.expires_at <= now) return 'flow.expired';
  return undefined;
};

/** The flow a request names, if flowRefusal finds nothing against it; else 'flow not found' or 'expired'. */
export const loadFlow = async (
  hub: Hub,
  flowId: string,
  kind: FlowKind,
  binding: string | undefined,
  options: { unboundAllowed?: boolean } = {},
): Promise<FlowRow> => {
  const flow = await hub.flows.findById(flowId);
  const refusal = flowRefusal(flow, kind, binding, hub.now(), options);
  if (!flow || refusal) throw new HubError(refusal ?? 'flow.not_found');
  return flow;
};

export const flowContext = (flow: FlowRow) => parseContext(flow.context);

/**
 * A new flow record (docs/architecture.md "State lives on the server"): a fresh id, its first state, bound to the browser that
 * started it (or to none yet), alive for the flow's time. The caller writes it: alone, or in the
 * transaction that writes what comes with it.
 */
export const newFlowRecord = (input: {
  kind: FlowKind;
  state: string;
  platform: Platform;
  accountId: string | null;
  /** The account as the user typed it, or none when the flow starts from a signed-in account. */
  identifier: { kind: AccountKind; value: string } | null;
  context: FlowContextRecord;
  binding: string;
  ttlMs: number;
  now: number;
}): FlowsTable => ({
  id: randomToken(24),
  kind: input.kind,
  state: input.state,
  platform: input.platform,
  account_id: input.accountId,
  identifier: input.identifier?.value ?? null,
  identifier_kind: input.identifier?.kind ?? null,
  context: JSON.stringify(input.context),
  binding_hash: input.binding,
  attempts: 0,
  expires_at: input.now + input.ttlMs,
  created_at: input.now,
  updated_at: input.now,
});

/**
 * Moves a flow on from the state it was read in (with any other `changes`), in one transaction
 * with what the move does. Of any number of requests that race to move it, one does; the others
 * answer 'flow not found' and write nothing.
 */
export const moveFlow = async (
  hub: Hub,
  flow: FlowRow,
  move: { from: string; to: string; changes?: Partial<FlowsTable> },
  effects: (trx: Transaction<Database>, now: number) => Promise<void>,
): Promise<void> => {
  const now = hub.now();
  await hub.db.transaction().execute(async (trx) => {
    const moved = await hub.flows.transition(trx, flow.id, move.from, {
      ...move.changes,
      state: move.to,
      updated_at: now,
    });
    if (!moved) throw new HubError('flow.not_found');
    await effects(trx, now);
  });
};
