import {
  linkingIdentifyRequestSchema,
  linkingIdentifyResponseSchema,
  linkingPasswordRequestSchema,
  linkingPasswordResponseSchema,
  switchingEndpoints,
} from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Hub } from '../../hub.js';
import type { SignInPipeline } from '../../sso/complete-sign-in.js';
import { finishSignIn } from '../../sso/sign-in-route.js';
import { signedInCallerOf } from '../caller.js';
import { identifyParent, linkToParent } from './service.js';

export const registerLinkingRoutes = (app: FastifyInstance, hub: Hub, signIn: SignInPipeline) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    switchingEndpoints.linkingIdentify,
    { schema: { body: linkingIdentifyRequestSchema, response: { 200: linkingIdentifyResponseSchema } } },
    async (request, reply) => {
      const { caller, account } = await signedInCallerOf(hub, request, reply, true);
      return identifyParent(hub, caller, account, request.body);
    },
  );
  r.post(
    switchingEndpoints.linkingPassword,
    { schema: { body: linkingPasswordRequestSchema, response: { 200: linkingPasswordResponseSchema } } },
    async (request, reply) => {
      const { caller, account: child } = await signedInCallerOf(hub, request, reply);
      const outcome = await linkToParent(hub, caller, child, request.body.flowId, request.body.password);
      // The signed-in account goes on where it came from, its session kept.
      const exit = await finishSignIn(signIn, hub, request, reply, { ...outcome, authMethod: 'session' });
      return { ...exit, notice: 'account_linked' as const };
    },
  );
};
