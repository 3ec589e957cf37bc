import {
  authEndpoints,
  flowStatusQuerySchema,
  flowStatusResponseSchema,
  resendCodeRequestSchema,
  resendCodeResponseSchema,
  setPasswordRequestSchema,
  setPasswordResponseSchema,
  signupStartRequestSchema,
  signupStartResponseSchema,
  verifyCodeRequestSchema,
  verifyCodeResponseSchema,
} from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  accountInput,
  codeStep,
  flowRead,
  flowStep,
  newPassword,
  signInRefusals,
} from '../../http/route-errors.js';
import type { Hub } from '../../hub.js';
import type { SignInPipeline } from '../../sso/complete-sign-in.js';
import { finishSignIn } from '../../sso/sign-in-route.js';
import { callerOf, readerOf } from '../caller.js';
import {
  finalizeSignup,
  requestSignupCode,
  resendSignupCode,
  signupStatus,
  verifySignupCode,
} from './service.js';

export const registerSignupRoutes = (app: FastifyInstance, hub: Hub, signIn: SignInPipeline) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    authEndpoints.signupStart,
    {
      schema: {
        body: signupStartRequestSchema,
        response: { 200: signupStartResponseSchema },
        errors: [...flowStep, ...accountInput, 'account.already_exists'],
      },
    },
    async (request, reply) => requestSignupCode(hub, callerOf(hub, request, reply, true), request.body),
  );
  r.post(
    authEndpoints.signupVerify,
    {
      schema: {
        body: verifyCodeRequestSchema,
        response: { 200: verifyCodeResponseSchema },
        errors: [...flowStep, ...codeStep],
      },
    },
    async (request, reply) =>
      verifySignupCode(hub, callerOf(hub, request, reply), request.body.flowId, request.body.code),
  );
  r.post(
    authEndpoints.signupResend,
    {
      schema: {
        body: resendCodeRequestSchema,
        response: { 200: resendCodeResponseSchema },
        errors: [...flowStep, ...codeStep],
      },
    },
    async (request, reply) => resendSignupCode(hub, callerOf(hub, request, reply), request.body.flowId),
  );
  r.get(
    authEndpoints.signupStatus,
    {
      schema: {
        querystring: flowStatusQuerySchema,
        response: { 200: flowStatusResponseSchema },
        errors: flowRead,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return signupStatus(hub, readerOf(hub, request), request.query.flowId);
    },
  );
  r.post(
    authEndpoints.signupFinalize,
    {
      schema: {
        body: setPasswordRequestSchema,
        response: { 200: setPasswordResponseSchema },
        errors: [...flowStep, ...newPassword, ...signInRefusals],
      },
    },
    async (request, reply) => {
      const outcome = await finalizeSignup(
        hub,
        callerOf(hub, request, reply),
        request.body.flowId,
        request.body.password,
      );
      return finishSignIn(signIn, hub, request, reply, { authMethod: 'signup', ...outcome });
    },
  );
};
