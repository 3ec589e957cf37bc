import type { FlowContext, Platform, ToolSession } from '@hub/core';
import { HubError } from '../../errors.js';
import type { Hub } from '../../hub.js';
import { policy } from '../../policy.js';
import type { FlowCaller } from '../caller.js';
import { toContextRecord } from '../flow-context.js';
import { flowContext, loadFlow, moveFlow } from '../flow-record.js';
import { identifyAccount, refuseSignIn, type TypedAccount } from '../identify.js';
import { checkFlowPassword, startPasswordStep } from '../password-step.js';
import { switchingRedirect } from '../switching-redirect.js';
import { loginStates } from './flow.js';

/**
 * Spec §4 Login step 1: the account by its kind on the requested platform. The user-type rules
 * come first (ut 5 nowhere, ut 2 not on psl); then an account of the other platform goes to
 * switching option1, and any other goes on to the password step.
 */
export const identifyForLogin = async (
  hub: Hub,
  caller: FlowCaller,
  input: { platform: Platform; account: string; toolLogin?: boolean; context?: FlowContext },
) => {
  // The page's context, its `from` parsed once (flows/flow-context.ts).
  const context = toContextRecord(input.context);
  const rules = {
    // What step 1 decides on, and whether the account is on this platform, in one read.
    find: (typed: TypedAccount) =>
      hub.accounts.findByIdentifierOnPlatform(typed.kind, typed.value, input.platform),
    requires: 'has_password' as const,
    refuse: refuseSignIn(input.platform),
    attempt: caller,
    // A tool login's tool is known before its account is read.
    before: input.toolLogin ? () => toolOfLogin(hub, context.tool) : undefined,
  };
  const {
    check,
    account,
    before: tool,
    onPlatform,
  } = await identifyAccount(hub, caller.ip, input.account, rules);
  if (tool && !(await hub.tools.isMember(tool.tid, account.id))) {
    throw new HubError('account.not_registered_to_tool', { field: 'account', params: { tool: tool.name } });
  }
  if (!onPlatform) {
    return switchingRedirect(input.platform, check, context);
  }
  return startPasswordStep(hub, caller, {
    kind: 'login',
    state: loginStates.identified,
    platform: input.platform,
    account,
    check,
    context,
    ttlMs: policy.loginFlowTtlMs,
  });
};

/**
 * The tool a tool login names in its tool session (spec §2, parsed from `from` once, when its flow
 * started), if the registry knows it.
 */
export const toolOfSession = async (hub: Hub, session: ToolSession | undefined) =>
  session ? hub.tools.findByTid(session.tid) : undefined;

const toolOfLogin = async (hub: Hub, session: ToolSession | undefined) => {
  const tool = await toolOfSession(hub, session);
  if (!tool) throw new HubError('sso.tsa_key_missing');
  return tool;
};

/** Spec §4 Login step 2: the password, under the account's failure count and the client's limit. */
export const checkLoginPassword = async (hub: Hub, caller: FlowCaller, flowId: string, password: string) => {
  const flow = await loadFlow(hub, flowId, 'login', caller.binding);
  const step = { waiting: loginStates.identified, failureEvent: 'login.failure' } as const;
  const account = await checkFlowPassword(hub, caller, flow, step, password);
  await moveFlow(hub, flow, { from: loginStates.identified, to: loginStates.completed });
  return { accountId: account.id, platform: flow.platform, context: flowContext(flow) };
};
