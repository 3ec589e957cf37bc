import {
  changeEmailRequestSchema,
  changeEmailStartedSchema,
  changePasswordRequestSchema,
  changePasswordResponseSchema,
  emailChangedSchema,
  meSecurityEndpoints,
  resendCodeResponseSchema,
  resendEmailChangeRequestSchema,
  securityOverviewSchema,
  unlinkProviderParamsSchema,
  verifyEmailChangeRequestSchema,
} from '@hub/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requestLanguage } from '../http/language.js';
import { existingFlowBinding, flowBinding, originOf } from '../http/request-context.js';
import { codeStep, flowStep, newPassword, passwordCheck, signedInWrite } from '../http/route-errors.js';
import { signedInChange, signedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import { createSocialProviders } from '../social/providers.js';
import { resendEmailChangeCode, startEmailChange, verifyEmailChange } from './email.js';
import { changePassword } from './password.js';
import { securityOverview, unlinkProvider } from './providers.js';

/** Who asks for an email-change step: the client, the browser's flow binding, the language the mail is written in. */
const emailChangeCaller = (request: FastifyRequest, binding: string) => ({
  ...originOf(request),
  binding,
  language: requestLanguage(request),
});

/**
 * The "Sign-in & security" page's API (docs/account-center.md): the overview, the password, the
 * email change and its code, and the unlink of a provider (the link is the provider sign-in's
 * start with `intent=link`, social/routes.ts). Every change: same-origin, the live session, then
 * the service, which throttles and checks before it writes. Its mail (the email change's code, the
 * notices) is written in the request's language (issue #18).
 */
export const registerSecurityRoutes = (app: FastifyInstance, hub: Hub) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  const providers = createSocialProviders(hub.config);

  r.get(
    meSecurityEndpoints.overview,
    { schema: { response: { 200: securityOverviewSchema }, errors: ['session.required'] } },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return securityOverview(hub, providers, await signedInPerson(hub, request));
    },
  );

  r.post(
    meSecurityEndpoints.password,
    {
      schema: {
        body: changePasswordRequestSchema,
        response: { 200: changePasswordResponseSchema },
        errors: [...signedInWrite, ...newPassword, 'password.incorrect', 'password.unchanged'],
      },
    },
    async (request, reply) => {
      const person = await signedInChange(hub, request);
      reply.header('cache-control', 'no-store');
      return changePassword(hub, person, originOf(request), request.body, requestLanguage(request));
    },
  );

  r.post(
    meSecurityEndpoints.email,
    {
      schema: {
        body: changeEmailRequestSchema,
        response: { 200: changeEmailStartedSchema },
        errors: [
          ...signedInWrite,
          'email.required',
          'email.invalid',
          'email.unchanged',
          ...passwordCheck,
          'account.already_exists',
        ],
      },
    },
    async (request, reply) => {
      const person = await signedInChange(hub, request);
      const caller = emailChangeCaller(request, flowBinding(request, reply, hub.config));
      reply.header('cache-control', 'no-store');
      return startEmailChange(hub, person, caller, request.body);
    },
  );

  r.post(
    meSecurityEndpoints.emailVerify,
    {
      schema: {
        body: verifyEmailChangeRequestSchema,
        response: { 200: emailChangedSchema },
        errors: [...flowStep, ...codeStep, 'session.required', 'account.already_exists'],
      },
    },
    async (request, reply) => {
      const person = await signedInChange(hub, request);
      const caller = emailChangeCaller(request, existingFlowBinding(request, hub.config));
      reply.header('cache-control', 'no-store');
      return verifyEmailChange(hub, person, caller, request.body.flowId, request.body.code);
    },
  );

  r.post(
    meSecurityEndpoints.emailResend,
    {
      schema: {
        body: resendEmailChangeRequestSchema,
        response: { 200: resendCodeResponseSchema },
        errors: [...flowStep, ...codeStep, 'session.required', 'account.already_exists'],
      },
    },
    async (request, reply) => {
      const person = await signedInChange(hub, request);
      const caller = emailChangeCaller(request, existingFlowBinding(request, hub.config));
      reply.header('cache-control', 'no-store');
      return resendEmailChangeCode(hub, person, caller, request.body.flowId);
    },
  );

  r.delete(
    meSecurityEndpoints.provider,
    {
      schema: {
        params: unlinkProviderParamsSchema,
        response: { 200: securityOverviewSchema },
        errors: [
          'origin.forbidden',
          'session.required',
          'rate_limited',
          'provider.not_linked',
          'account.last_sign_in_method',
        ],
      },
    },
    async (request, reply) => {
      const person = await signedInChange(hub, request);
      await unlinkProvider(hub, person, originOf(request), request.params.provider);
      reply.header('cache-control', 'no-store');
      // The page shows what is left: read again after the change.
      return securityOverview(hub, providers, await signedInPerson(hub, request));
    },
  );
};
