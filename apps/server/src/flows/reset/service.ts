import {
  type AccountKind,
  checkAccountInput,
  encodeBase64Account,
  encodeSainfo,
  type FlowContext,
  formatAccountForDisplay,
  isAccountKind,
  type Platform,
  type ReturnFlow,
  resetReturnRoute,
  routePath,
} from '@hub/core';
import { HubError } from '../../errors.js';
import type { Hub } from '../../hub.js';
import { recordAudit } from '../../services/audit.js';
import { checkNewPassword, hashPassword } from '../../services/passwords.js';
import { randomToken } from '../../services/tokens.js';
import {
  flowContext,
  issueCode,
  loadFlow,
  resendAvailableAt,
  resendCode,
  throttleCodeSend,
  verifyFlowCode,
} from '../code-step.js';
import { contextQuery, toContextRecord } from '../flow-context.js';
import { RESET_FLOW_TTL_MS, resetStates } from './flow.js';

const identifierKind = (kind: string | null): AccountKind => (isAccountKind(kind) ? kind : 'email');

interface Caller {
  ip: string;
  binding: string;
}

/** Spec §4 reset step 1: a code for the account, by its kind; 'Account does not exist.' otherwise. */
export const requestResetCode = async (
  hub: Hub,
  caller: Caller,
  input: { platform: Platform; account: string; rrf?: ReturnFlow; context?: FlowContext },
) => {
  await hub.throttle.consume('lookupPerIp', caller.ip);
  const check = checkAccountInput(input.account);
  if (!check.ok) throw new HubError(check.code, { field: 'account' });
  const account = await hub.accounts.findByIdentifier(check.kind, check.value);
  if (!account?.email) throw new HubError('account.not_found_reset', { field: 'account' });
  await throttleCodeSend(hub, `email:${account.email.toLowerCase()}`, caller.ip);

  const now = hub.now();
  const flowId = randomToken(24);
  const context = toContextRecord(input.context, input.rrf ? { rrf: input.rrf } : {});
  context.resendAvailableAt = resendAvailableAt(now);
  await hub.db.transaction().execute(async (trx) => {
    await hub.flows.insert(trx, {
      id: flowId,
      kind: 'reset',
      state: resetStates.codeSent,
      platform: input.platform,
      account_id: account.id,
      identifier: check.value,
      identifier_kind: check.kind,
      context: JSON.stringify(context),
      binding_hash: caller.binding,
      attempts: 0,
      expires_at: now + RESET_FLOW_TTL_MS,
      created_at: now,
      updated_at: now,
    });
    await issueCode(hub, trx, { flowId, purpose: 'reset', to: account.email! });
    await recordAudit(
      trx,
      { event: 'reset.code_sent', outcome: 'success', accountId: account.id, ip: caller.ip },
      now,
    );
  });
  hub.nudgeMail();
  return {
    next: 'code' as const,
    flowId,
    account: { kind: check.kind, display: formatAccountForDisplay(check.value, check.kind) },
    resendAfter: Math.ceil((context.resendAvailableAt - now) / 1000),
  };
};

export const resendResetCode = async (hub: Hub, caller: Caller, flowId: string) => {
  const flow = await loadFlow(hub, flowId, 'reset', caller.binding);
  if (flow.state !== resetStates.codeSent) throw new HubError('flow.not_found');
  return resendCode(hub, caller, flow, 'reset');
};

export const verifyResetCode = async (hub: Hub, caller: Caller, flowId: string, code: string) => {
  const flow = await loadFlow(hub, flowId, 'reset', caller.binding);
  if (flow.state !== resetStates.codeSent) throw new HubError('code.expired', { field: 'code' });
  await verifyFlowCode(hub, flow, code, caller.ip);
  const now = hub.now();
  await hub.db.transaction().execute(async (trx) => {
    await hub.flows.transition(trx, flow.id, resetStates.codeSent, {
      state: resetStates.verified,
      updated_at: now,
    });
    await recordAudit(
      trx,
      { event: 'reset.code_verified', outcome: 'success', accountId: flow.account_id, ip: caller.ip },
      now,
    );
  });
  const context = flowContext(flow);
  const kind = identifierKind(flow.identifier_kind);
  // Spec §2: the reset screen shows the last underscore-separated part of the decoded account.
  const sainfo = encodeSainfo({ va: kind, account: encodeBase64Account(`account_${flow.identifier ?? ''}`) });
  const path = routePath('reset_password_finalize', { platform: flow.platform });
  return {
    next: 'redirect' as const,
    location: `${path}${contextQuery({ ...context, sainfo }, { flow: flow.id })}`,
  };
};

export const resetStatus = async (hub: Hub, caller: Caller, flowId: string) => {
  const flow = await loadFlow(hub, flowId, 'reset', caller.binding);
  const kind = identifierKind(flow.identifier_kind);
  return {
    state: flow.state as (typeof resetStates)[keyof typeof resetStates],
    platform: flow.platform,
    account: { kind, display: formatAccountForDisplay(flow.identifier ?? '', kind) },
    exists: false,
  };
};

/**
 * Spec §4: the new password (score 0), 'Password successfully updated' on the screen, then the
 * return by rrf. Every other session of the account ends (issue 3).
 */
export const finalizeReset = async (hub: Hub, caller: Caller, flowId: string, password: string) => {
  const flow = await loadFlow(hub, flowId, 'reset', caller.binding);
  if (flow.state !== resetStates.verified || !flow.account_id) throw new HubError('flow.not_found');
  const problem = checkNewPassword(password);
  if (problem) throw new HubError(problem, { field: 'password' });
  const passwordHash = await hashPassword(password);
  const accountId = flow.account_id;
  const now = hub.now();
  await hub.db.transaction().execute(async (trx) => {
    const moved = await hub.flows.transition(trx, flow.id, resetStates.verified, {
      state: resetStates.completed,
      updated_at: now,
    });
    if (!moved) throw new HubError('flow.not_found');
    await hub.accounts.setPassword(trx, accountId, passwordHash, now);
    await hub.sessions.revokeAllFor(trx, accountId, now);
    await recordAudit(
      trx,
      { event: 'password.changed', outcome: 'success', accountId, ip: caller.ip, detail: { via: 'reset' } },
      now,
    );
  });
  const context = flowContext(flow);
  const target = resetReturnRoute(context.rrf);
  const path = routePath(target, { platform: flow.platform });
  return { next: 'redirect' as const, location: `${path}${contextQuery(context)}` };
};
