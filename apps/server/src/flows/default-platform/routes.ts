import {
  defaultPlatformConfirmRequestSchema,
  defaultPlatformConfirmResponseSchema,
  defaultPlatformStartRequestSchema,
  defaultPlatformStartResponseSchema,
  defaultPlatformStateResponseSchema,
  defaultPlatformStatusQuerySchema,
  defaultPlatformStatusResponseSchema,
  switchingEndpoints,
} from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
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

export const registerDefaultPlatformRoutes = (app: FastifyInstance, hub: Hub, signIn: SignInPipeline) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    switchingEndpoints.defaultPlatformState,
    { schema: { response: { 200: defaultPlatformStateResponseSchema } } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return defaultPlatformState(hub, await signedInAccount(hub, request));
    },
  );
  r.post(
    switchingEndpoints.defaultPlatformStart,
    {
      schema: {
        body: defaultPlatformStartRequestSchema,
        response: { 200: defaultPlatformStartResponseSchema },
      },
    },
    async (request, reply) => {
      const { caller, account } = await signedInCallerOf(hub, request, reply, true);
      return chooseDefaultPlatform(hub, caller, account, request.body);
    },
  );
  r.get(
    switchingEndpoints.defaultPlatformStatus,
    {
      schema: {
        querystring: defaultPlatformStatusQuerySchema,
        response: { 200: defaultPlatformStatusResponseSchema },
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const reader = readerOf(hub, request);
      return defaultPlatformStatus(hub, reader, await signedInAccount(hub, request), request.query.flowId);
    },
  );
  r.post(
    switchingEndpoints.defaultPlatformConfirm,
    {
      schema: {
        body: defaultPlatformConfirmRequestSchema,
        response: { 200: defaultPlatformConfirmResponseSchema },
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
      return finishSignIn(signIn, hub, request, reply, { ...outcome, authMethod: 'session' });
    },
  );
};
