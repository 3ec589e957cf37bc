import type { FlowContext, Platform } from '@hub/core';
import { HubError } from '../../errors.js';
import type { Hub } from '../../hub.js';
import { policy } from '../../policy.js';
import { recordAudit } from '../../services/audit.js';
import { randomToken } from '../../services/tokens.js';
import type { AccountRow } from '../../storage/accounts.js';
import type { FlowCaller } from '../caller.js';
import { toContextRecord } from '../flow-context.js';
import { flowContext, loadFlow, moveFlow } from '../flow-record.js';
import { identifyAccount, wholeAccount } from '../identify.js';
import { checkFlowPassword, startPasswordStep } from '../password-step.js';

import { type LinkingContext, linkingStates } from './flow.js';
import { checkLinkingAccount, linkingRefusalFor } from './rules.js';

const refuseLink = async (hub: Hub, child: AccountRow, parent: AccountRow, platform: Platform) => {
  const refusal = await linkingRefusalFor(hub, child, parent, platform);
  if (refusal)
    throw new HubError(refusal.code, {
      field: 'account',
      screen: 'linking',
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
  caller: FlowCaller,
  child: AccountRow,
  input: { platform: Platform; account: string; context?: FlowContext },
) => {
  const { check, account: parent } = await identifyAccount(hub, caller.ip, input.account, {
    checkInput: checkLinkingAccount,
    find: wholeAccount(hub),
    requires: 'password_hash',
    screen: 'linking',
    attempt: caller,
    refuse: (parent) => refuseLink(hub, child, parent, input.platform),
  });
  const context: LinkingContext = { ...toContextRecord(input.context), childAccountId: child.id };
  return startPasswordStep(hub, caller, {
    kind: 'linking',
    state: linkingStates.identified,
    platform: input.platform,
    account: parent,
    check,
    context,
    ttlMs: policy.linkingFlowTtlMs,
  });
};

/**
 * The linking check, step 2 (ref 2): the parent's password, then the link. The rules are read
 * again (either account may have changed meanwhile), and the unique link decides a race: the
 * loser answers 'Account already linked'.
 */
export const linkToParent = async (
  hub: Hub,
  caller: FlowCaller,
  child: AccountRow,
  flowId: string,
  password: string,
) => {
  const flow = await loadFlow(hub, flowId, 'linking', caller.binding);
  const context: LinkingContext = flowContext(flow);
  // Someone else signed in on this browser since step 1: the flow was not theirs.
  if (context.childAccountId !== child.id) throw new HubError('flow.not_found');
  const step = { waiting: linkingStates.identified, failureEvent: 'linking.failure' } as const;
  const parent = await checkFlowPassword(hub, caller, flow, step, password);
  await refuseLink(hub, child, parent, flow.platform);
  const move = { from: linkingStates.identified, to: linkingStates.completed };
  await moveFlow(hub, flow, move, async (trx, now) => {
    const linked = await hub.links.insert(trx, {
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
        from: caller,
        detail: { parent: parent.id, platform: flow.platform },
      },
      now,
    );
  });
  return { accountId: child.id, platform: flow.platform, context };
};
