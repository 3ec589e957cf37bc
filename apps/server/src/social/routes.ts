import {
  socialEndpoints,
  socialLinkRequestSchema,
  socialLinkResponseSchema,
  socialLinkStateQuerySchema,
  socialLinkStateResponseSchema,
  socialProviders,
  socialProvidersResponseSchema,
  socialStartQuerySchema,
} from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf, readerOf } from '../flows/caller.js';
import { flowBinding, flowBindingIfAny, originOf } from '../http/request-context.js';
import { flowStep, type RouteErrors, signInRefusals } from '../http/route-errors.js';
import { currentSession } from '../http/session.js';
import type { Hub } from '../hub.js';
import type { SignInPipeline } from '../sso/complete-sign-in.js';
import { applySignIn, finishSignIn, signInRequestOf } from '../sso/sign-in-route.js';
import { createSocialProviders, type SocialProviders } from './providers.js';
import {
  finishSocialCallback,
  linkAfterPassword,
  socialDeps,
  socialLinkState,
  startSocialSignIn,
} from './service.js';
import { registerThirdPartyLookup } from './tparty.js';

const providerParams = z.object({ provider: z.enum(socialProviders) });

/** The link after a password: the flow of this browser, the signed-in account, where the sign-in ends. */
const linkErrors = [...flowStep, 'session.required', ...signInRefusals] as const satisfies RouteErrors;

/**
 * Sign-in with Google and Facebook and the third-party look-up of spec §7. Each route parses by its
 * contract (core's contracts/social.ts), calls one function of service.ts and maps its answer.
 */
export const registerSocialRoutes = (
  app: FastifyInstance,
  hub: Hub,
  signIn: SignInPipeline,
  providers: SocialProviders = createSocialProviders(hub.config),
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const deps = socialDeps(hub, providers);

  r.get(
    socialEndpoints.providers,
    { schema: { response: { 200: socialProvidersResponseSchema }, errors: [] } },
    async () => ({ providers: providers.enabled() }),
  );

  r.get(
    '/auth/social/:provider/start',
    {
      schema: {
        params: providerParams,
        querystring: socialStartQuerySchema,
        errors: ['flow.not_found', 'rate_limited'],
        redirect: true,
      },
    },
    async (request, reply) => {
      const { platform, intent, from, subcb, oidc } = request.query;
      const signedIn = intent === 'link' ? await currentSession(hub, request) : undefined;
      const location = await startSocialSignIn(
        deps,
        {
          ...originOf(request),
          bind: () => flowBinding(request, reply, hub.config),
          signedInAccountId: signedIn?.account_id,
        },
        {
          provider: request.params.provider,
          platform,
          intent,
          ...(from ? { from } : {}),
          ...(subcb ? { subcb } : {}),
          ...(oidc ? { oidc } : {}),
        },
      );
      return reply.header('referrer-policy', 'no-referrer').redirect(location);
    },
  );

  const callbackSchema = {
    params: providerParams,
    errors: ['flow.not_found', 'rate_limited'],
    redirect: true,
  } as const;
  r.get('/auth/social/:provider/callback', { schema: callbackSchema }, async (request, reply) => {
    const { provider } = request.params;
    const result = await finishSocialCallback(
      deps,
      {
        ...originOf(request),
        binding: flowBindingIfAny(request, hub.config),
        signedInAccountId: async () => (await currentSession(hub, request))?.account_id,
      },
      provider,
      new URL(request.url, hub.config.publicUrl),
    );
    reply.header('referrer-policy', 'no-referrer');
    if (result.next === 'redirect') return reply.redirect(result.location);
    const done = await signIn.complete(signInRequestOf(hub, request), {
      accountId: result.accountId,
      platform: result.platform,
      authMethod: provider,
      context: result.context,
    });
    applySignIn(reply, done);
    // An account with a second factor goes on to it on the login screen.
    return reply.redirect(done.nextStep ? done.nextStep.location : done.location);
  });

  r.get(
    socialEndpoints.linkState,
    {
      schema: {
        querystring: socialLinkStateQuerySchema,
        response: { 200: socialLinkStateResponseSchema },
        errors: linkErrors,
      },
    },
    async (request) => socialLinkState(deps, readerOf(hub, request).binding, request.query.flowId),
  );

  r.post(
    socialEndpoints.link,
    {
      schema: {
        body: socialLinkRequestSchema,
        response: { 200: socialLinkResponseSchema },
        errors: linkErrors,
      },
    },
    async (request, reply) => {
      const caller = callerOf(hub, request, reply);
      const linked = await linkAfterPassword(deps, caller, request.body.flowId, request.body.password);
      if (linked.switching) return linked.switching;
      return finishSignIn(signIn, hub, request, reply, {
        accountId: linked.accountId,
        platform: linked.platform,
        authMethod: linked.provider,
        context: linked.context,
      });
    },
  );

  registerThirdPartyLookup(app, hub);
};
