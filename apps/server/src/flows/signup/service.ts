import { randomUUID } from 'node:crypto';
import {
  buildPrimeinfo,
  checkSignupAccount,
  decodeProfileSeed,
  decodeToolSession,
  type Entry,
  encodeBase64Account,
  encodeSainfo,
  type FlowContext,
  formatAccountForDisplay,
  type Platform,
  routePath,
} from '@hub/core';
import type { Transaction } from 'kysely';
import { HubError } from '../../errors.js';
import type { Hub } from '../../hub.js';
import { recordAudit } from '../../services/audit.js';
import { checkNewPassword, hashPassword } from '../../services/passwords.js';
import { randomToken } from '../../services/tokens.js';
import type { Database } from '../../storage/schema.js';
import {
  flowContext,
  issueCode,
  loadFlow,
  resendAvailableAt,
  resendCode,
  throttleCodeSend,
  verifyFlowCode,
} from '../code-step.js';
import { contextQuery, type FlowContextRecord, toContextRecord } from '../flow-context.js';
import { OWNER_U_TYPE, verifiedEmailAccount } from '../new-account.js';
import { recordReferral } from '../referral.js';
import { switchingRedirect } from '../switching-redirect.js';
import { SIGNUP_FLOW_TTL_MS, signupStates } from './flow.js';

interface Caller {
  ip: string;
  binding: string;
}

/** Spec §4 "Sign-up" step 1: an email gets a code; an existing account gets the spec's answer. */
export const requestSignupCode = async (
  hub: Hub,
  caller: Caller,
  input: { platform: Platform; account: string; entry?: Entry; context?: FlowContext },
) => {
  await hub.throttle.consume('lookupPerIp', caller.ip);
  const check = checkSignupAccount(input.account);
  if (!check.ok) throw new HubError(check.code, { field: 'account' });
  const context = toContextRecord(input.context, input.entry ? { entry: input.entry } : {});
  const existing = await hub.accounts.findByIdentifier('email', check.value);
  if (existing) {
    const memberships = await hub.accounts.memberships(existing.id);
    if (memberships.some((m) => m.platform === input.platform)) {
      throw new HubError('account.already_exists_signup', { field: 'account' });
    }
    return switchingRedirect(input.platform, check, context);
  }
  await throttleCodeSend(hub, `email:${check.value.toLowerCase()}`, caller.ip);

  const now = hub.now();
  const flowId = randomToken(24);
  context.resendAvailableAt = resendAvailableAt(now);
  await hub.db.transaction().execute(async (trx) => {
    await hub.flows.insert(trx, {
      id: flowId,
      kind: 'signup',
      state: signupStates.codeSent,
      platform: input.platform,
      account_id: null,
      identifier: check.value,
      identifier_kind: 'email',
      context: JSON.stringify(context),
      binding_hash: caller.binding,
      attempts: 0,
      expires_at: now + SIGNUP_FLOW_TTL_MS,
      created_at: now,
      updated_at: now,
    });
    await issueCode(hub, trx, { flowId, purpose: 'signup', to: check.value });
    await recordAudit(
      trx,
      { event: 'signup.code_sent', outcome: 'success', ip: caller.ip, detail: { platform: input.platform } },
      now,
    );
  });
  hub.nudgeMail();
  return {
    next: 'code' as const,
    flowId,
    account: { kind: 'email' as const, display: check.value },
    resendAfter: Math.ceil((context.resendAvailableAt - now) / 1000),
  };
};

/** Resend: a fresh code once the countdown has ended; the old code dies. */
export const resendSignupCode = async (hub: Hub, caller: Caller, flowId: string) => {
  const flow = await loadFlow(hub, flowId, 'signup', caller.binding);
  if (flow.state !== signupStates.codeSent) throw new HubError('flow.not_found');
  return resendCode(hub, caller, flow, 'signup');
};

/** Spec §4 code step: on a match the flow is verified and the browser goes on to finalize. */
export const verifySignupCode = async (hub: Hub, caller: Caller, flowId: string, code: string) => {
  const flow = await loadFlow(hub, flowId, 'signup', caller.binding);
  if (flow.state !== signupStates.codeSent) throw new HubError('code.expired', { field: 'code' });
  await verifyFlowCode(hub, flow, code, caller.ip);
  const now = hub.now();
  await hub.db.transaction().execute(async (trx) => {
    await hub.flows.transition(trx, flow.id, signupStates.codeSent, {
      state: signupStates.verified,
      updated_at: now,
    });
    await recordAudit(trx, { event: 'signup.code_verified', outcome: 'success', ip: caller.ip }, now);
  });
  const context = flowContext(flow);
  const path = routePath('registration_finalize', { platform: flow.platform, entry: context.entry });
  const sainfo = encodeSainfo({ va: 'email', account: encodeBase64Account(`unauth_${flow.identifier}`) });
  return {
    next: 'redirect' as const,
    location: `${path}${contextQuery({ ...context, sainfo }, { flow: flow.id })}`,
  };
};

/** The finalize screen's first question: who is this, and is the account already registered? */
export const signupStatus = async (hub: Hub, caller: Caller, flowId: string) => {
  const flow = await loadFlow(hub, flowId, 'signup', caller.binding);
  const existing = flow.identifier
    ? await hub.accounts.findByIdentifier('email', flow.identifier)
    : undefined;
  const context = flowContext(flow);
  return {
    state: flow.state as (typeof signupStates)[keyof typeof signupStates],
    platform: flow.platform,
    ...(context.entry ? { entry: context.entry } : {}),
    account: { kind: 'email' as const, display: formatAccountForDisplay(flow.identifier ?? '', 'email') },
    exists: Boolean(existing),
  };
};

/**
 * Spec §4 finalize: the password (score 0, not a common one) creates the account in one
 * transaction with its membership, referral and profile; then the user is signed in.
 */
export const finalizeSignup = async (hub: Hub, caller: Caller, flowId: string, password: string) => {
  const flow = await loadFlow(hub, flowId, 'signup', caller.binding);
  if (flow.state !== signupStates.verified) throw new HubError('flow.not_found');
  const problem = checkNewPassword(password);
  if (problem) throw new HubError(problem, { field: 'password' });
  const email = flow.identifier ?? '';
  if (await hub.accounts.findByIdentifier('email', email)) {
    throw new HubError('account.already_exists_signup', { field: 'account' });
  }
  const passwordHash = await hashPassword(password);
  const context = flowContext(flow);
  const accountId = randomUUID();
  const now = hub.now();
  try {
    await hub.db.transaction().execute(async (trx) => {
      const moved = await hub.flows.transition(trx, flow.id, signupStates.verified, {
        state: signupStates.completed,
        account_id: null,
        updated_at: now,
      });
      if (!moved) throw new HubError('flow.not_found');
      await hub.accounts.insert(
        trx,
        verifiedEmailAccount({
          id: accountId,
          email,
          passwordHash,
          platform: flow.platform,
          uType: OWNER_U_TYPE,
          now,
        }),
      );
      await hub.accounts.addMembership(trx, accountId, flow.platform, true, now);
      await hub.flows.update(trx, flow.id, { account_id: accountId });
      const viaTool = Boolean(context.from && decodeToolSession(context.from).ok);
      await recordReferral(hub, trx, { refAFrnd: context.refAFrnd, accountId, viaTool, now });
      await createProfile(trx, context, accountId, now);
    });
  } catch (error) {
    if (error instanceof HubError) throw error;
    // The unique email index: another finalize of the same address won the race.
    if (await hub.accounts.findByIdentifier('email', email)) {
      throw new HubError('account.already_exists_signup', { field: 'account' });
    }
    throw error;
  }
  return { accountId, platform: flow.platform, context };
};

/**
 * Spec §3, §5: for the ubr_profile entry, a profile record from the seed carried in `from` — only
 * when it has both a first and a last name (otherwise the console says so and nothing is created).
 */
const createProfile = async (
  trx: Transaction<Database>,
  context: FlowContextRecord,
  accountId: string,
  now: number,
) => {
  if (context.entry !== 'ubr_profile' || !context.from) return;
  const seed = decodeProfileSeed(context.from);
  if (!seed.ok) return;
  const profile = buildPrimeinfo(accountId, seed.value);
  if (!profile) {
    console.info('profile not created: first_name and last_name must have a value');
    return;
  }
  await trx
    .insertInto('profiles')
    .values({
      account_id: accountId,
      first_name: profile.first_name,
      last_name: profile.last_name,
      middle_name: profile.middle_name ?? null,
      suffix: profile.suffix ?? null,
      contact_info: JSON.stringify(profile.contact_info ?? {}),
      other_info: JSON.stringify(profile.other_info ?? {}),
      profile: JSON.stringify(profile.profile ?? {}),
      created_at: now,
    })
    .execute();
};
