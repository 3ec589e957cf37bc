import {
  adminAccountParamsSchema,
  adminActionParamsSchema,
  adminAuditQuerySchema,
  adminEndpoints,
  adminGrantBodySchema,
  adminReasonBodySchema,
  adminSearchQuerySchema,
} from '@hub/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HubError } from '../errors.js';
import type { RouteErrors } from '../http/route-errors.js';
import type { Hub } from '../hub.js';
import type { OperatorRole } from '../storage/operators.js';
import { accountPage, searchAccounts } from './accounts.js';
import { consoleActor, runAccountAction } from './actions.js';
import { auditLogCsv, auditLogPage } from './audit-log.js';
import { registerAdminClientRoutes } from './clients.js';
import { type Operator, requireOperator } from './guard.js';
import { grantRole, listOperators, revokeRole } from './operators.js';
import { consoleOverview } from './overview.js';
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
  const admitted = new WeakMap<FastifyRequest, Operator>();
  /** The console's one handler shape, as a hook: no caching, then the guard with the route's role. */
  const as = (need: OperatorRole) => async (request: FastifyRequest, reply: FastifyReply) => {
    reply.header('cache-control', 'no-store');
    admitted.set(request, await requireOperator(hub, request, need));
  };
  const operatorOf = (request: FastifyRequest): Operator => {
    const operator = admitted.get(request);
    if (!operator) throw new HubError('admin.forbidden');
    return operator;
  };
  /** Who acts and why, for an audited change: the operator let in, the reason given, the address. */
  const actor = (request: FastifyRequest, reason: string | undefined) =>
    consoleActor(operatorOf(request), reason, request.ip);

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
    { schema: { body: grantBodySchema, errors: [...consoleChange] }, preHandler: as('admin') },
    async (request) =>
      grantRole(hub, request.body.account, request.body.role, actor(request, request.body.reason)),
  );
  r.delete(
    adminEndpoints.operator,
    {
      schema: {
        params: adminAccountParamsSchema,
        querystring: z.object({ reason: adminReasonBodySchema.shape.reason }),
        errors: [...consoleChange, 'admin.operator_not_found'],
      },
      preHandler: as('admin'),
    },
    async (request) => revokeRole(hub, request.params.id, actor(request, request.query.reason)),
  );
  registerAdminToolRoutes(app, hub);
  registerAdminClientRoutes(app, hub);
};
