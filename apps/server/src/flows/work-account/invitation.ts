import { checkSignupAccount, type Language, linkingRole, loginRefusal, routePath } from '@hub/core';
import type { Transaction } from 'kysely';
import { HubError } from '../../errors.js';
import type { Hub } from '../../hub.js';
import { workAccountInvitationMail } from '../../mail/templates.js';
import { policy } from '../../policy.js';
import { recordAudit } from '../../services/audit.js';
import type { AccountRow } from '../../storage/accounts.js';
import type { Database } from '../../storage/schema.js';
import { issueCode, resendAvailableAt, throttleCodeSend } from '../code-step.js';
import { newFlowRecord, UNBOUND } from '../flow-record.js';

import { type WorkAccountContext, workAccountStates } from './flow.js';

/**
 * Spec §6: only a business owner (u_type 1) of the Business platform, who may use it, adds work
 * accounts; an added user cannot add more.
 */
export const assertBusinessOwner = async (hub: Hub, owner: AccountRow) => {
  const memberships = await hub.accounts.memberships(owner.id);
  const ownsBusiness =
    linkingRole(owner.u_type) === 'business_owner' &&
    memberships.some((m) => m.platform === 'biz') &&
    !loginRefusal(owner.user_type, 'biz');
  if (!ownsBusiness) throw new HubError('work_account.owner_required');
};

/** The business owner who made an invitation, if the account is still there. */
export const ownerOf = async (hub: Hub, context: WorkAccountContext) =>
  context.ownerAccountId ? hub.accounts.findById(context.ownerAccountId) : undefined;

/** How the invitation names the owner: the profile's name, else the owner's identifier. */
export const inviterName = async (hub: Hub, owner: AccountRow | undefined) => {
  if (!owner) return 'A business owner';
  const profile = await hub.profiles.nameOf(owner.id);
  if (profile) return `${profile.first_name} ${profile.last_name}`;
  return owner.email ?? owner.username ?? 'A business owner';
};

/** The verification screen of an invitation: `/biz/comp/account/verification?invite=<flow id>`. */
export const invitationLink = (hub: Hub, flowId: string) =>
  `${hub.config.publicUrl}${routePath('work_account_verification', { platform: 'biz' })}?${new URLSearchParams({ invite: flowId })}`;

/**
 * A fresh code for the invitation and the mail that carries it with the link, written in the
 * caller's transaction (the outbox): never a code without its mail. Earlier codes die.
 */
export const sendInvitation = async (
  hub: Hub,
  trx: Transaction<Database>,
  input: { flowId: string; to: string; inviter: string; language?: Language | undefined },
) =>
  issueCode(hub, trx, {
    flowId: input.flowId,
    purpose: 'work_account',
    to: input.to,
    mail: (code, ttlMinutes) =>
      workAccountInvitationMail({
        inviterName: input.inviter,
        code,
        link: invitationLink(hub, input.flowId),
        ttlMinutes,
        ...(input.language ? { language: input.language } : {}),
      }),
  });

/**
 * A business owner adds a work account (an email): the invitation flow, its code and its mail in
 * one transaction. An email that has an account already is refused ('Account already exist.').
 * Limits: 5 codes an hour to one email (as sign-up), 30 invitations an hour per owner, and per IP
 * when a browser asks.
 */
export const inviteWorkAccount = async (
  hub: Hub,
  input: {
    owner: AccountRow;
    email: string;
    ip: string | null;
    via: 'owner' | 'platform';
    /** The language of the request that invites: the invitation mail is written in it. */
    language?: Language;
  },
) => {
  const { owner } = input;
  await assertBusinessOwner(hub, owner);
  const check = checkSignupAccount(input.email);
  if (!check.ok) throw new HubError(check.code, { field: 'email' });
  // Counted before the answer below, so no owner can probe which emails have accounts without limit.
  await hub.throttle.consume('codeSendPerIp', `owner:${owner.id}`);
  if (await hub.accounts.findByIdentifier('email', check.value)) {
    throw new HubError('account.already_exists', { field: 'email' });
  }
  if (input.ip) await throttleCodeSend(hub, `email:${check.value.toLowerCase()}`, input.ip);
  else await hub.throttle.consume('codeSendPerAccount', `email:${check.value.toLowerCase()}`);

  const now = hub.now();
  const context: WorkAccountContext = { ownerAccountId: owner.id, resendAvailableAt: resendAvailableAt(now) };
  const flow = newFlowRecord({
    kind: 'work_account',
    state: workAccountStates.invited,
    platform: 'biz',
    accountId: null,
    identifier: check,
    context,
    binding: UNBOUND,
    ttlMs: policy.workAccountFlowTtlMs,
    now,
  });
  const inviter = await inviterName(hub, owner);
  await hub.db.transaction().execute(async (trx) => {
    await hub.flows.insert(trx, flow);
    await sendInvitation(hub, trx, { flowId: flow.id, to: check.value, inviter, language: input.language });
    await recordAudit(
      trx,
      {
        event: 'work_account.invited',
        outcome: 'success',
        accountId: owner.id,
        ip: input.ip,
        detail: { via: input.via },
      },
      now,
    );
  });
  hub.nudgeMail();
  return { email: check.value, expiresAt: flow.expires_at };
};
