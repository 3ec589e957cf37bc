import { checkSignupAccount, type Language, linkingRole, loginRefusal, routePath } from '@hub/core';
import { HubError } from '../../errors.js';
import type { Hub } from '../../hub.js';
import { workAccountInvitationMail } from '../../mail/templates.js';
import { policy } from '../../policy.js';
import type { RequestOrigin } from '../../services/audit.js';
import type { AccountRow } from '../../storage/accounts.js';
import { type CodeMail, defineCodeStep } from '../code-step.js';
import { flowContext, UNBOUND } from '../flow-record.js';

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

/** The mail that carries an invitation's code, with the link to its verification screen. */
const invitationMail =
  (hub: Hub, flowId: string, inviter: string, language: Language | undefined): CodeMail =>
  (code, ttlMinutes) =>
    workAccountInvitationMail({
      inviterName: inviter,
      code,
      link: invitationLink(hub, flowId),
      ttlMinutes,
      ...(language ? { language } : {}),
    });

/**
 * The invitation's code step, with the sign-up's code rules: any browser that holds the link may
 * use it until its code is verified, and the code goes out in the invitation mail, naming its owner.
 */
export const workAccountCodeStep = defineCodeStep({
  kind: 'work_account',
  move: { from: workAccountStates.invited, to: workAccountStates.verified },
  verifiedEvent: 'work_account.code_verified',
  ttlMs: policy.workAccountFlowTtlMs,
  unboundAllowed: true,
  mail: async (hub, flow, language) =>
    invitationMail(hub, flow.id, await inviterName(hub, await ownerOf(hub, flowContext(flow))), language),
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
    /** The request that invites; its address is null when the Business platform's server asks. */
    from: RequestOrigin;
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
  const ownerContext: WorkAccountContext = { ownerAccountId: owner.id };
  const { flow } = await workAccountCodeStep.open(
    hub,
    { ...input.from, binding: UNBOUND, language: input.language },
    {
      platform: 'biz',
      accountId: null,
      check,
      to: check.value,
      context: ownerContext,
      audit: { event: 'work_account.invited', accountId: owner.id, detail: { via: input.via } },
    },
  );
  return { email: check.value, expiresAt: flow.expires_at };
};
