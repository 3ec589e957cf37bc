import {
  accountReadQuerySchema,
  accountReadResponseSchema,
  platformApiEndpoints,
  platformWorkAccountRequestSchema,
  platformWorkAccountResponseSchema,
} from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { originOf } from '../http/request-context.js';
import { toolCredential } from '../http/route-errors.js';
import type { Hub } from '../hub.js';
import { serverCallerOf } from '../sso/server-caller.js';
import { readAccount } from './account-read.js';
import { inviteForPlatform } from './work-accounts.js';

/**
 * The calls platforms and tools make server to server, authenticated by their credential (never
 * from a browser: no cookies, no Origin). Answers are never cached.
 */
export const registerPlatformApiRoutes = (app: FastifyInstance, hub: Hub) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // Spec §7 account/read.
  r.get(
    platformApiEndpoints.accountRead,
    {
      schema: {
        querystring: accountReadQuerySchema,
        response: { 200: accountReadResponseSchema },
        errors: [...toolCredential, 'account.not_found'],
      },
    },
    async (request, reply) => {
      const caller = await serverCallerOf(hub, request);
      reply.header('cache-control', 'no-store');
      return readAccount(hub, caller, request.query.aid);
    },
  );

  // The Business platform adds a work account for one of its business owners.
  r.post(
    platformApiEndpoints.platformWorkAccounts,
    {
      schema: {
        body: platformWorkAccountRequestSchema,
        response: { 200: platformWorkAccountResponseSchema },
        errors: [
          'request.malformed_json',
          ...toolCredential,
          'rate_limited',
          'account.required',
          'account.format_invalid',
          'account.not_found',
          'account.already_exists',
          'work_account.owner_required',
        ],
      },
    },
    async (request, reply) => {
      const caller = await serverCallerOf(hub, request);
      reply.header('cache-control', 'no-store');
      return inviteForPlatform(hub, caller, request.body, originOf(request));
    },
  );
};
