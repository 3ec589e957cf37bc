import { type Platform, routePath, SECOND_STEP_PARAM, type SecondFactorMethod } from '@hub/core';
import type { FastifyReply, FastifyRequest } from 'fastify';
import { HubError } from '../errors.js';
import type { FlowCaller } from '../flows/caller.js';
import { contextQuery, type FlowContextRecord } from '../flows/flow-context.js';
import { flowContext, loadFlow, moveFlow, newFlowRecord } from '../flows/flow-record.js';
import { type SecondFactorFlowContext, secondFactorStates } from '../flows/second-factor/flow.js';
import { linkAccountToPlatform } from '../flows/switching/complete.js';
import { requestLanguage } from '../http/language.js';
import { flowBindingOf } from '../http/request-context.js';
import type { Hub } from '../hub.js';
import { policy } from '../policy.js';
import { recordAudit } from '../services/audit.js';
import type { SignInOutcome, SignInPipeline, SignInSteps } from '../sso/complete-sign-in.js';
import { finishSignIn } from '../sso/sign-in-route.js';
import { checkSecondFactor } from './check.js';
import { confirmTotpEnrolment, startTotpEnrolment } from './enrolment.js';
import { enrolledMethods, type SecondFactorInput } from './methods.js';
import { hasPasskeys, passkeyAssertionOptions } from './passkeys.js';
import { type SecondFactorPolicyDeps, secondStepOf } from './requirement.js';

/**
 * The sign-in pipeline's second-factor step (sso/complete-sign-in.ts SignInSteps, assembled by
 * app.ts): a sign-in of an account with a second factor, that has not proved it yet, is parked in a
 * second-factor flow in state `pending` (bound to this browser) and answered `second_factor`
 * instead of its exit. Nothing of the exit happens before (no session, no ainfo, no OpenID Connect
 * result). Whether a second factor is needed is decided in mfa/requirement.ts.
 */
export const createSecondFactorStep =
  (hub: Hub, deps: SecondFactorPolicyDeps): SignInSteps['secondFactor'] =>
  async (request, signIn) => {
    const needed = await secondStepOf(hub, deps, request, signIn);
    if (needed.step === 'none') return undefined;
    const { methods } = needed;
    const context: SecondFactorFlowContext = {
      ...signIn.context,
      signIn: { method: signIn.authMethod, ...(signIn.fromSwitching ? { fromSwitching: true } : {}) },
    };
    const now = hub.now();
    const { binding, cookie } = flowBindingOf(request.cookies, hub.config);
    const flow = newFlowRecord({
      kind: 'second_factor',
      state: secondFactorStates.pending,
      platform: signIn.platform,
      accountId: signIn.accountId,
      identifier: null,
      context,
      binding,
      ttlMs: policy.secondFactorFlowTtlMs,
      now,
    });
    const enrol = needed.step === 'enrol';
    await hub.flows.insert(hub.db, flow);
    if (enrol)
      await moveFlow(hub, flow, { from: secondFactorStates.pending, to: secondFactorStates.enrolling });
    await recordAudit(
      hub.db,
      {
        event: 'second_factor.required',
        outcome: 'success',
        accountId: signIn.accountId,
        from: request,
        detail: { platform: signIn.platform, method: signIn.authMethod, enrol },
      },
      now,
    );
    return {
      cookies: cookie ? [cookie] : [],
      nextStep: {
        next: 'second_factor',
        flowId: flow.id,
        methods,
        ...(enrol ? { enrol: true } : {}),
        location: secondStepLocation(signIn.platform, flow.id, signIn.context),
      },
    };
  };

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
  return startTotpEnrolment(hub, account, caller);
};

/**
 * POST /api/second-factor/enrol/confirm: the first code sets the app up (with ten recovery codes,
 * shown once here) and, as the second factor it is, completes the parked sign-in.
 */
export const confirmEnrolmentStep = async (
  hub: Hub,
  pipeline: SignInPipeline,
  caller: FlowCaller,
  request: FastifyRequest,
  reply: FastifyReply,
  input: { flowId: string; code: string },
) => {
  const { flow, account, context } = await enrollingAccount(hub, input.flowId, caller.binding);
  const language = caller.language ?? requestLanguage(request);
  const enrolled = await confirmTotpEnrolment(hub, account, input.code, caller, language);
  const exit = await resume(hub, pipeline, caller, request, reply, {
    flow,
    accountId: account.id,
    context,
    method: 'totp',
    from: secondFactorStates.enrolling,
  });
  return enrolled.recoveryCodes ? { recoveryCodes: enrolled.recoveryCodes, ...exit } : exit;
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
 * the pipeline stopped it, with the method proved (its amr).
 */
export const verifySecondStep = async (
  hub: Hub,
  pipeline: SignInPipeline,
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
    from: caller,
  });
  return resume(hub, pipeline, caller, request, reply, {
    flow,
    accountId,
    context,
    method: input.method,
    from: secondFactorStates.pending,
  });
};

/**
 * The parked sign-in goes on where the pipeline stopped it, with the second factor proved: the
 * flow moves to `completed` (of two racing requests one does), then the same completion runs.
 */
const resume = async (
  hub: Hub,
  pipeline: SignInPipeline,
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
    await linkAccountToPlatform(hub, trx, { accountId, platform: flow.platform, from: caller }, now);
  });
  const outcome: SignInOutcome = {
    accountId,
    platform: flow.platform,
    authMethod: signIn.method as SignInOutcome['authMethod'],
    context: pageContext,
    secondFactors: [parked.method],
    ...(signIn.fromSwitching ? { fromSwitching: true } : {}),
  };
  const exit = await finishSignIn(pipeline, hub, request, reply, outcome);
  // The gate lets a sign-in with a second factor through: anything else is a fault of this code.
  if (exit.next !== 'redirect') throw new Error('a sign-in with its second factor was stopped again');
  return signIn.fromSwitching ? { notice: 'account_linked' as const, ...exit } : exit;
};
