import {
  meProfileEndpoints,
  meProfileRequestSchema,
  meProfileResponseSchema,
  meProfileSchema,
} from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { originOf } from '../http/request-context.js';
import { signedInWrite } from '../http/route-errors.js';
import { signedInChange, signedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import { changeProfileName, readProfile } from './profile.js';

/** GET and POST /api/me/profile: the signed-in person's name and identifiers (docs/account-center.md "Profile"). */
export const registerProfileRoutes = (app: FastifyInstance, hub: Hub) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    meProfileEndpoints.profile,
    { schema: { response: { 200: meProfileSchema }, errors: ['session.required'] } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return readProfile(hub, await signedInPerson(hub, request));
    },
  );
  r.post(
    meProfileEndpoints.profile,
    {
      schema: {
        body: meProfileRequestSchema,
        response: { 200: meProfileResponseSchema },
        errors: [...signedInWrite, 'name.required', 'name.invalid', 'name.too_long'],
      },
    },
    async (request, reply) => {
      const person = await signedInChange(hub, request);
      reply.header('cache-control', 'no-store');
      return { name: await changeProfileName(hub, person, originOf(request), request.body) };
    },
  );
};
