import {
  linkingEndpoints,
  linkingIdentifyRequestSchema,
  linkingIdentifyResponseSchema,
  linkingPasswordRequestSchema,
  linkingPasswordResponseSchema,
} from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { flowStep, passwordCheck, type RouteErrors, signInChallenge } from '../../http/route-errors.js';
import type { Hub } from '../../hub.js';
import type { SignInPipeline } from '../../sso/complete-sign-in.js';
import { finishSignIn } from '../../sso/sign-in-route.js';
import { signedInCallerOf } from '../caller.js';
import { identifyParent, linkToParent } from './service.js';

/** Both steps: the signed-in account, the parent as typed and looked up, the parent's password. */
const linkingErrors = [
  ...flowStep,
  ...signInChallenge,
  'session.required',
  'account.required',
  'account.format_invalid',
  'account.not_found',
  'account.already_exists',
  'account.already_linked',
  'account.work_account_link',
  'account.not_registered_to_platform',
  'account.locked',
  ...passwordCheck,
] as const satisfies RouteErrors;

export const registerLinkingRoutes = (app: FastifyInstance, hub: Hub, signIn: SignInPipeline) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    linkingEndpoints.linkingIdentify,
    {
      schema: {
        body: linkingIdentifyRequestSchema,
        response: { 200: linkingIdentifyResponseSchema },
        errors: linkingErrors,
      },
    },
    async (request, reply) => {
      const { caller, account } = await signedInCallerOf(hub, request, reply, true);
      return identifyParent(hub, caller, account, request.body);
    },
  );
  r.post(
    linkingEndpoints.linkingPassword,
    {
      schema: {
        body: linkingPasswordRequestSchema,
        response: { 200: linkingPasswordResponseSchema },
        errors: linkingErrors,
      },
    },
    async (request, reply) => {
      const { caller, account: child } = await signedInCallerOf(hub, request, reply);
      const outcome = await linkToParent(hub, caller, child, request.body.flowId, request.body.password);
      // The signed-in account goes on where it came from, its session kept.
      const exit = await finishSignIn(signIn, hub, request, reply, { authMethod: 'session', ...outcome });
      return { notice: 'account_linked' as const, ...exit };
    },
  );
};
