import { deletionRequestSchema, deletionStateSchema, meDataEndpoints } from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestLanguage } from '../http/language.js';
import { originOf } from '../http/request-context.js';
import { passwordCheck, type RouteErrors, signedInRead, signedInWrite } from '../http/route-errors.js';
import { signedInChange, signedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import { cancelDeletion } from '../services/account-erasure.js';
import { deletionState, exportAccountData, requestDeletion } from './data.js';

/** Asking for the deletion (the password, a fresh sign-in) and taking it back. */
const deletionErrors = [
  ...signedInWrite,
  ...passwordCheck,
  'account.fresh_sign_in_required',
  'account.deletion_pending',
] as const satisfies RouteErrors;

/** "Your data": the download and the deletion (docs/account-center.md "Your data"). */
export const registerDataRoutes = (app: FastifyInstance, hub: Hub) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(meDataEndpoints.download, { schema: { errors: signedInRead } }, async (request, reply) => {
    const person = await signedInPerson(hub, request);
    const data = await exportAccountData(hub, person, originOf(request));
    const day = new Date(hub.now()).toISOString().slice(0, 10);
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', `attachment; filename="account-hub-data-${day}.json"`)
      .type('application/json; charset=utf-8')
      .send(JSON.stringify(data, null, 2));
  });
  r.get(
    meDataEndpoints.deletion,
    { schema: { response: { 200: deletionStateSchema }, errors: signedInRead } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return deletionState((await signedInPerson(hub, request)).account);
    },
  );
  r.post(
    meDataEndpoints.deletion,
    {
      schema: { body: deletionRequestSchema, response: { 200: deletionStateSchema }, errors: deletionErrors },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const person = await signedInChange(hub, request);
      return requestDeletion(hub, person, request.body, originOf(request), requestLanguage(request));
    },
  );
  r.delete(
    meDataEndpoints.deletion,
    { schema: { response: { 200: deletionStateSchema }, errors: deletionErrors } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      const person = await signedInChange(hub, request);
      await cancelDeletion(hub, person.account.id, originOf(request));
      return { ...deletionState(person.account), dueAt: null, requestedAt: null };
    },
  );
};
