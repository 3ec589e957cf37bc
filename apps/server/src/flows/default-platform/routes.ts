import {
  defaultPlatformConfirmRequestSchema,
  defaultPlatformConfirmResponseSchema,
  defaultPlatformEndpoints,
  defaultPlatformStartRequestSchema,
  defaultPlatformStartResponseSchema,
  defaultPlatformStateResponseSchema,
  defaultPlatformStatusQuerySchema,
  defaultPlatformStatusResponseSchema,
} from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { flowStep, type RouteErrors, signInChallenge } from '../../http/route-errors.js';
import type { Hub } from '../../hub.js';
import type { SignInPipeline } from '../../sso/complete-sign-in.js';
import { finishSignIn } from '../../sso/sign-in-route.js';
import { readerOf, signedInAccount, signedInCallerOf } from '../caller.js';
import {
  chooseDefaultPlatform,
  confirmDefaultPlatform,
  defaultPlatformState,
  defaultPlatformStatus,
} from './service.js';

/** Every step: the signed-in account, a member of the platform it chooses. */
const defaultPlatformErrors = [
  ...flowStep,
  ...signInChallenge,
  'session.required',
  'account.not_registered_to_platform',
  'account.locked',
] as const satisfies RouteErrors;

export const registerDefaultPlatformRoutes = (app: FastifyInstance, hub: Hub, signIn: SignInPipeline) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    defaultPlatformEndpoints.defaultPlatformState,
    { schema: { response: { 200: defaultPlatformStateResponseSchema }, errors: defaultPlatformErrors } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return defaultPlatformState(hub, await signedInAccount(hub, request));
    },
  );
  r.post(
    defaultPlatformEndpoints.defaultPlatformStart,
    {
      schema: {
        body: defaultPlatformStartRequestSchema,
        response: { 200: defaultPlatformStartResponseSchema },
        errors: defaultPlatformErrors,
      },
    },
    async (request, reply) => {
      const { caller, account } = await signedInCallerOf(hub, request, reply, true);
      return chooseDefaultPlatform(hub, caller, account, request.body);
    },
  );
  r.get(
    defaultPlatformEndpoints.defaultPlatformStatus,
    {
      schema: {
        querystring: defaultPlatformStatusQuerySchema,
        response: { 200: defaultPlatformStatusResponseSchema },
        errors: defaultPlatformErrors,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const reader = readerOf(hub, request);
      return defaultPlatformStatus(hub, reader, await signedInAccount(hub, request), request.query.flowId);
    },
  );
  r.post(
    defaultPlatformEndpoints.defaultPlatformConfirm,
    {
      schema: {
        body: defaultPlatformConfirmRequestSchema,
        response: { 200: defaultPlatformConfirmResponseSchema },
        errors: defaultPlatformErrors,
      },
    },
    async (request, reply) => {
      const { caller, account } = await signedInCallerOf(hub, request, reply);
      const outcome = await confirmDefaultPlatform(
        hub,
        caller,
        account,
        request.body.flowId,
        request.body.password,
      );
      return finishSignIn(signIn, hub, request, reply, { authMethod: 'session', ...outcome });
    },
  );
};
