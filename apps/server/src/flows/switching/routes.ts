import {
  switchingEndpoints,
  switchingIdentifyRequestSchema,
  switchingIdentifyResponseSchema,
  switchingPasswordRequestSchema,
  switchingPasswordResponseSchema,
} from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  flowStep,
  identifyAccount,
  passwordCheck,
  type RouteErrors,
  signInChallenge,
  signInRefusals,
} from '../../http/route-errors.js';
import type { Hub } from '../../hub.js';
import type { SignInPipeline } from '../../sso/complete-sign-in.js';
import { finishSignIn } from '../../sso/sign-in-route.js';
import { callerOf } from '../caller.js';
import { identifyForSwitching, linkToPlatform, type SwitchingDeps } from './service.js';

/** Both steps: the account is looked up, its password checked, then linked and signed in. */
const switchingErrors = [
  ...flowStep,
  ...signInChallenge,
  ...identifyAccount,
  ...passwordCheck,
  'account.already_linked',
  'account.work_account_link',
  ...signInRefusals,
] as const satisfies RouteErrors;

export const registerSwitchingRoutes = (
  app: FastifyInstance,
  hub: Hub,
  signIn: SignInPipeline,
  deps: SwitchingDeps,
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    switchingEndpoints.switchingIdentify,
    {
      schema: {
        body: switchingIdentifyRequestSchema,
        response: { 200: switchingIdentifyResponseSchema },
        errors: switchingErrors,
      },
    },
    async (request, reply) => identifyForSwitching(hub, callerOf(hub, request, reply, true), request.body),
  );
  r.post(
    switchingEndpoints.switchingPassword,
    {
      schema: {
        body: switchingPasswordRequestSchema,
        response: { 200: switchingPasswordResponseSchema },
        errors: switchingErrors,
      },
    },
    async (request, reply) => {
      const outcome = await linkToPlatform(
        hub,
        callerOf(hub, request, reply),
        request.body.flowId,
        request.body.password,
        deps,
      );
      // Spec §4: back to a tool with account type 3, else to the platform site.
      const exit = await finishSignIn(signIn, hub, request, reply, {
        authMethod: 'password',
        fromSwitching: true,
        ...outcome,
      });
      return { notice: 'account_linked' as const, ...exit };
    },
  );
};
