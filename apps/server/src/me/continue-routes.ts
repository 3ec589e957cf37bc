import {
  continueAsRequestSchema,
  continueAsResponseSchema,
  deviceAccountEndpoints,
  deviceAccountsQuerySchema,
  deviceAccountsResponseSchema,
  meContinueEndpoints,
  meContinueRequestSchema,
  meContinueResponseSchema,
  redirectSchema,
  switchAccountRequestSchema,
} from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  clearDeviceAccountsCookie,
  clearSessionCookie,
  originOf,
  requireSameOrigin,
} from '../http/request-context.js';
import { signedInWrite, signInRefusals } from '../http/route-errors.js';
import { switchDeviceSession } from '../http/session.js';
import { signedInChange } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import type { SignInPipeline } from '../sso/complete-sign-in.js';
import { applySignIn, finishSignIn, signInRequestOf } from '../sso/sign-in-route.js';
import {
  type ContinueAsDeps,
  continueAsOf,
  continueTo,
  deviceAccountsOf,
  linkBySession,
  oidcAllowsContinueAs,
  signOutAllOf,
} from './continue.js';

/**
 * POST /api/me/continue: a landing card's 'Continue' (docs/account-center.md "Header and landing"),
 * and the accounts signed in on this browser: the chooser's 'Continue as', switching, and signing
 * out of them all (docs/sessions.md).
 */
export const registerContinueRoutes = (
  app: FastifyInstance,
  hub: Hub,
  signIn: SignInPipeline,
  deps: ContinueAsDeps,
) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    meContinueEndpoints.continue,
    {
      schema: {
        body: meContinueRequestSchema,
        response: { 200: meContinueResponseSchema },
        errors: signedInWrite,
      },
    },
    async (request, reply) => {
      const person = await signedInChange(hub, request);
      const outcome = await continueTo(hub, person, originOf(request), request.body.platform);
      reply.header('cache-control', 'no-store');
      if (outcome.next === 'sign_in')
        return finishSignIn(signIn, hub, request, reply, { ...outcome.signIn, authMethod: 'session' });
      return outcome;
    },
  );

  r.get(
    deviceAccountEndpoints.list,
    {
      schema: {
        querystring: deviceAccountsQuerySchema,
        response: { 200: deviceAccountsResponseSchema },
        errors: [],
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      // An OpenID Connect login that demands a fresh sign-in shows no Continue as (docs/sessions.md).
      const { oidc } = request.query;
      if (oidc && !(await oidcAllowsContinueAs(deps, oidc))) return { accounts: [] };
      return deviceAccountsOf(hub, request.cookies);
    },
  );

  r.post(
    deviceAccountEndpoints.continueAs,
    {
      schema: {
        body: continueAsRequestSchema,
        response: { 200: continueAsResponseSchema },
        errors: [
          ...signedInWrite,
          'session.fresh_sign_in_required',
          'sso.callback_missing',
          'account.not_found',
          ...signInRefusals,
        ],
      },
    },
    async (request, reply) => {
      requireSameOrigin(request, hub.config);
      const chosen = await continueAsOf(hub, deps, request.cookies, originOf(request), request.body);
      if (chosen.redirect) {
        // An account of the other platform: on to switching option1, as the chosen account.
        for (const cookie of chosen.cookies) reply.setCookie(cookie.name, cookie.value, cookie.options);
        reply.header('cache-control', 'no-store');
        return chosen.redirect;
      }
      let linked = false;
      const link = async () => {
        await linkBySession(hub, chosen.signIn, originOf(request));
        linked = true;
      };
      // The pipeline reads the chosen account's session, which this answer makes the current one.
      const completion = await signIn.complete(
        { ...signInRequestOf(hub, request), session: async () => chosen.session },
        chosen.signIn,
        chosen.link ? { beforeExit: link } : {},
      );
      for (const cookie of chosen.cookies) reply.setCookie(cookie.name, cookie.value, cookie.options);
      const answer = applySignIn(reply, completion);
      return linked && answer.next === 'redirect' ? { ...answer, notice: 'account_linked' as const } : answer;
    },
  );

  r.post(
    deviceAccountEndpoints.switch,
    {
      schema: {
        body: switchAccountRequestSchema,
        response: { 200: deviceAccountsResponseSchema },
        errors: signedInWrite,
      },
    },
    async (request, reply) => {
      requireSameOrigin(request, hub.config);
      const { cookies } = await switchDeviceSession(hub, request.cookies, request.body.account);
      for (const cookie of cookies) reply.setCookie(cookie.name, cookie.value, cookie.options);
      reply.header('cache-control', 'no-store');
      const sent = Object.fromEntries(cookies.map((c) => [c.name, c.value]));
      return deviceAccountsOf(hub, { ...request.cookies, ...sent });
    },
  );

  r.post(
    deviceAccountEndpoints.signOutAll,
    { schema: { response: { 200: redirectSchema }, errors: ['request.malformed_json', 'origin.forbidden'] } },
    async (request, reply) => {
      requireSameOrigin(request, hub.config);
      const answer = await signOutAllOf(hub, request.cookies, originOf(request));
      clearSessionCookie(reply, hub.config);
      clearDeviceAccountsCookie(reply, hub.config);
      reply.header('cache-control', 'no-store').header('referrer-policy', 'no-referrer');
      return answer;
    },
  );
};
