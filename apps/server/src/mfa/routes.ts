import {
  recoveryCodesRequestSchema,
  recoveryCodesResponseSchema,
  secondFactorEndpoints,
  secondFactorStatusResponseSchema,
  secondStepEnrolConfirmRequestSchema,
  secondStepEnrolConfirmResponseSchema,
  secondStepEnrolRequestSchema,
  secondStepEnrolResponseSchema,
  secondStepPasskeyOptionsRequestSchema,
  secondStepPasskeyOptionsResponseSchema,
  secondStepStatusQuerySchema,
  secondStepStatusResponseSchema,
  secondStepVerifyRequestSchema,
  secondStepVerifyResponseSchema,
  totpConfirmRequestSchema,
  totpConfirmResponseSchema,
  totpRemoveRequestSchema,
  totpRemoveResponseSchema,
  totpStartRequestSchema,
  totpStartResponseSchema,
} from '@hub/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { callerOf, readerOf, signedInAccount } from '../flows/caller.js';
import { requestLanguage } from '../http/language.js';
import { originOf, requireSameOrigin } from '../http/request-context.js';
import {
  flowRead,
  flowStep,
  passwordCheck,
  type RouteErrors,
  signedInWrite,
  signInRefusals,
} from '../http/route-errors.js';
import type { Hub } from '../hub.js';
import type { SignInPipeline } from '../sso/complete-sign-in.js';
import {
  confirmTotpEnrolment,
  regenerateRecoveryCodes,
  removeTotp,
  secondFactorStatus,
  startTotpEnrolment,
} from './enrolment.js';
import {
  confirmEnrolmentStep,
  passkeyOptionsStep,
  secondStepStatus,
  startEnrolmentStep,
  verifySecondStep,
} from './second-step.js';

/** Setting up and removing a second factor, by the signed-in person. */
const enrolmentErrors = [
  ...signedInWrite,
  'second_factor.code_required',
  'second_factor.code_incorrect',
  'second_factor.already_enrolled',
  'second_factor.enrolment_not_started',
  'second_factor.not_enrolled',
  'second_factor.method_unavailable',
  ...passwordCheck,
] as const satisfies RouteErrors;

/** The enrolment a sign-in asks for before it completes. */
const stepEnrolErrors = [
  ...flowStep,
  'second_factor.code_required',
  'second_factor.code_incorrect',
  'second_factor.already_enrolled',
  'second_factor.enrolment_not_started',
  'oidc.interaction_invalid',
  ...signInRefusals,
] as const satisfies RouteErrors;

/**
 * Second factors (docs/second-factors.md): the signed-in person's set-up under /api/me (the hub
 * session; changes from the hub's own pages only; never cached: secrets and codes are in the
 * answers), and the second step of a sign-in, which resumes the sign-in pipeline it stopped.
 */
export const registerSecondFactorRoutes = (app: FastifyInstance, hub: Hub, signIn: SignInPipeline) => {
  registerSecondFactorSetupRoutes(app, hub);
  registerSecondStepRoutes(app, hub, signIn);
};

/** The signed-in person's authenticator app and recovery codes, under /api/me. */
const registerSecondFactorSetupRoutes = (app: FastifyInstance, hub: Hub) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  /** The signed-in account of a request that changes something: same origin first, then the session. */
  const changer = async (request: FastifyRequest, reply: FastifyReply) => {
    requireSameOrigin(request, hub.config);
    reply.header('cache-control', 'no-store');
    return signedInAccount(hub, request);
  };

  r.get(
    secondFactorEndpoints.status,
    { schema: { response: { 200: secondFactorStatusResponseSchema }, errors: ['session.required'] } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return secondFactorStatus(hub, (await signedInAccount(hub, request)).id);
    },
  );
  r.post(
    secondFactorEndpoints.totp,
    {
      schema: {
        body: totpStartRequestSchema,
        response: { 200: totpStartResponseSchema },
        errors: enrolmentErrors,
      },
    },
    async (request, reply) => startTotpEnrolment(hub, await changer(request, reply), originOf(request)),
  );
  r.post(
    secondFactorEndpoints.totpConfirm,
    {
      schema: {
        body: totpConfirmRequestSchema,
        response: { 200: totpConfirmResponseSchema },
        errors: enrolmentErrors,
      },
    },
    async (request, reply) =>
      confirmTotpEnrolment(
        hub,
        await changer(request, reply),
        request.body.code,
        originOf(request),
        requestLanguage(request),
      ),
  );
  r.delete(
    secondFactorEndpoints.totp,
    {
      schema: {
        body: totpRemoveRequestSchema,
        response: { 200: totpRemoveResponseSchema },
        errors: enrolmentErrors,
      },
    },
    async (request, reply) =>
      removeTotp(
        hub,
        await changer(request, reply),
        request.body.password,
        originOf(request),
        requestLanguage(request),
      ),
  );
  r.post(
    secondFactorEndpoints.recoveryCodes,
    {
      schema: {
        body: recoveryCodesRequestSchema,
        response: { 200: recoveryCodesResponseSchema },
        errors: enrolmentErrors,
      },
    },
    async (request, reply) => regenerateRecoveryCodes(hub, await changer(request, reply), originOf(request)),
  );
};

/** The second step of a sign-in: it resumes the sign-in pipeline it stopped. */
const registerSecondStepRoutes = (app: FastifyInstance, hub: Hub, signIn: SignInPipeline) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    secondFactorEndpoints.stepStatus,
    {
      schema: {
        querystring: secondStepStatusQuerySchema,
        response: { 200: secondStepStatusResponseSchema },
        errors: flowRead,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return secondStepStatus(hub, readerOf(hub, request).binding, request.query.flowId);
    },
  );
  r.post(
    secondFactorEndpoints.verify,
    {
      schema: {
        body: secondStepVerifyRequestSchema,
        response: { 200: secondStepVerifyResponseSchema },
        errors: [
          ...flowStep,
          'second_factor.code_required',
          'second_factor.code_incorrect',
          'second_factor.recovery_incorrect',
          'second_factor.method_unavailable',
          'passkey.refused',
          'oidc.interaction_invalid',
          ...signInRefusals,
        ],
      },
    },
    async (request, reply) =>
      verifySecondStep(hub, signIn, callerOf(hub, request, reply), request, reply, request.body),
  );
  r.post(
    secondFactorEndpoints.passkeyOptions,
    {
      schema: {
        body: secondStepPasskeyOptionsRequestSchema,
        response: { 200: secondStepPasskeyOptionsResponseSchema },
        errors: [...flowStep, 'second_factor.method_unavailable', 'passkey.refused'],
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return passkeyOptionsStep(hub, callerOf(hub, request, reply), request.body.flowId);
    },
  );
  r.post(
    secondFactorEndpoints.enrol,
    {
      schema: {
        body: secondStepEnrolRequestSchema,
        response: { 200: secondStepEnrolResponseSchema },
        errors: stepEnrolErrors,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return startEnrolmentStep(hub, callerOf(hub, request, reply), request.body.flowId);
    },
  );
  r.post(
    secondFactorEndpoints.enrolConfirm,
    {
      schema: {
        body: secondStepEnrolConfirmRequestSchema,
        response: { 200: secondStepEnrolConfirmResponseSchema },
        errors: stepEnrolErrors,
      },
    },
    async (request, reply) =>
      confirmEnrolmentStep(hub, signIn, callerOf(hub, request, reply), request, reply, request.body),
  );
};
