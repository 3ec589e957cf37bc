import { meLogoutEndpoints, meLogoutRequestSchema, meLogoutResponseSchema } from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clearSessionCookie, originOf } from '../http/request-context.js';
import { sessionTokenOf } from '../http/session.js';
import { signedInChange } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import { logOut } from './logout.js';

/** POST /api/me/logout: ends the hub session and clears its cookie (docs/account-center.md "Log out"). */
export const registerLogoutRoutes = (app: FastifyInstance, hub: Hub) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    meLogoutEndpoints.logout,
    {
      schema: {
        body: meLogoutRequestSchema,
        response: { 200: meLogoutResponseSchema },
        errors: ['request.malformed_json', 'origin.forbidden', 'session.required'],
      },
    },
    async (request, reply) => {
      const person = await signedInChange(hub, request);
      const answer = await logOut(hub, person, sessionTokenOf(hub, request), originOf(request), request.body);
      clearSessionCookie(reply, hub.config);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return answer;
    },
  );
};
