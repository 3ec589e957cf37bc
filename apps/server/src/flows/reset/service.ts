import {
  encodeBase64Account,
  encodeSainfo,
  type ResetStartRequest,
  resetReturnRoute,
  routePath,
} from '@hub/core';
import { HubError } from '../../errors.js';
import type { Hub } from '../../hub.js';
import { policy } from '../../policy.js';
import { recordAudit } from '../../services/audit.js';
import { refuseBreachedPassword } from '../../services/breached-passwords.js';
import { checkNewPassword, hashPassword } from '../../services/passwords.js';
import { announceEndedSessions, type EndedSessions, endSessionsIn } from '../../sso/session-end.js';
import type { FlowCaller } from '../caller.js';
import { defineFinalizedCodeStep, identifierKind } from '../code-step.js';
import { contextQuery, toContextRecord } from '../flow-context.js';
import { flowContext, loadFlow, moveFlow } from '../flow-record.js';
import { identifyAccount } from '../identify.js';
import { resetStates } from './flow.js';

/** The reset's code step: the finalize screen sets a new password for the account (spec §4). */
const resetCodeStep = defineFinalizedCodeStep({
  kind: 'reset',
  move: { from: resetStates.codeSent, to: resetStates.verified },
  verifiedEvent: 'reset.code_verified',
  ttlMs: policy.resetFlowTtlMs,
  finalize: (flow) => ({
    path: routePath('reset_password_finalize', { platform: flow.platform }),
    // Spec §2: the reset screen shows the decoded account without the hub's 'account_' prefix.
    sainfo: encodeSainfo({
      va: identifierKind(flow.identifier_kind),
      account: encodeBase64Account(`account_${flow.identifier ?? ''}`),
    }),
  }),
  statusTellsIfRegistered: false,
});
export const { resend: resendResetCode, verify: verifyResetCode, status: resetStatus } = resetCodeStep;

/** Spec §4 reset step 1: a code for the account, by its kind; 'Account does not exist.' otherwise. */
export const requestResetCode = async (hub: Hub, caller: FlowCaller, input: ResetStartRequest) => {
  const { check, account } = await identifyAccount(hub, caller.ip, input.account, {
    requires: 'email',
    screen: 'reset',
  });
  return resetCodeStep.start(hub, caller, {
    platform: input.platform,
    accountId: account.id,
    check,
    to: account.email,
    context: toContextRecord(input.context, input.rrf ? { rrf: input.rrf } : {}),
  });
};

/**
 * Spec §4: the new password (score 0), 'Password successfully updated' on the screen, then the
 * return by rrf. Every other session of the account ends (docs/security.md "Sessions").
 */
export const finalizeReset = async (hub: Hub, caller: FlowCaller, flowId: string, password: string) => {
  const flow = await loadFlow(hub, flowId, 'reset', caller.binding);
  if (flow.state !== resetStates.verified || !flow.account_id) throw new HubError('flow.not_found');
  const problem = checkNewPassword(password);
  if (problem) throw new HubError(problem, { field: 'password' });
  await refuseBreachedPassword(hub, password, 'password');
  const passwordHash = await hashPassword(password);
  const accountId = flow.account_id;
  const move = { from: resetStates.verified, to: resetStates.completed };
  let ended: EndedSessions = { sessions: [], oidc: [] };
  await moveFlow(hub, flow, move, async (trx, now) => {
    await hub.accounts.setPassword(trx, accountId, passwordHash, now);
    ended = await endSessionsIn(hub, { accountId }, now, trx);
    await recordAudit(
      trx,
      { event: 'password.changed', outcome: 'success', accountId, ip: caller.ip, detail: { via: 'reset' } },
      now,
    );
  });
  await announceEndedSessions(hub, ended);
  const context = flowContext(flow);
  const target = resetReturnRoute(context.rrf);
  const path = routePath(target, { platform: flow.platform });
  return { next: 'redirect' as const, location: `${path}${contextQuery(context)}` };
};
