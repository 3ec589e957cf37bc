import {
  meEndOthersResponseSchema,
  meEndSessionResponseSchema,
  meSessionListSchema,
  meSessionParamsSchema,
  meSessionsEndpoints,
  meSignInPageSchema,
  meSignInsQuerySchema,
} from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { clearSessionCookie, originOf } from '../http/request-context.js';
import { signedInRead, signedInWrite } from '../http/route-errors.js';
import { signedInChange, signedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import { listSignIns } from './history.js';
import { endOtherSessions, endSession, listSessions } from './sessions.js';

/** The Devices page (docs/account-center.md "Devices"): sessions, ending them, the sign-in history. */
export const registerMeSessionRoutes = (app: FastifyInstance, hub: Hub) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    meSessionsEndpoints.sessions,
    { schema: { response: { 200: meSessionListSchema }, errors: signedInRead } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSessions(hub, await signedInPerson(hub, request));
    },
  );
  r.delete(
    meSessionsEndpoints.endSession,
    {
      schema: {
        params: meSessionParamsSchema,
        response: { 200: meEndSessionResponseSchema },
        errors: [...signedInWrite, 'session.not_found'],
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const person = await signedInChange(hub, request);
      const answer = await endSession(hub, person, request.params.id, originOf(request));
      // Ending this browser's own session is logging out: its cookie goes too.
      if (answer.signedOut) clearSessionCookie(reply, hub.config);
      return answer;
    },
  );
  r.post(
    meSessionsEndpoints.endOthers,
    { schema: { response: { 200: meEndOthersResponseSchema }, errors: signedInWrite } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return endOtherSessions(hub, await signedInChange(hub, request), originOf(request));
    },
  );
  r.get(
    meSessionsEndpoints.signIns,
    {
      schema: {
        querystring: meSignInsQuerySchema,
        response: { 200: meSignInPageSchema },
        errors: signedInRead,
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return listSignIns(hub, await signedInPerson(hub, request), request.query);
    },
  );
};
