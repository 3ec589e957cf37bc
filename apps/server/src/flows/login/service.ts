import {
  checkAccountInput,
  decodeToolSession,
  type FlowContext,
  formatAccountForDisplay,
  loginRefusal,
  type Platform,
} from '@hub/core';
import { HubError } from '../../errors.js';
import type { Hub } from '../../hub.js';
import { randomToken } from '../../services/tokens.js';
import { flowContext, loadFlow } from '../code-step.js';
import { toContextRecord } from '../flow-context.js';
import { checkAccountPassword } from '../password-check.js';
import { switchingRedirect } from '../switching-redirect.js';
import { LOGIN_FLOW_TTL_MS, loginStates } from './flow.js';

interface Caller {
  ip: string;
  binding: string;
}

/**
 * Spec §4 Login step 1: the account by its kind on the requested platform. The user-type rules
 * come first (ut 5 nowhere, ut 2 not on psl); then an account of the other platform goes to
 * switching option1, and any other goes on to the password step.
 */
export const identifyForLogin = async (
  hub: Hub,
  caller: Caller,
  input: { platform: Platform; account: string; toolLogin?: boolean; context?: FlowContext },
) => {
  await hub.throttle.consume('lookupPerIp', caller.ip);
  const tool = input.toolLogin ? await toolOfLogin(hub, input.context) : undefined;
  const check = checkAccountInput(input.account);
  if (!check.ok) throw new HubError(check.code, { field: 'account' });
  const account = await hub.accounts.findByIdentifier(check.kind, check.value);
  if (!account?.password_hash) throw new HubError('account.not_found', { field: 'account' });
  const refusal = loginRefusal(account.user_type, input.platform);
  if (refusal) throw new HubError(refusal, { field: 'account' });

  if (tool && !(await hub.tools.isMember(tool.tid, account.id))) {
    throw new HubError('account.not_registered_to_tool', { field: 'account', params: { tool: tool.name } });
  }
  const context = toContextRecord(input.context);
  const memberships = await hub.accounts.memberships(account.id);
  if (!memberships.some((m) => m.platform === input.platform)) {
    return switchingRedirect(input.platform, check, context);
  }
  const now = hub.now();
  const flowId = randomToken(24);
  await hub.db.transaction().execute(async (trx) => {
    await hub.flows.insert(trx, {
      id: flowId,
      kind: 'login',
      state: loginStates.identified,
      platform: input.platform,
      account_id: account.id,
      identifier: check.value,
      identifier_kind: check.kind,
      context: JSON.stringify(context),
      binding_hash: caller.binding,
      attempts: 0,
      expires_at: now + LOGIN_FLOW_TTL_MS,
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

/** The tool of a tool login (spec §2): named by the tool session in `from`, found in the registry. */
const toolOfLogin = async (hub: Hub, context: FlowContext | undefined) => {
  const session = context?.from ? decodeToolSession(context.from) : undefined;
  const tool = session?.ok ? await hub.tools.findByTid(session.value.tid) : undefined;
  if (!tool) throw new HubError('sso.tsa_key_missing');
  return tool;
};

/** Spec §4 Login step 2: the password, under the account's failure count and the client's limit. */
export const checkLoginPassword = async (hub: Hub, caller: Caller, flowId: string, password: string) => {
  const flow = await loadFlow(hub, flowId, 'login', caller.binding);
  if (flow.state !== loginStates.identified || !flow.account_id) throw new HubError('flow.not_found');
  const account = await checkAccountPassword(hub, {
    accountId: flow.account_id,
    password,
    ip: caller.ip,
    failureEvent: 'login.failure',
  });
  const moved = await hub.flows.transition(hub.db, flow.id, loginStates.identified, {
    state: loginStates.completed,
    updated_at: hub.now(),
  });
  if (!moved) throw new HubError('flow.not_found');
  return { accountId: account.id, platform: flow.platform, context: flowContext(flow) };
};
