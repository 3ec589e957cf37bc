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
import { consoleActor } from './actions.js';
import { requireOperator } from './guard.js';
import { changeTool, createTool, listTools, toolPage, updateTool } from './tool-registry.js';

/** What the guard refuses with (admin/guard.ts). */
const guarded = [
  'origin.forbidden',
  'session.required',
  'admin.forbidden',
  'admin.second_factor_required',
] as const satisfies RouteErrors;
/** A registry change: the guard's refusals, an unreadable body, no reason, a value refused. */
const change = [
  ...guarded,
  'request.malformed_json',
  'admin.reason_required',
  'admin.value_invalid',
] as const satisfies RouteErrors;

/**
 * The console's partner tools (docs/console.md "Tools and clients"): the admin role only, for reads
 * too (a tool's callbacks and members are an admin's business). No answer carries a credential but
 * the one that registers the tool or rotates it.
 */
export const registerAdminToolRoutes = (app: FastifyInstance, hub: Hub) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(adminRegistryEndpoints.tools, { schema: { errors: guarded } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await requireOperator(hub, request, 'admin');
    return listTools(hub);
  });
  r.post(
    adminRegistryEndpoints.tools,
    { schema: { body: adminToolCreateSchema, errors: [...change, 'admin.tool_exists'] } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const operator = await requireOperator(hub, request, 'admin');
      const by = consoleActor(operator, request.body.reason, request.ip);
      return createTool(hub, request.body, by);
    },
  );
  r.get(
    adminRegistryEndpoints.tool,
    { schema: { params: adminToolParamsSchema, errors: [...guarded, 'admin.tool_not_found'] } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await requireOperator(hub, request, 'admin');
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
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const operator = await requireOperator(hub, request, 'admin');
      const by = consoleActor(operator, request.body.reason, request.ip);
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
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const operator = await requireOperator(hub, request, 'admin');
      const by = consoleActor(operator, request.body.reason, request.ip);
      return changeTool(hub, request.params.tid, request.params.change, request.body, by);
    },
  );
};
