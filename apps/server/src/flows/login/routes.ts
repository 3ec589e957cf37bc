import {
  authEndpoints,
  loginIdentifyRequestSchema,
  loginIdentifyResponseSchema,
  loginPasswordRequestSchema,
  loginPasswordResponseSchema,
  signInChallengeRequestSchema,
  signInChallengeResponseSchema,
} from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  flowStep,
  identifyAccount,
  passwordCheck,
  signInChallenge,
  signInRefusals,
} from '../../http/route-errors.js';
import type { Hub } from '../../hub.js';
import type { SignInPipeline } from '../../sso/complete-sign-in.js';
import { finishSignIn } from '../../sso/sign-in-route.js';
import { callerOf } from '../caller.js';
import { checkLoginPassword, identifyForLogin } from './service.js';

export const registerLoginRoutes = (app: FastifyInstance, hub: Hub, signIn: SignInPipeline) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    authEndpoints.loginIdentify,
    {
      schema: {
        body: loginIdentifyRequestSchema,
        response: { 200: loginIdentifyResponseSchema },
        errors: [...flowStep, ...signInChallenge, ...identifyAccount, ...signInRefusals],
      },
    },
    async (request, reply) => identifyForLogin(hub, callerOf(hub, request, reply, true), request.body),
  );
  r.post(
    authEndpoints.loginPassword,
    {
      schema: {
        body: loginPasswordRequestSchema,
        response: { 200: loginPasswordResponseSchema },
        errors: [...flowStep, ...signInChallenge, ...passwordCheck, ...signInRefusals],
      },
    },
    async (request, reply) => {
      const outcome = await checkLoginPassword(
        hub,
        callerOf(hub, request, reply),
        request.body.flowId,
        request.body.password,
      );
      return finishSignIn(signIn, hub, request, reply, { authMethod: 'password', ...outcome });
    },
  );
  // A proof-of-work challenge for this browser's next sign-in step, stateless (signed), so it costs
  // one key derivation; throttled per client address. See docs/security.md "Credential stuffing".
  r.post(
    authEndpoints.signInChallenge,
    {
      schema: {
        body: signInChallengeRequestSchema,
        response: { 200: signInChallengeResponseSchema },
        errors: ['request.malformed_json', 'origin.forbidden', 'rate_limited'],
      },
    },
    async (request, reply) => {
      const caller = callerOf(hub, request, reply, true);
      await hub.throttle.consume('challengePerIp', caller.ip);
      return hub.signInGuard.issue(caller.binding, request.body.flowId);
    },
  );
};
