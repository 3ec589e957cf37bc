import {
  adminRegistryEndpoints,
  adminToolChangeParamsSchema,
  adminToolChangeSchema,
  adminToolCreateSchema,
  adminToolParamsSchema,
  adminToolUpdateSchema,
} from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { RouteErrors } from '../http/route-errors.js';
import type { Hub } from '../hub.js';
import { type ConsoleGuard, consoleChange, consoleRead } from './console-routes.js';
import { changeTool, createTool, listTools, toolPage, updateTool } from './tool-registry.js';

/** A registry change: the console's refusals, and a value refused. */
const change = [...consoleChange, 'admin.value_invalid'] as const satisfies RouteErrors;

/**
 * The console's partner tools (docs/console.md "Tools and clients"): the admin role only, for reads
 * too (a tool's callbacks and members are an admin's business). No answer carries a credential but
 * the one that registers the tool or rotates it.
 */
export const registerAdminToolRoutes = (app: FastifyInstance, hub: Hub, { as, actor }: ConsoleGuard) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    adminRegistryEndpoints.tools,
    { schema: { errors: consoleRead }, preHandler: as('admin') },
    async () => listTools(hub),
  );
  r.post(
    adminRegistryEndpoints.tools,
    {
      schema: { body: adminToolCreateSchema, errors: [...change, 'admin.tool_exists'] },
      preHandler: as('admin'),
    },
    async (request) => {
      const by = actor(request, request.body.reason);
      return createTool(hub, request.body, by);
    },
  );
  r.get(
    adminRegistryEndpoints.tool,
    {
      schema: { params: adminToolParamsSchema, errors: [...consoleRead, 'admin.tool_not_found'] },
      preHandler: as('admin'),
    },
    async (request) => {
      return toolPage(hub, request.params.tid);
    },
  );
  r.post(
    adminRegistryEndpoints.tool,
    {
      schema: {
        params: adminToolParamsSchema,
        body: adminToolUpdateSchema,
        errors: [...change, 'admin.tool_not_found'],
      },
      preHandler: as('admin'),
    },
    async (request) => {
      const by = actor(request, request.body.reason);
      return updateTool(hub, request.params.tid, request.body, by);
    },
  );
  r.post(
    adminRegistryEndpoints.toolChange,
    {
      schema: {
        params: adminToolChangeParamsSchema,
        body: adminToolChangeSchema,
        errors: [
          ...change,
          'admin.tool_not_found',
          'admin.tool_protected',
          'admin.callback_not_found',
          'admin.tsa_key_taken',
          'admin.tsa_key_not_found',
          'admin.member_not_found',
          'account.not_found',
        ],
      },
      preHandler: as('admin'),
    },
    async (request) => {
      const by = actor(request, request.body.reason);
      return changeTool(hub, request.params.tid, request.params.change, request.body, by);
    },
  );
};
