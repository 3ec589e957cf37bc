import {
  checkAccountInput,
  type FlowContext,
  formatAccountForDisplay,
  loginRefusal,
  type Platform,
} from '@hub/core';
import { HubError } from '../../errors.js';
import type { Hub } from '../../hub.js';
import { recordAudit } from '../../services/audit.js';
import { randomToken } from '../../services/tokens.js';
import { flowContext } from '../code-step.js';
import { toContextRecord } from '../flow-context.js';
import { checkAccountPassword } from '../password-check.js';
import { SWITCHING_FLOW_TTL_MS, switchingStates } from './flow.js';
import { loadLinkFlow } from './load-flow.js';

interface Caller {
  ip: string;
  binding: string;
}

/**
 * Switching option1, step 1 (spec §2): the account by its kind. It must exist with a password, and
 * the user-type rules of this platform apply (ut 5 nowhere, ut 2 not on psl), as at login. What
 * sainfo says about the account is display only: the hub's records decide.
 */
export const identifyForSwitching = async (
  hub: Hub,
  caller: Caller,
  input: { platform: Platform; account: string; context?: FlowContext },
) => {
  await hub.throttle.consume('lookupPerIp', caller.ip);
  const check = checkAccountInput(input.account);
  if (!check.ok) throw new HubError(check.code, { field: 'account' });
  const account = await hub.accounts.findByIdentifier(check.kind, check.value);
  if (!account?.password_hash) throw new HubError('account.not_found', { field: 'account' });
  const refusal = loginRefusal(account.user_type, input.platform);
  if (refusal) throw new HubError(refusal, { field: 'account' });

  const now = hub.now();
  const flowId = randomToken(24);
  await hub.db.transaction().execute(async (trx) => {
    await hub.flows.insert(trx, {
      id: flowId,
      kind: 'switching',
      state: switchingStates.identified,
      platform: input.platform,
      account_id: account.id,
      identifier: check.value,
      identifier_kind: check.kind,
      context: JSON.stringify(toContextRecord(input.context)),
      binding_hash: caller.binding,
      attempts: 0,
      expires_at: now + SWITCHING_FLOW_TTL_MS,
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
 * Switching option1, step 2 — the sync call (spec §4, §7 sync/attempt): a valid password links the
 * account to this platform. The membership is added once however many flows race to add it (its
 * primary key and ON CONFLICT DO NOTHING); the account's default platform does not change.
 */
export const linkToPlatform = async (hub: Hub, caller: Caller, flowId: string, password: string) => {
  const flow = await loadLinkFlow(hub, flowId, 'switching', caller.binding);
  if (flow.state !== switchingStates.identified || !flow.account_id) throw new HubError('flow.not_found');
  const account = await checkAccountPassword(hub, {
    accountId: flow.account_id,
    password,
    ip: caller.ip,
    failureEvent: 'switching.failure',
  });
  // The account may have changed since step 1: the rules are read again from its record.
  const refusal = loginRefusal(account.user_type, flow.platform);
  if (refusal) throw new HubError(refusal, { field: 'account' });
  const now = hub.now();
  await hub.db.transaction().execute(async (trx) => {
    const moved = await hub.flows.transition(trx, flow.id, switchingStates.identified, {
      state: switchingStates.completed,
      updated_at: now,
    });
    if (!moved) throw new HubError('flow.not_found');
    await hub.accounts.addMembership(trx, account.id, flow.platform, false, now);
    await recordAudit(
      trx,
      {
        event: 'switching.linked',
        outcome: 'success',
        accountId: account.id,
        ip: caller.ip,
        detail: { platform: flow.platform },
      },
      now,
    );
  });
  return { accountId: account.id, platform: flow.platform, context: flowContext(flow) };
};
