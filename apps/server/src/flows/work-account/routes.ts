import {
  workAccountEndpoints,
  workAccountFinalizeRequestSchema,
  workAccountFinalizeResponseSchema,
  workAccountInviteRequestSchema,
  workAccountInviteResponseSchema,
  workAccountResendRequestSchema,
  workAccountResendResponseSchema,
  workAccountStatusQuerySchema,
  workAccountStatusResponseSchema,
  workAccountVerifyRequestSchema,
  workAccountVerifyResponseSchema,
} from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestLanguage } from '../../http/language.js';
import { flowBindingIfAny, originOf, requireSameOrigin } from '../../http/request-context.js';
import { codeStep, flowStep, newPassword, type RouteErrors } from '../../http/route-errors.js';
import type { Hub } from '../../hub.js';
import type { SignInPipeline } from '../../sso/complete-sign-in.js';
import { finishSignIn } from '../../sso/sign-in-route.js';
import { callerOf, signedInAccount } from '../caller.js';
import { inviteWorkAccount } from './invitation.js';
import {
  finalizeWorkAccount,
  resendWorkAccountCode,
  verifyWorkAccountCode,
  workAccountStatus,
} from './service.js';

/** Every step: the owner's invitation (an email), the invitee's code and new password. */
const workAccountErrors = [
  ...flowStep,
  ...codeStep,
  ...newPassword,
  'session.required',
  'work_account.owner_required',
  'account.required',
  'account.format_invalid',
  'account.already_exists',
] as const satisfies RouteErrors;

export const registerWorkAccountRoutes = (app: FastifyInstance, hub: Hub, signIn: SignInPipeline) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  // A signed-in business owner adds a work account from the hub's own pages.
  r.post(
    workAccountEndpoints.workAccountInvite,
    {
      schema: {
        body: workAccountInviteRequestSchema,
        response: { 200: workAccountInviteResponseSchema },
        errors: workAccountErrors,
      },
    },
    async (request) => {
      requireSameOrigin(request, hub.config);
      const owner = await signedInAccount(hub, request);
      const invited = await inviteWorkAccount(hub, {
        owner,
        email: request.body.email,
        from: originOf(request),
        via: 'owner',
        language: requestLanguage(request),
      });
      return { status: 'invited' as const, ...invited };
    },
  );
  r.get(
    workAccountEndpoints.workAccountStatus,
    {
      schema: {
        querystring: workAccountStatusQuerySchema,
        response: { 200: workAccountStatusResponseSchema },
        errors: workAccountErrors,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      // An invitation not yet verified is read without a binding.
      return workAccountStatus(hub, flowBindingIfAny(request, hub.config), request.query.flowId);
    },
  );
  // The invitee's browser may be new to the hub: verify and resend may make its binding.
  r.post(
    workAccountEndpoints.workAccountVerify,
    {
      schema: {
        body: workAccountVerifyRequestSchema,
        response: { 200: workAccountVerifyResponseSchema },
        errors: workAccountErrors,
      },
    },
    async (request, reply) =>
      verifyWorkAccountCode(hub, callerOf(hub, request, reply, true), request.body.flowId, request.body.code),
  );
  r.post(
    workAccountEndpoints.workAccountResend,
    {
      schema: {
        body: workAccountResendRequestSchema,
        response: { 200: workAccountResendResponseSchema },
        errors: workAccountErrors,
      },
    },
    async (request, reply) =>
      resendWorkAccountCode(hub, callerOf(hub, request, reply, true), request.body.flowId),
  );
  r.post(
    workAccountEndpoints.workAccountFinalize,
    {
      schema: {
        body: workAccountFinalizeRequestSchema,
        response: { 200: workAccountFinalizeResponseSchema },
        errors: workAccountErrors,
      },
    },
    async (request, reply) => {
      const outcome = await finalizeWorkAccount(
        hub,
        callerOf(hub, request, reply),
        request.body.flowId,
        request.body.password,
      );
      return finishSignIn(signIn, hub, request, reply, { authMethod: 'signup', ...outcome });
    },
  );
};
