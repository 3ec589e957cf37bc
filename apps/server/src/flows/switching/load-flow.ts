import { HubError } from '../../errors.js';
import type { Hub } from '../../hub.js';
import { sameHash } from '../../services/tokens.js';
import type { FlowRow } from '../flow-record.js';

/** The flows issue 5 adds; flow-record.ts's loadFlow serves login, sign-up and reset. */
export type LinkFlowKind = 'switching' | 'linking' | 'default_platform' | 'work_account';

/**
 * The binding of a flow that no browser holds yet: a work-account invitation is opened in the
 * invitee's browser, not the owner's. No SHA-256 (43 base64url characters) can equal it.
 */
export const UNBOUND = 'unbound';

/**
 * The flow a request names, if it is of the right kind, belongs to this browser (or, where the
 * flow allows it, to no browser yet) and has not expired — the same rule as loadFlow.
 */
export const loadLinkFlow = async (
  hub: Hub,
  flowId: string,
  kind: LinkFlowKind,
  binding: string | undefined,
  options: { unboundAllowed?: boolean } = {},
): Promise<FlowRow> => {
  const flow = await hub.flows.findById(flowId);
  if (!flow || flow.kind !== kind) throw new HubError('flow.not_found');
  const bound = binding !== undefined && sameHash(flow.binding_hash, binding);
  const open = Boolean(options.unboundAllowed) && flow.binding_hash === UNBOUND;
  if (!bound && !open) throw new HubError('flow.not_found');
  if (flow.expires_at <= hub.now()) throw new HubError('flow.expired');
  return flow;
};
