import {
  type Platform,
  routePath,
  SECOND_STEP_PARAM,
  type SecondFactorMethod,
  type SecondFactorNeeded,
  secondStepFor,
} from '@hub/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HubError } from '../errors.js';
import type { FlowCaller } from '../flows/caller.js';
import { contextQuery, type FlowContextRecord } from '../flows/flow-context.js';
import { flowContext, loadFlow, moveFlow, newFlowRecord } from '../flows/flow-record.js';
import { type SecondFactorFlowContext, secondFactorStates } from '../flows/second-factor/flow.js';
import { linkAccountToPlatform } from '../flows/switching/complete.js';
import { flowBinding } from '../http/request-context.js';
import { currentSession } from '../http/session.js';
import type { Hub, PendingSignIn } from '../hub.js';
import { policy } from '../policy.js';
import { recordAudit } from '../services/audit.js';
import { completeSignIn, type SignInOutcome } from '../sso/complete-sign-in.js';
import { checkSecondFactor } from './check.js';
import { confirmTotpEnrolment, startTotpEnrolment } from './enrolment.js';
import { enrolledMethods, type SecondFactorInput } from './methods.js';
import { hasPasskeys, passkeyAssertionOptions } from './passkeys.js';
import { secondFactorRequired } from './requirement.js';

/**
 * First factors that stop for a second one only where this sign-in requires it (the platform's,
 * the tool's or the OpenID Connect client's policy): a new account has none to prove yet, and a
 * live session proved its own sign-in; a session that proved only one factor is not enough for a
 * tool that requires two, whichever screen reaches it. A passkey sign-in is two factors in one
 * (the device and the person's verification on it) and never stops.
 */
const SECOND_STEP_IF_REQUIRED = new Set(['session', 'signup']);

/**
 * The gate completeSignIn calls (hub.secondStep, set by app.ts): a sign-in of an account with a
 * second factor, that has not proved it yet, is parked in a second-factor flow in state `pending`
 * (bound to this browser) and answered `second_factor` instead of its exit. Nothing of the exit
 * happens before (no session, no ainfo, no OpenID Connect result).
 */
export const parkSignIn = async (
  hub: Hub,
  request: FastifyRequest,
  reply: FastifyReply,
  signIn: PendingSignIn,
): Promise<(SecondFactorNeeded & { location: string }) | undefined> => {
  if (signIn.authMethod === 'passkey' || (signIn.secondFactors?.length ?? 0) > 0) return undefined;
  // Read once, and only when the answer matters (the tool, the OpenID Connect interaction).
  let requirement: Promise<boolean> | undefined;
  const isRequired = () => {
    requirement ??= secondFactorRequired(hub, signIn);
    return requirement;
  };
  if (SECOND_STEP_IF_REQUIRED.has(signIn.authMethod)) {
    if (signIn.authMethod === 'session' && (await sessionProvedTwoFactors(hub, request))) return undefined;
    if (!(await isRequired())) return undefined;
  }
  const methods = await enrolledMethods(hub, signIn.accountId);
  const required = methods.length === 0 && (await isRequired());
  const step = secondStepFor({ enrolled: methods, required, satisfied: false });
  if (step === 'none') return undefined;
  const context: SecondFactorFlowContext = {
    ...signIn.context,
    signIn: { method: signIn.authMethod, ...(signIn.fromSwitching ? { fromSwitching: true } : {}) },
  };
  const now = hub.now();
  const flow = newFlowRecord({
    kind: 'second_factor',
    state: secondFactorStates.pending,
    platform: signIn.platform,
    accountId: signIn.accountId,
    identifier: null,
    context,
    binding: flowBinding(request, reply, hub.config),
    ttlMs: policy.secondFactorFlowTtlMs,
    now,
  });
  const enrol = step === 'enrol';
  await hub.flows.insert(hub.db, flow);
  if (enrol)
    await moveFlow(hub, flow, { from: secondFactorStates.pending, to: secondFactorStates.enrolling });
  await recordAudit(
    hub.db,
    {
      event: 'second_factor.required',
      outcome: 'success',
      accountId: signIn.accountId,
      ip: request.ip,
      detail: { platform: signIn.platform, method: signIn.authMethod, enrol },
    },
    now,
  );
  // The answer names a flow of this browser: no cache may keep it.
  reply.header('cache-control', 'no-store');
  return {
    next: 'second_factor',
    flowId: flow.id,
    methods,
    ...(enrol ? { enrol: true } : {}),
    location: secondStepLocation(signIn.platform, flow.id, signIn.context),
  };
};

/** The browser's live hub session was signed in with two factors (its amr says `mfa`). */
const sessionProvedTwoFactors = async (hub: Hub, request: FastifyRequest) =>
  ((await currentSession(hub, request))?.amr ?? '').split(' ').includes('mfa');

/**
 * Where a sign-in that ended in a redirect (Google, Facebook) goes for its second step: the
 * platform's login screen, opened on that step, with the page's context kept for the screens after.
 */
export const secondStepLocation = (platform: Platform, flowId: string, context: FlowContextRecord): string =>
  `${routePath('login', { platform })}${contextQuery(context, { [SECOND_STEP_PARAM]: flowId })}`;

/**
 * The second step a flow id names, for this browser, waiting in one of `states`; 'not found' once
 * it is over.
 */
const pendingFlow = async (
  hub: Hub,
  flowId: string,
  binding: string,
  states: readonly string[] = [secondFactorStates.pending],
) => {
  const flow = await loadFlow(hub, flowId, 'second_factor', binding);
  if (!states.includes(flow.state) || !flow.account_id) throw new HubError('flow.not_found');
  return { flow, accountId: flow.account_id, context: flowContext(flow) as SecondFactorFlowContext };
};

/** GET /api/second-factor/status: what the second step offers (the screen a provider sign-in lands on). */
export const secondStepStatus = async (hub: Hub, binding: string, flowId: string) => {
  const { flow, accountId } = await pendingFlow(hub, flowId, binding, [
    secondFactorStates.pending,
    secondFactorStates.enrolling,
  ]);
  return {
    methods: await enrolledMethods(hub, accountId),
    enrol: flow.state === secondFactorStates.enrolling,
  };
};

/** The account of an `enrolling` flow (a sign-in that must set up a second factor first). */
const enrollingAccount = async (hub: Hub, flowId: string, binding: string) => {
  const parked = await pendingFlow(hub, flowId, binding, [secondFactorStates.enrolling]);
  const account = await hub.accounts.findById(parked.accountId);
  if (!account) throw new HubError('flow.not_found');
  return { ...parked, account };
};

/** POST /api/second-factor/enrol: the authenticator secret of a sign-in that requires one. */
export const startEnrolmentStep = async (hub: Hub, caller: FlowCaller, flowId: string) => {
  const { account } = await enrollingAccount(hub, flowId, caller.binding);
  return startTotpEnrolment(hub, account, caller.ip);
};

/**
 * POST /api/second-factor/enrol/confirm: the first code sets the app up (with ten recovery codes,
 * shown once here) and, as the second factor it is, completes the parked sign-in.
 */
export const confirmEnrolmentStep = async (
  hub: Hub,
  caller: FlowCaller,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { flowId: string; code: string },
) => {
  const { flow, account, context } = await enrollingAccount(hub, input.flowId, caller.binding);
  const enrolled = await confirmTotpEnrolment(hub, account, input.code, caller.ip);
  const exit = await resume(hub, caller, request, reply, {
    flow,
    accountId: account.id,
    context,
    method: 'totp',
    from: secondFactorStates.enrolling,
  });
  return { ...exit, ...(enrolled.recoveryCodes ? { recoveryCodes: enrolled.recoveryCodes } : {}) };
};

/**
 * POST /api/second-factor/passkey-options: the WebAuthn options of a passkey as the second factor
 * of a flow waiting in `pending` for this browser (the account's passkeys only). The challenge is
 * bound to the flow, and a newer call replaces the older one; the verify call takes it once.
 */
export const passkeyOptionsStep = async (hub: Hub, caller: FlowCaller, flowId: string) => {
  await hub.throttle.consume('secondFactorPerIp', caller.ip);
  const { flow, accountId } = await pendingFlow(hub, flowId, caller.binding);
  if (!(await hasPasskeys(hub, accountId))) {
    throw new HubError('second_factor.method_unavailable', { field: 'method' });
  }
  const options = await passkeyAssertionOptions(hub, { accountId, flowId: flow.id });
  return { options: options as unknown as Record<string, unknown> };
};

/**
 * POST /api/second-factor/verify: the second factor of a parked sign-in. A right one moves the flow
 * from `pending` to `completed` (of two racing requests one does) and resumes the sign-in where
 * completeSignIn stopped it, with the method proved (its amr).
 */
export const verifySecondStep = async (
  hub: Hub,
  caller: FlowCaller,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { flowId: string; method: SecondFactorMethod } & SecondFactorInput,
): Promise<{ next: 'redirect'; location: string; notice?: 'account_linked' }> => {
  const { flow, accountId, context } = await pendingFlow(hub, input.flowId, caller.binding);
  await checkSecondFactor(hub, {
    accountId,
    flowId: flow.id,
    method: input.method,
    proof: { code: input.code, response: input.response },
    ip: caller.ip,
  });
  return resume(hub, caller, request, reply, {
    flow,
    accountId,
    context,
    method: input.method,
    from: secondFactorStates.pending,
  });
};

/**
 * The parked sign-in goes on where completeSignIn stopped it, with the second factor proved: the
 * flow moves to `completed` (of two racing requests one does), then the same completion runs.
 */
const resume = async (
  hub: Hub,
  caller: FlowCaller,
  request: FastifyRequest,
  reply: FastifyReply,
  parked: {
    flow: { id: string; kind: 'second_factor'; platform: Platform };
    accountId: string;
    context: SecondFactorFlowContext;
    method: SecondFactorMethod;
    from: 'pending' | 'enrolling';
  },
): Promise<{ next: 'redirect'; location: string; notice?: 'account_linked' }> => {
  const { flow, accountId, context } = parked;
  const { signIn, ...pageContext } = context;
  const move = { from: parked.from, to: secondFactorStates.completed } as const;
  // Switching option1 links the account to this platform now that both factors are proved (its
  // password step left the link to here); once however many flows race to add it.
  await moveFlow(hub, flow, move, async (trx, now) => {
    if (!signIn.fromSwitching) return;
    await linkAccountToPlatform(hub, trx, { accountId, platform: flow.platform, ip: caller.ip }, now);
  });
  const outcome: SignInOutcome = {
    accountId,
    platform: flow.platform,
    authMethod: signIn.method as SignInOutcome['authMethod'],
    context: pageContext,
    secondFactors: [parked.method],
    ...(signIn.fromSwitching ? { fromSwitching: true } : {}),
  };
  const exit = await completeSignIn(hub, request, reply, outcome);
  // The gate lets a sign-in with a second factor through: anything else is a fault of this code.
  if (exit.next !== 'redirect') throw new Error('a sign-in with its second factor was stopped again');
  return signIn.fromSwitching ? { ...exit, notice: 'account_linked' } : exit;
};
