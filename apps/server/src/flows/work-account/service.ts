import { randomUUID } from 'node:crypto';
import { formatAccountForDisplay } from '@hub/core';
import { HubError } from '../../errors.js';
import type { Hub } from '../../hub.js';
import { recordAudit } from '../../services/audit.js';
import { hashPassword } from '../../services/passwords.js';
import { randomToken } from '../../services/tokens.js';
import type { FlowCaller } from '../caller.js';
import { type FlowRow, flowContext, loadFlow } from '../flow-record.js';
import { checkNewEmailAccount, registerVerifiedEmail } from '../new-account.js';

import { WORK_ACCOUNT_U_TYPE, type WorkAccountContext, workAccountStates } from './flow.js';
import { assertBusinessOwner, inviterName, ownerOf, workAccountCodeStep } from './invitation.js';

const accountOf = (flow: FlowRow) => ({
  kind: 'email' as const,
  display: formatAccountForDisplay(flow.identifier ?? '', 'email'),
});

/**
 * An invitation as the invitee's browser may use it: before its code is verified any browser that
 * holds the link (its id came only in the invitee's mail), afterwards only the browser that verified.
 */
const loadInvitation = (hub: Hub, flowId: string, binding: string | undefined) =>
  workAccountCodeStep.load(hub, binding, flowId);

/** The verification screen's first question: whose invitation, for which email, and is it registered already? */
export const workAccountStatus = async (hub: Hub, binding: string | undefined, flowId: string) => {
  const flow = await loadInvitation(hub, flowId, binding);
  const context: WorkAccountContext = flowContext(flow);
  const existing = await hub.accounts.findByIdentifier('email', flow.identifier ?? '');
  return {
    state: flow.state,
    platform: flow.platform,
    account: accountOf(flow),
    inviter: await inviterName(hub, await ownerOf(hub, context)),
    exists: Boolean(existing),
    resendAfter: Math.max(0, Math.ceil(((context.resendAvailableAt ?? 0) - hub.now()) / 1000)),
  };
};

/**
 * Spec §4 code step, with the sign-up's code rules: on a match the invitation is verified and bound
 * to this browser in one conditional update; the screen goes on to the password set-up.
 */
export const verifyWorkAccountCode = async (hub: Hub, caller: FlowCaller, flowId: string, code: string) => {
  const flow = await loadInvitation(hub, flowId, caller.binding);
  // The invitation is bound to the browser that verified its code.
  await workAccountCodeStep.check(hub, caller, flow, code, { changes: { binding_hash: caller.binding } });
  return { next: 'password' as const, flowId: flow.id, account: accountOf(flow) };
};

/** Resend (spec §4): once the 360 s countdown has ended, a fresh code in a fresh invitation mail. */
export const resendWorkAccountCode = (hub: Hub, caller: FlowCaller, flowId: string) =>
  workAccountCodeStep.resend(hub, caller, flowId);

/**
 * The password (the sign-up's rules: score 0, not a common one) registers the work account: an
 * added user (u_type 2) of the Business platform, verified, linked under its owner — account,
 * membership and link in one transaction. Then the invitee is signed in.
 */
export const finalizeWorkAccount = async (hub: Hub, caller: FlowCaller, flowId: string, password: string) => {
  const flow = await loadFlow(hub, flowId, 'work_account', caller.binding);
  if (flow.state !== workAccountStates.verified || !flow.identifier) throw new HubError('flow.not_found');
  const email = flow.identifier;
  await checkNewEmailAccount(hub, email, password);
  const context: WorkAccountContext = flowContext(flow);
  const owner = await ownerOf(hub, context);
  if (!owner) throw new HubError('flow.not_found');
  // The owner may have stopped being one since the invitation.
  await assertBusinessOwner(hub, owner);
  const passwordHash = await hashPassword(password);
  const accountId = randomUUID();
  await registerVerifiedEmail(
    hub,
    flow,
    { from: workAccountStates.verified, to: workAccountStates.completed },
    { id: accountId, email, passwordHash, platform: 'biz', uType: WORK_ACCOUNT_U_TYPE },
    async (trx, now) => {
      await hub.links.insert(trx, {
        id: randomToken(16),
        parent_account_id: owner.id,
        child_account_id: accountId,
        kind: 'work',
        created_at: now,
      });
      await recordAudit(
        trx,
        {
          event: 'work_account.registered',
          outcome: 'success',
          accountId,
          from: caller,
          detail: { owner: owner.id },
        },
        now,
      );
    },
  );
  return { accountId, platform: flow.platform, context };
};
