import {
  encodeBase64Account,
  encodeSainfo,
  type Platform,
  type ResetStartRequest,
  resetReturnRoute,
  routePath,
} from '@hub/core';
import { HubError } from '../../errors.js';
import type { Hub } from '../../hub.js';
import { verificationCodeMail } from '../../mail/templates.js';
import { policy } from '../../policy.js';
import { NO_REQUEST, type RequestOrigin, recordAudit } from '../../services/audit.js';
import { refuseBreachedPassword } from '../../services/breached-passwords.js';
import { checkNewPassword, hashPassword } from '../../services/passwords.js';
import { announceEndedSessions, type EndedSessions, endSessionsIn } from '../../sso/session-end.js';
import type { AccountRow } from '../../storage/accounts.js';
import type { FlowCaller } from '../caller.js';
import { type CodeFlowStart, defineFinalizedCodeStep, identifierKind } from '../code-step.js';
import { contextQuery, toContextRecord } from '../flow-context.js';
import { flowContext, loadFlow, moveFlow, UNBOUND } from '../flow-record.js';
import { identifyAccount, wholeAccount } from '../identify.js';
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
  // A code an operator sent (sendResetCodeFor) is bound to no browser until it is verified: the
  // browser that opens the mail's link and enters the code takes the flow (docs/console.md).
  unboundAllowed: true,
  mail: async (hub, flow, language) => (code, ttlMinutes) =>
    verificationCodeMail({
      code,
      purpose: 'reset',
      ttlMinutes,
      ...(language ? { language } : {}),
      ...(flow.binding_hash === UNBOUND ? { link: resetCodeLink(hub, flow.platform, flow.id) } : {}),
    }),
});
export const { resend: resendResetCode, verify: verifyResetCode, status: resetStatus } = resetCodeStep;

/** The reset screen's code step for a flow an operator started: `/{platform}/reset/password?reset=<flow id>`. */
export const resetCodeLink = (hub: Hub, platform: Platform, flowId: string) =>
  `${hub.config.publicUrl}${routePath('reset_password', { platform })}?${new URLSearchParams({ reset: flowId })}`;

/**
 * An operator sends the person a reset code (the console's support action, docs/console.md): the
 * spec's reset mail, with a link to the reset screen's code step, for a flow no browser holds yet.
 * The same code-send limits as the person's own request; the code appears in no answer.
 */
export const sendResetCodeFor = async (
  hub: Hub,
  account: AccountRow & { email: string },
  input: { from: RequestOrigin | null; audit: NonNullable<CodeFlowStart['audit']> },
) => {
  const { flow } = await resetCodeStep.open(
    hub,
    { ...(input.from ?? NO_REQUEST), binding: UNBOUND },
    {
      platform: account.home_platform,
      accountId: account.id,
      check: { ok: true, kind: 'email', value: account.email },
      to: account.email,
      context: {},
      audit: input.audit,
    },
  );
  return { expiresAt: flow.expires_at };
};

/** Spec §4 reset step 1: a code for the account, by its kind; 'Account does not exist.' otherwise. */
export const requestResetCode = async (hub: Hub, caller: FlowCaller, input: ResetStartRequest) => {
  const { check, account } = await identifyAccount(hub, caller.ip, input.account, {
    find: wholeAccount(hub),
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
      { event: 'password.changed', outcome: 'success', accountId, from: caller, detail: { via: 'reset' } },
      now,
    );
  });
  await announceEndedSessions(hub, ended);
  const context = flowContext(flow);
  const target = resetReturnRoute(context.rrf);
  const path = routePath(target, { platform: flow.platform });
  return { next: 'redirect' as const, location: `${path}${contextQuery(context)}` };
};
