import type { Platform } from '@hub/core';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import type { AuditEvent } from '../services/audit.js';
import type { AccountRow } from '../storage/accounts.js';
import type { FlowCaller } from './caller.js';
import type { FlowContextRecord } from './flow-context.js';
import { type FlowRow, type InitialStateOf, newFlowRecord } from './flow-record.js';
import { type TypedAccount, typedAccountView } from './identify.js';
import { checkAccountPassword } from './password-check.js';

/** The flows whose second step is the account's password. */
type PasswordFlowKind = 'login' | 'switching' | 'linking';

/**
 * The flow of a password step (login, switching option1, linking) for the account identified,
 * bound to this browser. One insert, so no transaction: this is the hot path of a login.
 */
export const startPasswordStep = async (
  hub: Hub,
  caller: FlowCaller,
  input: {
    kind: PasswordFlowKind;
    state: InitialStateOf<PasswordFlowKind>;
    platform: Platform;
    /** The account whose password the flow will ask for: only its id is kept. */
    account: { id: string };
    check: TypedAccount;
    context: FlowContextRecord;
    ttlMs: number;
  },
) => {
  const flow = newFlowRecord({
    kind: input.kind,
    state: input.state,
    platform: input.platform,
    accountId: input.account.id,
    identifier: input.check,
    context: input.context,
    binding: caller.binding,
    ttlMs: input.ttlMs,
    now: hub.now(),
  });
  await hub.flows.insert(hub.db, flow);
  return { next: 'password' as const, flowId: flow.id, account: typedAccountView(input.check) };
};

/**
 * The password of a flow's account, while the flow waits for it (login, switching, linking, the
 * default platform): a flow in any other state is 'not found'; the check is password-check.ts's.
 */
export const checkFlowPassword = async (
  hub: Hub,
  caller: FlowCaller,
  flow: FlowRow,
  step: { waiting: FlowRow['state']; failureEvent: AuditEvent },
  password: string,
): Promise<AccountRow> => {
  if (flow.state !== step.waiting || !flow.account_id) throw new HubError('flow.not_found');
  // Credential stuffing (docs/security.md): the same check as the account step, bound to this flow.
  await hub.signInGuard.check(caller, {
    accountKey: flow.account_id,
    accountId: flow.account_id,
    flowId: flow.id,
  });
  const account = await checkAccountPassword(hub, {
    accountId: flow.account_id,
    password,
    from: caller,
    failureEvent: step.failureEvent,
  });
  // Locked by an operator after the account was identified (docs/console.md): refused all the same.
  if (account.sign_in_locked_at) throw new HubError('account.locked', { field: 'account' });
  return account;
};
