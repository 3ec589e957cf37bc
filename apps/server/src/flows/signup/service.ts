import { randomUUID } from 'node:crypto';
import {
  buildPrimeinfo,
  checkSignupAccount,
  encodeBase64Account,
  encodeSainfo,
  routePath,
  type SignupStartRequest,
} from '@hub/core';
import type { Transaction } from 'kysely';
import { HubError } from '../../errors.js';
import type { Hub } from '../../hub.js';
import { policy } from '../../policy.js';
import { hashPassword } from '../../services/passwords.js';
import { recordReferral } from '../../sso/referral.js';
import type { Database } from '../../storage/schema.js';
import type { FlowCaller } from '../caller.js';
import { defineFinalizedCodeStep } from '../code-step.js';
import { type FlowContextRecord, toContextRecord } from '../flow-context.js';
import { flowContext, loadFlow } from '../flow-record.js';
import { checkNewEmailAccount, OWNER_U_TYPE, registerVerifiedEmail } from '../new-account.js';
import { switchingRedirect } from '../switching-redirect.js';
import { signupStates } from './flow.js';

/** The sign-up's code step: the finalize screen sets the password of the email (spec §4). */
const signupCodeStep = defineFinalizedCodeStep({
  kind: 'signup',
  move: { from: signupStates.codeSent, to: signupStates.verified },
  verifiedEvent: 'signup.code_verified',
  ttlMs: policy.signupFlowTtlMs,
  finalize: (flow, context) => ({
    path: routePath('registration_finalize', { platform: flow.platform, entry: context.entry }),
    sainfo: encodeSainfo({ va: 'email', account: encodeBase64Account(`unauth_${flow.identifier}`) }),
  }),
  statusTellsIfRegistered: true,
});
export const { resend: resendSignupCode, verify: verifySignupCode, status: signupStatus } = signupCodeStep;

/** Spec §4 "Sign-up" step 1: an email gets a code; an existing account gets the spec's answer. */
export const requestSignupCode = async (hub: Hub, caller: FlowCaller, input: SignupStartRequest) => {
  await hub.throttle.consume('lookupPerIp', caller.ip);
  const check = checkSignupAccount(input.account);
  if (!check.ok) throw new HubError(check.code, { field: 'account' });
  const context = toContextRecord(input.context, input.entry ? { entry: input.entry } : {});
  const existing = await hub.accounts.findByIdentifier('email', check.value);
  if (existing) {
    const memberships = await hub.accounts.memberships(existing.id);
    if (memberships.some((m) => m.platform === input.platform)) {
      throw new HubError('account.already_exists', { field: 'account' });
    }
    return switchingRedirect(input.platform, check, context);
  }
  return signupCodeStep.start(hub, caller, {
    platform: input.platform,
    accountId: null,
    check,
    to: check.value,
    context,
    audit: { detail: { platform: input.platform } },
  });
};

/**
 * Spec §4 finalize: the password (score 0, not a common one) creates the account in one
 * transaction with its membership, referral and profile; then the user is signed in.
 */
export const finalizeSignup = async (hub: Hub, caller: FlowCaller, flowId: string, password: string) => {
  const flow = await loadFlow(hub, flowId, 'signup', caller.binding);
  if (flow.state !== signupStates.verified) throw new HubError('flow.not_found');
  const email = flow.identifier ?? '';
  await checkNewEmailAccount(hub, email, password);
  const passwordHash = await hashPassword(password);
  const context = flowContext(flow);
  const accountId = randomUUID();
  await registerVerifiedEmail(
    hub,
    flow,
    { from: signupStates.verified, to: signupStates.completed },
    { id: accountId, email, passwordHash, platform: flow.platform, uType: OWNER_U_TYPE },
    async (trx, now) => {
      const viaTool = context.tool !== undefined;
      await recordReferral(hub, trx, { refAFrnd: context.refAFrnd, accountId, viaTool, now });
      await createProfile(hub, trx, context, accountId, now);
    },
  );
  return { accountId, platform: flow.platform, context };
};

/**
 * Spec §3, §5: for the ubr_profile entry, a profile record from the seed `from` carried (parsed when
 * the flow started, flows/flow-context.ts) — only
 * when it has both a first and a last name (otherwise the log says so and nothing is created).
 */
const createProfile = async (
  hub: Hub,
  trx: Transaction<Database>,
  context: FlowContextRecord,
  accountId: string,
  now: number,
) => {
  if (context.entry !== 'ubr_profile' || !context.profileSeed) return;
  const profile = buildPrimeinfo(accountId, context.profileSeed);
  if (!profile) {
    hub.log.info({ accountId }, 'profile not created: first_name and last_name must have a value');
    return;
  }
  await hub.profiles.insert(trx, {
    account_id: accountId,
    first_name: profile.first_name,
    last_name: profile.last_name,
    middle_name: profile.middle_name ?? null,
    suffix: profile.suffix ?? null,
    contact_info: JSON.stringify(profile.contact_info ?? {}),
    other_info: JSON.stringify(profile.other_info ?? {}),
    profile: JSON.stringify(profile.profile ?? {}),
    created_at: now,
  });
};
