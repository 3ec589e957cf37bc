import type { AccountKind, Platform } from '@hub/core';
import type { Transaction } from 'kysely';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import { randomToken, sameHash } from '../services/tokens.js';
import type { Database, FlowsTable } from '../storage/schema.js';
import { type FlowContextRecord, parseContext } from './flow-context.js';
import type { LinkFlowKind } from './switching/load-flow.js';

/** The flows of login, sign-up and reset; switching/load-flow.ts loads the others. */
export type FlowKind = 'login' | 'signup' | 'reset';
export type FlowRow = FlowsTable;

/** The flow a request names, if it is of the right kind, belongs to this browser and has not expired. */
export const loadFlow = async (
  hub: Hub,
  flowId: string,
  kind: FlowKind,
  binding: string,
): Promise<FlowRow> => {
  const flow = await hub.flows.findById(flowId);
  if (!flow || flow.kind !== kind || !sameHash(flow.binding_hash, binding))
    throw new HubError('flow.not_found');
  if (flow.expires_at <= hub.now()) throw new HubError('flow.expired');
  return flow;
};

export const flowContext = (flow: FlowRow) => parseContext(flow.context);

/**
 * A new flow record (DESIGN.md rule 1): a fresh id, its first state, bound to the browser that
 * started it (or to none yet), alive for the flow's time. The caller writes it: alone, or in the
 * transaction that writes what comes with it.
 */
export const newFlowRecord = (input: {
  kind: FlowKind | LinkFlowKind;
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
