import { meContinueEndpoints, meContinueRequestSchema, meContinueResponseSchema } from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInWrite } from '../http/route-errors.js';
import { signedInChange } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import type { SignInPipeline } from '../sso/complete-sign-in.js';
import { finishSignIn } from '../sso/sign-in-route.js';
import { continueTo } from './continue.js';

/** POST /api/me/continue: a landing card's 'Continue' (docs/account-center.md "Header and landing"). */
export const registerContinueRoutes = (app: FastifyInstance, hub: Hub, signIn: SignInPipeline) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    meContinueEndpoints.continue,
    {
      schema: {
        body: meContinueRequestSchema,
        response: { 200: meContinueResponseSchema },
        errors: signedInWrite,
      },
    },
    async (request, reply) => {
      const person = await signedInChange(hub, request);
      const outcome = await continueTo(hub, person, request.ip, request.body.platform);
      reply.header('cache-control', 'no-store');
      if (outcome.next === 'sign_in')
        return finishSignIn(signIn, hub, request, reply, { ...outcome.signIn, authMethod: 'session' });
      return outcome;
    },
  );
};
