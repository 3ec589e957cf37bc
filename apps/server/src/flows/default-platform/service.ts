import {
  type FlowContext,
  formatAccountForDisplay,
  loginRefusal,
  type Platform,
  platformProductNames,
  platforms,
  routePath,
} from '@hub/core';
import { HubError } from '../../errors.js';
import type { Hub } from '../../hub.js';
import { policy } from '../../policy.js';
import { recordAudit } from '../../services/audit.js';
import type { AccountRow } from '../../storage/accounts.js';
import type { FlowCaller } from '../caller.js';
import { contextQuery, toContextRecord } from '../flow-context.js';
import { flowContext, loadFlow, moveFlow, newFlowRecord } from '../flow-record.js';
import { checkFlowPassword } from '../password-step.js';

import { defaultPlatformStates } from './flow.js';

/** How the screens show an account: its email, else its mobile number (+63), else its username. */
export const accountView = (account: AccountRow) => {
  if (account.email) return { kind: 'email' as const, display: account.email };
  if (account.mobile_num) {
    return {
      kind: 'mobile_num' as const,
      display: formatAccountForDisplay(account.mobile_num, 'mobile_num'),
    };
  }
  return { kind: 'username' as const, display: account.username ?? '' };
};

const byPlatformOrder = (a: { platform: Platform }, b: { platform: Platform }) =>
  platforms.indexOf(a.platform) - platforms.indexOf(b.platform);

/** Option3's screen: the account's platforms and which one is the default. */
export const defaultPlatformState = async (hub: Hub, account: AccountRow) => {
  const memberships = await hub.accounts.memberships(account.id);
  return {
    account: accountView(account),
    platforms: memberships
      .map((m) => ({ platform: m.platform, isDefault: m.is_default === 1, linkedAt: m.linked_at }))
      .sort(byPlatformOrder),
  };
};

/** The chosen platform must be one the account belongs to and may use (the login rules of §4). */
const assertMayBeDefault = async (hub: Hub, account: AccountRow, platform: Platform) => {
  const memberships = await hub.accounts.memberships(account.id);
  if (!memberships.some((m) => m.platform === platform)) {
    throw new HubError('account.not_registered_to_platform', {
      field: 'platform',
      params: { platform: platformProductNames[platform] },
    });
  }
  const refusal = loginRefusal(account.user_type, platform);
  if (refusal) throw new HubError(refusal, { field: 'platform' });
};

/** Option3: the choice starts a flow; the finalize screen asks for the password. */
export const chooseDefaultPlatform = async (
  hub: Hub,
  caller: FlowCaller,
  account: AccountRow,
  input: { platform: Platform; context?: FlowContext },
) => {
  await assertMayBeDefault(hub, account, input.platform);
  const context = toContextRecord(input.context);
  const flow = newFlowRecord({
    kind: 'default_platform',
    state: defaultPlatformStates.chosen,
    platform: input.platform,
    accountId: account.id,
    identifier: null,
    context,
    binding: caller.binding,
    ttlMs: policy.defaultPlatformFlowTtlMs,
    now: hub.now(),
  });
  await hub.flows.insert(hub.db, flow);
  const path = routePath('switching_option3_finalize', { platform: input.platform });
  return { next: 'redirect' as const, location: `${path}${contextQuery(context, { flow: flow.id })}` };
};

const ownFlow = async (hub: Hub, binding: string, account: AccountRow, flowId: string) => {
  const flow = await loadFlow(hub, flowId, 'default_platform', binding);
  if (flow.account_id !== account.id) throw new HubError('flow.not_found');
  return flow;
};

/** Option3/finalize's first question: which platform was chosen, and which is the default now. */
export const defaultPlatformStatus = async (
  hub: Hub,
  caller: { binding: string },
  account: AccountRow,
  flowId: string,
) => {
  const flow = await ownFlow(hub, caller.binding, account, flowId);
  return {
    state: flow.state,
    platform: flow.platform,
    current: account.home_platform,
    account: accountView(account),
  };
};

/**
 * Option3/finalize: the password confirms the choice. One statement rewrites every membership of
 * the account, so exactly one is the default whatever runs beside it; the account's home follows.
 */
export const confirmDefaultPlatform = async (
  hub: Hub,
  caller: FlowCaller,
  account: AccountRow,
  flowId: string,
  password: string,
) => {
  const flow = await ownFlow(hub, caller.binding, account, flowId);
  const step = { waiting: defaultPlatformStates.chosen, failureEvent: 'default_platform.failure' } as const;
  const checked = await checkFlowPassword(hub, caller, flow, step, password);
  await assertMayBeDefault(hub, checked, flow.platform);
  const move = { from: defaultPlatformStates.chosen, to: defaultPlatformStates.completed };
  await moveFlow(hub, flow, move, async (trx, now) => {
    await hub.accounts.setDefaultPlatform(trx, account.id, flow.platform, now);
    await recordAudit(
      trx,
      {
        event: 'default_platform.changed',
        outcome: 'success',
        accountId: account.id,
        from: caller,
        detail: { platform: flow.platform, previous: checked.home_platform },
      },
      now,
    );
  });
  return { accountId: account.id, platform: flow.platform, context: flowContext(flow) };
};
