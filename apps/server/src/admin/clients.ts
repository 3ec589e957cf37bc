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
import { createClient, listClients, rotateSecret, updateClient } from './client-registry.js';
import { type ConsoleGuard, consoleChange, consoleRead } from './console-routes.js';

/** A registry change: the console's refusals, and a value refused. */
const change = [...consoleChange, 'admin.value_invalid'] as const satisfies RouteErrors;

/**
 * The console's OpenID Connect clients (docs/console.md "Tools and clients"): the admin role only.
 * A client is answered without its secret; the secret only when registered or rotated, once.
 */
export const registerAdminClientRoutes = (app: FastifyInstance, hub: Hub, { as, actor }: ConsoleGuard) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    adminRegistryEndpoints.clients,
    { schema: { errors: consoleRead }, preHandler: as('admin') },
    async () => listClients(hub),
  );
  r.post(
    adminRegistryEndpoints.clients,
    { schema: { body: adminClientCreateSchema, errors: change }, preHandler: as('admin') },
    async (request) => {
      return createClient(hub, request.body, actor(request, request.body.reason));
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
      preHandler: as('admin'),
    },
    async (request) => {
      const by = actor(request, request.body.reason);
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
      preHandler: as('admin'),
    },
    async (request) => {
      const by = actor(request, request.body.reason);
      return rotateSecret(hub, request.params.clientId, request.body.grace, by);
    },
  );
};
