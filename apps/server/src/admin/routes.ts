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
import { runAccountAction } from './actions.js';
import { auditLogCsv, auditLogPage } from './audit-log.js';
import { registerAdminClientRoutes } from './clients.js';
import { consoleChange, consoleGuard, consoleRead } from './console-routes.js';
import { grantRole, listOperators, revokeRole } from './operators.js';
import { consoleOverview } from './overview.js';
import { registerAdminToolRoutes } from './tools.js';

/** A change to an account: the console's refusals for a change, and no such account. */
const accountChange = [...consoleChange, 'account.not_found'] as const satisfies RouteErrors;

const actionErrors = [
  ...accountChange,
  'account.deletion_pending',
  'provider.not_linked',
  'account.last_sign_in_method',
  'account.locked',
  'admin.no_email',
  'rate_limited',
] as const satisfies RouteErrors;

const grantBodySchema = adminGrantBodySchema.merge(adminReasonBodySchema);

/**
 * The operator console's API (docs/console.md), every route behind requireOperator with the role it
 * needs: viewer to read, support to act on accounts, admin to manage operators. Nothing it answers
 * is cacheable. Each route names its role once (`as(role)`, run before the handler); the handler
 * reads the operator the guard let in with `operatorOf(request)`.
 */
export const registerAdminRoutes = (app: FastifyInstance, hub: Hub) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const guard = consoleGuard(hub);
  const { as, operatorOf, actor } = guard;

  r.get(adminEndpoints.me, { schema: { errors: consoleRead }, preHandler: as('viewer') }, async (request) => {
    const operator = operatorOf(request);
    return { account: operator.account.id, email: operator.account.email, role: operator.role };
  });
  r.get(adminEndpoints.overview, { schema: { errors: consoleRead }, preHandler: as('viewer') }, async () =>
    consoleOverview(hub),
  );
  r.get(
    adminEndpoints.accounts,
    { schema: { querystring: adminSearchQuerySchema, errors: consoleRead }, preHandler: as('viewer') },
    async (request) => searchAccounts(hub, request.query),
  );
  r.get(
    adminEndpoints.account,
    {
      schema: {
        params: adminAccountParamsSchema,
        errors: [...consoleRead, 'account.not_found', 'rate_limited'],
      },
      preHandler: as('viewer'),
    },
    async (request) => accountPage(hub, request.params.id),
  );
  r.post(
    adminEndpoints.action,
    {
      schema: { params: adminActionParamsSchema, body: adminReasonBodySchema, errors: actionErrors },
      preHandler: as('support'),
    },
    async (request) =>
      runAccountAction(hub, request.params.id, request.params.action, actor(request, request.body.reason)),
  );
  r.get(
    adminEndpoints.audit,
    { schema: { querystring: adminAuditQuerySchema, errors: consoleRead }, preHandler: as('viewer') },
    async (request, reply) => {
      const { format, ...filter } = request.query;
      if (format === 'json') return auditLogPage(hub, filter);
      return reply
        .type('text/csv; charset=utf-8')
        .header('content-disposition', 'attachment; filename="audit-log.csv"')
        .send(await auditLogCsv(hub, filter));
    },
  );
  r.get(
    adminEndpoints.operators,
    { schema: { errors: consoleRead }, preHandler: as('viewer') },
    async () => ({ operators: await listOperators(hub) }),
  );
  r.post(
    adminEndpoints.operators,
    { schema: { body: grantBodySchema, errors: [...accountChange] }, preHandler: as('admin') },
    async (request) =>
      grantRole(hub, request.body.account, request.body.role, actor(request, request.body.reason)),
  );
  r.delete(
    adminEndpoints.operator,
    {
      schema: {
        params: adminAccountParamsSchema,
        querystring: z.object({ reason: adminReasonBodySchema.shape.reason }),
        errors: [...accountChange, 'admin.operator_not_found'],
      },
      preHandler: as('admin'),
    },
    async (request) => revokeRole(hub, request.params.id, actor(request, request.query.reason)),
  );
  registerAdminToolRoutes(app, hub, guard);
  registerAdminClientRoutes(app, hub, guard);
};
