import {
  type PasskeyView,
  passkeyEndpoints,
  passkeyListResponseSchema,
  passkeyLoginOptionsRequestSchema,
  passkeyLoginVerifyRequestSchema,
  passkeyLoginVerifyResponseSchema,
  passkeyOptionsResponseSchema,
  passkeyParamsSchema,
  passkeyRegisterRequestSchema,
  passkeyRemoveRequestSchema,
  passkeyRenameRequestSchema,
  passkeyViewSchema,
} from '@hub/core';
import type { AuthenticationResponseJSON, RegistrationResponseJSON } from '@simplewebauthn/server';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { callerOf } from '../flows/caller.js';
import { requestLanguage } from '../http/language.js';
import { originOf } from '../http/request-context.js';
import {
  flowRead,
  flowStep,
  passwordCheck,
  type RouteErrors,
  signedInWrite,
  signInRefusals,
} from '../http/route-errors.js';
import { signedInChange, signedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import type { SignInPipeline } from '../sso/complete-sign-in.js';
import { finishSignIn } from '../sso/sign-in-route.js';
import { passkeySignInOptions, verifyPasskeySignIn } from './passkey-sign-in.js';
import {
  listPasskeys,
  registerPasskey,
  registrationOptions,
  removePasskey,
  renamePasskey,
} from './passkeys.js';

/** A change to the signed-in person's passkeys (its ceremony is a short flow of this browser). */
const passkeyChangeErrors = [
  ...signedInWrite,
  ...flowRead,
  'not_found',
  'passkey.refused',
  'passkey.already_registered',
  'passkey.limit_reached',
  ...passwordCheck,
  'account.last_sign_in_method',
] as const satisfies RouteErrors;

/**
 * The passkey routes (docs/passkeys.md): a signed-in person's passkeys (their hub session; every
 * change from the hub's own pages only), and a passkey as the first factor of the login.
 */
export const registerPasskeyRoutes = (app: FastifyInstance, hub: Hub, signIn: SignInPipeline) => {
  registerMyPasskeyRoutes(app, hub);
  registerPasskeySignInRoutes(app, hub, signIn);
};

const noStore = { 'cache-control': 'no-store' };

/** The signed-in person's passkeys: list, register, rename, remove. */
const registerMyPasskeyRoutes = (app: FastifyInstance, hub: Hub) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  /** The signed-in person and their session's id (what a registration challenge is bound to). */
  const signedIn = async (request: FastifyRequest, changes: boolean) => {
    const { account, session } = await (changes ? signedInChange : signedInPerson)(hub, request);
    return { account, sessionId: session.id };
  };

  r.get(
    passkeyEndpoints.list,
    { schema: { response: { 200: passkeyListResponseSchema }, errors: ['session.required'] } },
    async (request, reply) => {
      const { account } = await signedIn(request, false);
      reply.headers(noStore);
      return listPasskeys(hub, account);
    },
  );

  r.post(
    passkeyEndpoints.registrationOptions,
    { schema: { response: { 200: passkeyOptionsResponseSchema }, errors: passkeyChangeErrors } },
    async (request, reply) => {
      const { account, sessionId } = await signedIn(request, true);
      reply.headers(noStore);
      return registrationOptions(hub, { account, sessionId, from: originOf(request) });
    },
  );

  r.post(
    passkeyEndpoints.register,
    {
      schema: {
        body: passkeyRegisterRequestSchema,
        response: { 200: passkeyViewSchema },
        errors: passkeyChangeErrors,
      },
    },
    async (request): Promise<PasskeyView> => {
      const { account, sessionId } = await signedIn(request, true);
      return registerPasskey(hub, {
        account,
        sessionId,
        from: originOf(request),
        language: requestLanguage(request),
        challengeId: request.body.challengeId,
        name: request.body.name,
        response: request.body.response as RegistrationResponseJSON,
      });
    },
  );

  r.patch(
    passkeyEndpoints.one,
    {
      schema: {
        params: passkeyParamsSchema,
        body: passkeyRenameRequestSchema,
        response: { 200: passkeyViewSchema },
        errors: passkeyChangeErrors,
      },
    },
    async (request) => {
      const { account } = await signedIn(request, true);
      return renamePasskey(hub, { account, id: request.params.id, name: request.body.name });
    },
  );

  r.delete(
    passkeyEndpoints.one,
    {
      schema: {
        params: passkeyParamsSchema,
        body: passkeyRemoveRequestSchema.optional(),
        response: { 200: z.object({ removed: z.literal(true) }) },
        errors: passkeyChangeErrors,
      },
    },
    async (request) => {
      const { account } = await signedIn(request, true);
      await removePasskey(hub, {
        account,
        id: request.params.id,
        password: request.body?.password,
        from: originOf(request),
        language: requestLanguage(request),
      });
      return { removed: true as const };
    },
  );
};

/** A passkey as the first factor of the login: its options, then its answer through the sign-in pipeline. */
const registerPasskeySignInRoutes = (app: FastifyInstance, hub: Hub, signIn: SignInPipeline) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.post(
    passkeyEndpoints.loginOptions,
    {
      schema: {
        body: passkeyLoginOptionsRequestSchema,
        response: { 200: passkeyOptionsResponseSchema },
        errors: [...flowStep, 'sso.callback_missing', 'sso.tsa_key_missing'],
      },
    },
    async (request, reply) => {
      const options = await passkeySignInOptions(hub, callerOf(hub, request, reply, true), request.body);
      reply.headers(noStore);
      return options;
    },
  );

  r.post(
    passkeyEndpoints.loginVerify,
    {
      schema: {
        body: passkeyLoginVerifyRequestSchema,
        response: { 200: passkeyLoginVerifyResponseSchema },
        errors: [...flowStep, 'passkey.refused', 'sso.callback_missing', ...signInRefusals],
      },
    },
    async (request, reply) => {
      const outcome = await verifyPasskeySignIn(hub, callerOf(hub, request, reply), {
        challengeId: request.body.challengeId,
        response: request.body.response as AuthenticationResponseJSON,
      });
      if (outcome.next === 'redirect') return outcome;
      return finishSignIn(signIn, hub, request, reply, {
        accountId: outcome.accountId,
        platform: outcome.platform,
        context: outcome.context,
        authMethod: 'passkey',
      });
    },
  );
};
