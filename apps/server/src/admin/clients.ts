import {
  adminClientCreateSchema,
  adminClientParamsSchema,
  adminClientRotateSchema,
  adminClientUpdateSchema,
  adminRegistryEndpoints,
} from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteErrors } from '../http/route-errors.js';
import type { Hub } from '../hub.js';
import { consoleActor } from './actions.js';
import { createClient, listClients, rotateSecret, updateClient } from './client-registry.js';
import { requireOperator } from './guard.js';

const guarded = [
  'origin.forbidden',
  'session.required',
  'admin.forbidden',
  'admin.second_factor_required',
] as const satisfies RouteErrors;
const change = [
  ...guarded,
  'request.malformed_json',
  'admin.reason_required',
  'admin.value_invalid',
] as const satisfies RouteErrors;

/**
 * The console's OpenID Connect clients (docs/console.md "Tools and clients"): the admin role only.
 * A client is answered without its secret; the secret only when registered or rotated, once.
 */
export const registerAdminClientRoutes = (app: FastifyInstance, hub: Hub) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(adminRegistryEndpoints.clients, { schema: { errors: guarded } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await requireOperator(hub, request, 'admin');
    return listClients(hub);
  });
  r.post(
    adminRegistryEndpoints.clients,
    { schema: { body: adminClientCreateSchema, errors: change } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const operator = await requireOperator(hub, request, 'admin');
      return createClient(hub, request.body, consoleActor(operator, request.body.reason, request.ip));
    },
  );
  r.post(
    adminRegistryEndpoints.client,
    {
      schema: {
        params: adminClientParamsSchema,
        body: adminClientUpdateSchema,
        errors: [...change, 'admin.client_not_found'],
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const operator = await requireOperator(hub, request, 'admin');
      const by = consoleActor(operator, request.body.reason, request.ip);
      return updateClient(hub, request.params.clientId, request.body, by);
    },
  );
  r.post(
    adminRegistryEndpoints.clientSecret,
    {
      schema: {
        params: adminClientParamsSchema,
        body: adminClientRotateSchema,
        errors: [...change, 'admin.client_not_found', 'admin.client_without_secret'],
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const operator = await requireOperator(hub, request, 'admin');
      const by = consoleActor(operator, request.body.reason, request.ip);
      return rotateSecret(hub, request.params.clientId, request.body.grace, by);
    },
  );
};
