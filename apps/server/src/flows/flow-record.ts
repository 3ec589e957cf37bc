import type { AccountKind, Platform } from '@hub/core';
import type { Kysely, Transaction } from 'kysely';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import { sameHash, timeOrderedToken } from '../services/tokens.js';
import type { Database, FlowsTable } from '../storage/schema.js';
import { type FlowContextRecord, parseContext } from './flow-context.js';
import {
  type FlowKind,
  type FlowMove,
  type FlowStateOf,
  type InitialStateOf,
  isFlowKind,
  isFlowState,
  isLegalMove,
} from './flow-states.js';

export type { FlowKind, FlowMove, FlowMoveChanges, FlowStateOf, InitialStateOf } from './flow-states.js';

/**
 * A flow as the code sees it: the row, with its kind and its state narrowed to that kind's states.
 * FlowRow<'login'> is a login flow; FlowRow alone is any flow. Rows are parsed into it when read
 * (parseFlowRow), so a state written by other code (an older or newer release) is never mistaken for one
 * of this code's.
 */
export type FlowRow<K extends FlowKind = FlowKind> = K extends FlowKind
  ? Omit<FlowsTable, 'kind' | 'state'> & { kind: K; state: FlowStateOf<K> }
  : never;

/** The row as typed flow, or undefined when its kind or state is not one of this code's (treated as gone). */
export const parseFlowRow = (row: FlowsTable | undefined): FlowRow | undefined => {
  if (!row || !isFlowKind(row.kind) || !isFlowState(row.kind, row.state)) return undefined;
  return row as FlowRow;
};

/** The flow of this kind with this id, if there is one this code knows how to go on with. */
export const findFlow = async <K extends FlowKind>(
  hub: Hub,
  flowId: string,
  kind: K,
): Promise<FlowRow<K> | undefined> => {
  const flow = parseFlowRow(await hub.flows.findById(flowId));
  return flow?.kind === kind ? (flow as FlowRow<K>) : undefined;
};

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
export const loadFlow = async <K extends FlowKind>(
  hub: Hub,
  flowId: string,
  kind: K,
  binding: string | undefined,
  options: { unboundAllowed?: boolean } = {},
): Promise<FlowRow<K>> => {
  const flow = await findFlow(hub, flowId, kind);
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
export const newFlowRecord = <K extends FlowKind>(input: {
  kind: K;
  state: NoInfer<InitialStateOf<K>>;
  platform: Platform;
  accountId: string | null;
  /** The account as the user typed it, or none when the flow starts from a signed-in account. */
  identifier: { kind: AccountKind; value: string } | null;
  context: FlowContextRecord;
  binding: string;
  ttlMs: number;
  now: number;
}): FlowRow<K> =>
  ({
    id: timeOrderedToken(input.now),
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
  }) as FlowRow<K>;

/**
 * Moves a flow on from the state it was read in (with any other `changes`): one conditional update
 * (compare-and-swap on the state), so of any number of requests that race to move it, one does.
 * False for the others; they write nothing. `move` must be a move the flow's transition table
 * allows; a move it does not is a compile error, and refused here too should a cast have hidden it.
 */
export const tryMoveFlow = async <K extends FlowKind>(
  hub: Hub,
  db: Kysely<Database> | Transaction<Database>,
  flow: { id: string; kind: K },
  move: NoInfer<FlowMove<K>>,
  now: number = hub.now(),
): Promise<boolean> => {
  if (!isLegalMove(flow.kind, move.from, move.to)) {
    throw new Error(`illegal move of a ${flow.kind} flow: ${move.from} -> ${move.to}`);
  }
  // The changes last (they never name the state or the time): new keys after an opening spread
  // are slow on Node 20 (docs/performance.md "Objects opened by a spread").
  return hub.flows.transition(db, flow.id, move.from, {
    state: move.to,
    updated_at: now,
    ...move.changes,
  });
};

/**
 * Moves a flow on as tryMoveFlow does, in one transaction with what the move does (`effects`); with
 * no effects, the one update alone (no transaction: a login's hot path). The requests that lose a
 * race answer 'flow not found' and write nothing.
 */
export const moveFlow = async <K extends FlowKind>(
  hub: Hub,
  flow: { id: string; kind: K },
  move: NoInfer<FlowMove<K>>,
  effects?: (trx: Transaction<Database>, now: number) => Promise<void>,
): Promise<void> => {
  const now = hub.now();
  if (!effects) {
    if (!(await tryMoveFlow(hub, hub.db, flow, move, now))) throw new HubError('flow.not_found');
    return;
  }
  await hub.db.transaction().execute(async (trx) => {
    if (!(await tryMoveFlow(hub, trx, flow, move, now))) throw new HubError('flow.not_found');
    await effects(trx, now);
  });
};
