import {
  meAccessEndpoints,
  meAccessSchema,
  meAppParamsSchema,
  meRemoveAccessResponseSchema,
  meToolParamsSchema,
} from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { originOf } from '../http/request-context.js';
import { signedInRead, signedInWrite } from '../http/route-errors.js';
import { signedInChange, signedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import { describeAccess, removeAppAccess, removeToolAccess } from './access.js';

/** The Platforms & tools page (docs/account-center.md "Platforms & tools"). */
export const registerMeAccessRoutes = (app: FastifyInstance, hub: Hub) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    meAccessEndpoints.access,
    { schema: { response: { 200: meAccessSchema }, errors: signedInRead } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return describeAccess(hub, await signedInPerson(hub, request));
    },
  );
  r.delete(
    meAccessEndpoints.removeTool,
    {
      schema: {
        params: meToolParamsSchema,
        response: { 200: meRemoveAccessResponseSchema },
        errors: [...signedInWrite, 'tool.access_not_found', 'tool.access_managed'],
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const person = await signedInChange(hub, request);
      const { removed } = await removeToolAccess(hub, person, request.params.tid, originOf(request));
      return { removed };
    },
  );
  r.delete(
    meAccessEndpoints.removeApp,
    {
      schema: {
        params: meAppParamsSchema,
        response: { 200: meRemoveAccessResponseSchema },
        errors: [...signedInWrite, 'oidc.consent_not_found'],
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return removeAppAccess(
        hub,
        await signedInChange(hub, request),
        request.params.clientId,
        originOf(request),
      );
    },
  );
};
