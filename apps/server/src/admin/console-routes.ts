import type { FastifyReply, FastifyRequest } from 'fastify';
import { HubError } from '../errors.js';
import { originOf } from '../http/request-context.js';
import type { RouteErrors } from '../http/route-errors.js';
import type { Hub } from '../hub.js';
import type { OperatorRole } from '../storage/operators.js';
import { consoleActor } from './actions.js';
import { type Operator, requireOperator } from './guard.js';

/** What the guard refuses with (admin/guard.ts), on every console route. */
export const consoleRead = [
  'origin.forbidden',
  'session.required',
  'admin.forbidden',
  'admin.second_factor_required',
] as const satisfies RouteErrors;

/** A console change: the guard's refusals, an unreadable body, no reason. */
export const consoleChange = [
  ...consoleRead,
  'request.malformed_json',
  'admin.reason_required',
] as const satisfies RouteErrors;

/**
 * The console routes' one shape (docs/console.md), shared by the accounts', tools' and clients'
 * routes: each names its role once (`as(role)`, a preHandler: no caching, then the guard), and its
 * handler reads the operator the guard let in (`operatorOf`) or who acts and why (`actor`).
 */
export const consoleGuard = (hub: Hub) => {
  const admitted = new WeakMap<FastifyRequest, Operator>();
  const operatorOf = (request: FastifyRequest): Operator => {
    const operator = admitted.get(request);
    if (!operator) throw new HubError('admin.forbidden');
    return operator;
  };
  return {
    as: (need: OperatorRole) => async (request: FastifyRequest, reply: FastifyReply) => {
      reply.header('cache-control', 'no-store');
      admitted.set(request, await requireOperator(hub, request, need));
    },
    operatorOf,
    /** Who acts and why, for an audited change: the operator let in, the reason given, the address. */
    actor: (request: FastifyRequest, reason: string | undefined) =>
      consoleActor(operatorOf(request), reason, originOf(request)),
  };
};
export type ConsoleGuard = ReturnType<typeof consoleGuard>;
