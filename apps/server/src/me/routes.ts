import { meEndpoints, meSummarySchema } from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { signedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import type { SignInPipeline } from '../sso/complete-sign-in.js';
import { registerMeAccessRoutes } from './access-routes.js';
import type { ContinueAsDeps } from './continue.js';
import { registerContinueRoutes } from './continue-routes.js';
import { registerDataRoutes } from './data-routes.js';
import { registerLogoutRoutes } from './logout-routes.js';
import { registerProfileRoutes } from './profile-routes.js';
import { registerSecurityRoutes } from './security-routes.js';
import { registerMeSessionRoutes } from './sessions-routes.js';
import { meSummary } from './summary.js';

/**
 * The account center's API (docs/account-center.md). Every answer is about the signed-in person
 * only and is never cached. Each part registers its own routes from its own module.
 */
export const registerMeRoutes = (
  app: FastifyInstance,
  hub: Hub,
  signIn: SignInPipeline,
  continueAs: ContinueAsDeps,
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const summarySchema = { response: { 200: meSummarySchema }, errors: ['session.required'] } as const;
  r.get(meEndpoints.summary, { schema: summarySchema }, async (request, reply) => {
    reply.header('cache-control', 'no-store');
    return meSummary(hub, await signedInPerson(hub, request));
  });
  registerDataRoutes(app, hub);
  registerSecurityRoutes(app, hub);
  registerMeSessionRoutes(app, hub);
  registerMeAccessRoutes(app, hub);
  registerProfileRoutes(app, hub);
  registerLogoutRoutes(app, hub);
  registerContinueRoutes(app, hub, signIn, continueAs);
};
