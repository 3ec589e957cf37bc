import {
  adminAccountParamsSchema,
  adminActionParamsSchema,
  adminAuditQuerySchema,
  adminEndpoints,
  adminGrantBodySchema,
  adminReasonBodySchema,
  adminSearchQuerySchema,
} from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { RouteErrors } from '../http/route-errors.js';
import type { Hub } from '../hub.js';
import { accountPage, searchAccounts } from './accounts.js';
import { consoleActor, runAccountAction } from './actions.js';
import { auditLogCsv, auditLogPage } from './audit-log.js';
import { registerAdminClientRoutes } from './clients.js';
import { requireOperator } from './guard.js';
import { grantRole, listOperators, revokeRole } from './operators.js';
import { registerAdminToolRoutes } from './tools.js';

/** What the guard refuses with (admin/guard.ts), on every console route. */
const consoleRead = [
  'origin.forbidden',
  'session.required',
  'admin.forbidden',
  'admin.second_factor_required',
] as const satisfies RouteErrors;
/** A console change: the guard's refusals, an unreadable body, no reason, no such account. */
const consoleChange = [
  ...consoleRead,
  'request.malformed_json',
  'admin.reason_required',
  'account.not_found',
] as const satisfies RouteErrors;

const actionErrors = [
  ...consoleChange,
  'account.deletion_pending',
  'provider.not_linked',
  'account.last_sign_in_method',
  'rate_limited',
] as const satisfies RouteErrors;

const grantBodySchema = adminGrantBodySchema.merge(adminReasonBodySchema);

/**
 * The operator console's API (docs/console.md), every route behind requireOperator with the role it
 * needs: viewer to read, support to act on accounts, admin to manage operators. Nothing it answers
 * is cacheable.
 */
export const registerAdminRoutes = (app: FastifyInstance, hub: Hub) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(adminEndpoints.me, { schema: { errors: consoleRead } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    const operator = await requireOperator(hub, request, 'viewer');
    return { account: operator.account.id, email: operator.account.email, role: operator.role };
  });
  r.get(
    adminEndpoints.accounts,
    { schema: { querystring: adminSearchQuerySchema, errors: consoleRead } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await requireOperator(hub, request, 'viewer');
      return searchAccounts(hub, request.query);
    },
  );
  r.get(
    adminEndpoints.account,
    {
      schema: {
        params: adminAccountParamsSchema,
        errors: [...consoleRead, 'account.not_found', 'rate_limited'],
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await requireOperator(hub, request, 'viewer');
      return accountPage(hub, request.params.id);
    },
  );
  r.post(
    adminEndpoints.action,
    { schema: { params: adminActionParamsSchema, body: adminReasonBodySchema, errors: actionErrors } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const operator = await requireOperator(hub, request, 'support');
      const by = consoleActor(operator, request.body.reason, request.ip);
      return runAccountAction(hub, request.params.id, request.params.action, by);
    },
  );
  r.get(
    adminEndpoints.audit,
    { schema: { querystring: adminAuditQuerySchema, errors: consoleRead } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      await requireOperator(hub, request, 'viewer');
      const { format, ...filter } = request.query;
      if (format === 'json') return auditLogPage(hub, filter);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(await auditLogCsv(hub, filter));
    },
  );
  r.get(adminEndpoints.operators, { schema: { errors: consoleRead } }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    await requireOperator(hub, request, 'viewer');
    return { operators: await listOperators(hub) };
  });
  r.post(
    adminEndpoints.operators,
    { schema: { body: grantBodySchema, errors: [...consoleChange] } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const operator = await requireOperator(hub, request, 'admin');
      const by = consoleActor(operator, request.body.reason, request.ip);
      return grantRole(hub, request.body.account, request.body.role, by);
    },
  );
  r.delete(
    adminEndpoints.operator,
    {
      schema: {
        params: adminAccountParamsSchema,
        querystring: z.object({ reason: adminReasonBodySchema.shape.reason }),
        errors: [...consoleChange, 'admin.operator_not_found'],
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const operator = await requireOperator(hub, request, 'admin');
      const by = consoleActor(operator, request.query.reason, request.ip);
      return revokeRole(hub, request.params.id, by);
    },
  );
  registerAdminToolRoutes(app, hub);
  registerAdminClientRoutes(app, hub);
};
