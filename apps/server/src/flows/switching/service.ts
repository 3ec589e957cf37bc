import { type FlowContext, loginRefusal, type Platform } from '@hub/core';
import { HubError } from '../../errors.js';
import type { Hub } from '../../hub.js';
import { policy } from '../../policy.js';
import type { FlowCaller } from '../caller.js';
import { toContextRecord } from '../flow-context.js';
import { flowContext, loadFlow, moveFlow } from '../flow-record.js';
import { identifyAccount, refuseSignIn, wholeAccount } from '../identify.js';
import { checkFlowPassword, startPasswordStep } from '../password-step.js';
import { linkAccountToPlatform } from './complete.js';
import { switchingStates } from './flow.js';

/**
 * Switching option1, step 1 (spec §2): the account by its kind. It must exist with a password, and
 * the user-type rules of this platform apply (ut 5 nowhere, ut 2 not on psl), as at login. What
 * sainfo says about the account is display only: the hub's records decide.
 */
export const identifyForSwitching = async (
  hub: Hub,
  caller: FlowCaller,
  input: { platform: Platform; account: string; context?: FlowContext },
) => {
  const { check, account } = await identifyAccount(hub, caller.ip, input.account, {
    find: wholeAccount(hub),
    requires: 'password_hash',
    refuse: refuseSignIn(input.platform),
    attempt: caller,
  });
  return startPasswordStep(hub, caller, {
    kind: 'switching',
    state: switchingStates.identified,
    platform: input.platform,
    account,
    check,
    context: toContextRecord(input.context),
    ttlMs: policy.switchingFlowTtlMs,
  });
};

/**
 * What switching asks of the second factors (mfa/, above flows/ in the layers): whether the account
 * has one enrolled. app.ts hands it in, so this flow imports nothing from the folders above it.
 */
export interface SwitchingDeps {
  hasSecondFactor(accountId: string): Promise<boolean>;
}

/**
 * Switching option1, step 2 — the sync call (spec §4, §7 sync/attempt): a valid password links the
 * account to this platform. The membership is added once however many flows race to add it (its
 * primary key and ON CONFLICT DO NOTHING); the account's default platform does not change.
 */
export const linkToPlatform = async (
  hub: Hub,
  caller: FlowCaller,
  flowId: string,
  password: string,
  deps: SwitchingDeps,
) => {
  const flow = await loadFlow(hub, flowId, 'switching', caller.binding);
  const step = { waiting: switchingStates.identified, failureEvent: 'switching.failure' } as const;
  const account = await checkFlowPassword(hub, caller, flow, step, password);
  // The account may have changed since step 1: the rules are read again from its record.
  const refusal = loginRefusal(account.user_type, flow.platform);
  if (refusal) throw new HubError(refusal, { field: 'account' });
  const move = { from: switchingStates.identified, to: switchingStates.completed };
  // An account with a second factor is linked only once that is proved too (mfa/second-step.ts):
  // a password alone changes nothing.
  if (await deps.hasSecondFactor(account.id)) {
    await moveFlow(hub, flow, move);
    return { accountId: account.id, platform: flow.platform, context: flowContext(flow) };
  }
  await moveFlow(hub, flow, move, (trx, now) =>
    linkAccountToPlatform(hub, trx, { accountId: account.id, platform: flow.platform, from: caller }, now),
  );
  return { accountId: account.id, platform: flow.platform, context: flowContext(flow) };
};
