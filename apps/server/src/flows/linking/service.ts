import { type FlowContext, formatAccountForDisplay, type Platform } from '@hub/core';
import { HubError } from '../../errors.js';
import type { Hub } from '../../hub.js';
import { recordAudit } from '../../services/audit.js';
import { randomToken } from '../../services/tokens.js';
import type { AccountRow } from '../../storage/accounts.js';
import { flowContext } from '../code-step.js';
import { toContextRecord } from '../flow-context.js';
import { checkAccountPassword } from '../password-check.js';
import { loadLinkFlow } from '../switching/load-flow.js';
import { LINKING_FLOW_TTL_MS, type LinkingContext, linkingStates } from './flow.js';
import { insertLink } from './links.js';
import { checkLinkingAccount, linkingRefusalFor } from './rules.js';

interface Caller {
  ip: string;
  binding: string;
}

const refuse = async (hub: Hub, child: AccountRow, parent: AccountRow, platform: Platform) => {
  const refusal = await linkingRefusalFor(hub, child, parent, platform);
  if (refusal)
    throw new HubError(refusal.code, {
      field: 'account',
      ...(refusal.params ? { params: refusal.params } : {}),
    });
};

/**
 * The linking check, step 1 (spec §7 linking/attempt ref 1): the parent account the signed-in
 * account is to be linked under. 'Account does not exist' for an unknown one; the rules of
 * rules.ts for the rest; else the password step, for the parent's password.
 */
export const identifyParent = async (
  hub: Hub,
  caller: Caller,
  child: AccountRow,
  input: { platform: Platform; account: string; context?: FlowContext },
) => {
  await hub.throttle.consume('lookupPerIp', caller.ip);
  const check = checkLinkingAccount(input.account);
  if (!check.ok) throw new HubError(check.code, { field: 'account' });
  const parent = await hub.accounts.findByIdentifier(check.kind, check.value);
  if (!parent?.password_hash) throw new HubError('account.not_found', { field: 'account' });
  await refuse(hub, child, parent, input.platform);

  const now = hub.now();
  const flowId = randomToken(24);
  const context: LinkingContext = { ...toContextRecord(input.context), childAccountId: child.id };
  await hub.db.transaction().execute(async (trx) => {
    await hub.flows.insert(trx, {
      id: flowId,
      kind: 'linking',
      state: linkingStates.identified,
      platform: input.platform,
      account_id: parent.id,
      identifier: check.value,
      identifier_kind: check.kind,
      context: JSON.stringify(context),
      binding_hash: caller.binding,
      attempts: 0,
      expires_at: now + LINKING_FLOW_TTL_MS,
      created_at: now,
      updated_at: now,
    });
  });
  return {
    next: 'password' as const,
    flowId,
    account: { kind: check.kind, display: formatAccountForDisplay(check.value, check.kind) },
  };
};

/**
 * The linking check, step 2 (ref 2): the parent's password, then the link. The rules are read
 * again (either account may have changed meanwhile), and the unique link decides a race: the
 * loser answers 'Account already linked'.
 */
export const linkToParent = async (
  hub: Hub,
  caller: Caller,
  child: AccountRow,
  flowId: string,
  password: string,
) => {
  const flow = await loadLinkFlow(hub, flowId, 'linking', caller.binding);
  if (flow.state !== linkingStates.identified || !flow.account_id) throw new HubError('flow.not_found');
  const context: LinkingContext = flowContext(flow);
  // Someone else signed in on this browser since step 1: the flow was not theirs.
  if (context.childAccountId !== child.id) throw new HubError('flow.not_found');
  const parent = await checkAccountPassword(hub, {
    accountId: flow.account_id,
    password,
    ip: caller.ip,
    failureEvent: 'linking.failure',
  });
  await refuse(hub, child, parent, flow.platform);
  const now = hub.now();
  await hub.db.transaction().execute(async (trx) => {
    const moved = await hub.flows.transition(trx, flow.id, linkingStates.identified, {
      state: linkingStates.completed,
      updated_at: now,
    });
    if (!moved) throw new HubError('flow.not_found');
    const linked = await insertLink(trx, {
      id: randomToken(16),
      parent_account_id: parent.id,
      child_account_id: child.id,
      kind: 'parent',
      created_at: now,
    });
    if (!linked) throw new HubError('account.already_linked', { field: 'account' });
    await recordAudit(
      trx,
      {
        event: 'linking.linked',
        outcome: 'success',
        accountId: child.id,
        ip: caller.ip,
        detail: { parent: parent.id, platform: flow.platform },
      },
      now,
    );
  });
  return { accountId: child.id, platform: flow.platform, context };
};
