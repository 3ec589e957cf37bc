import {
  ainfoRedeemRequestSchema,
  errorMessage,
  ssoAnswerSchema,
  ssoEndpoints,
  ssoRequestSchema,
  TOOL_KEY_UNKNOWN_MSG,
  toolCallbacksQuerySchema,
  toolCallbacksResponseSchema,
  toolDisplayQuerySchema,
  toolDisplayResponseSchema,
  toolSsorqxQuerySchema,
} from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { requireSameOrigin } from '../http/request-context.js';
import { signInRefusals, toolCredential } from '../http/route-errors.js';
import { sessionTokenOf } from '../http/session.js';
import type { Hub } from '../hub.js';
import type { SignInPipeline } from './complete-sign-in.js';
import { requireTool } from './credentials.js';
import { registerLogoutRoutes } from './logout.js';
import { redeemAinfo } from './redeem.js';
import { serverCallerOf } from './server-caller.js';
import { answerSsoRequest, readToolByKey, readToolCallbacks, toolDisplayOf } from './service.js';
import { finishSignIn } from './sign-in-route.js';

/**
 * The routes of single sign-on. Each parses its input by its contract (core's contracts/sso.ts),
 * calls one function of sso/service.ts (or redeem.ts, sign-out.ts) and turns the answer into HTTP.
 */
export const registerSsoRoutes = (app: FastifyInstance, hub: Hub, signIn: SignInPipeline) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The /sso/rqx screen asks where to go (spec §4 "SSO handler").
  r.post(
    ssoEndpoints.rqx,
    {
      schema: {
        body: ssoRequestSchema,
        response: { 200: ssoAnswerSchema },
        errors: [
          'request.malformed_json',
          'origin.forbidden',
          'rate_limited',
          'sso.tsa_key_missing',
          'sso.state_invalid',
          'account.format_invalid',
          // A browser already signed in goes on to the tool at once (sso/complete-sign-in.ts).
          ...signInRefusals,
        ],
      },
    },
    async (request, reply) => {
      requireSameOrigin(request, hub.config);
      const outcome = await answerSsoRequest(
        hub,
        { ip: request.ip, sessionToken: sessionTokenOf(hub, request), log: request.log },
        request.body,
      );
      if (outcome.next === 'sign_in') return finishSignIn(signIn, hub, request, reply, outcome.signIn);
      return outcome;
    },
  );

  // A screen's tool (name, logo) from its `from` tool session: parsed by the hub, not the page.
  r.get(
    ssoEndpoints.tool,
    {
      schema: {
        querystring: toolDisplayQuerySchema,
        response: { 200: toolDisplayResponseSchema },
        // Any `from` answers: one that is no tool session is a page without a tool.
        errors: [],
      },
    },
    async (request, reply) => {
      reply.header('cache-control', 'no-store');
      return toolDisplayOf(request.query.from);
    },
  );

  // Spec §7 tools/ssorqx: a tool by its tsa key. The spec's calls carry an api key: a tool reads
  // only itself (another tool's key answers as an unknown one does), a platform reads any tool.
  r.get(
    ssoEndpoints.toolSsorqx,
    // No response schema: the 404 answer carries the spec's `!tk` besides the error body.
    { schema: { querystring: toolSsorqxQuerySchema, errors: ['sso.tsa_key_missing', ...toolCredential] } },
    async (request, reply) => {
      const caller = await serverCallerOf(hub, request);
      reply.header('cache-control', 'no-store');
      const found = await readToolByKey(hub, caller, request.query.tsa_key, request.query.env);
      if (found) return found;
      return reply.status(404).send({
        code: 'sso.tsa_key_missing',
        message: errorMessage('sso.tsa_key_missing'),
        msg: TOOL_KEY_UNKNOWN_MSG,
      });
    },
  );

  // Spec §7 tools/toolcb: a tool's callbacks in one environment, for that tool or a platform.
  r.get(
    ssoEndpoints.toolCallbacks,
    {
      schema: {
        querystring: toolCallbacksQuerySchema,
        response: { 200: toolCallbacksResponseSchema },
        errors: ['sso.tsa_key_missing', ...toolCredential],
      },
    },
    async (request, reply) => {
      const caller = await serverCallerOf(hub, request);
      reply.header('cache-control', 'no-store');
      return readToolCallbacks(hub, caller, request.query.tid, request.query.env);
    },
  );

  // docs/security.md "ainfo": redeem once, server to server, with the tool's credential.
  const redeemSchema = {
    body: ainfoRedeemRequestSchema,
    errors: ['request.malformed_json', ...toolCredential, 'token.invalid', 'token.redeemed'],
  } as const;
  r.post(ssoEndpoints.ainfoRedeem, { schema: redeemSchema }, async (request, reply) => {
    const tool = await requireTool(hub, request);
    reply.header('cache-control', 'no-store');
    return redeemAinfo(hub, tool, request.body.ainfo);
  });

  registerLogoutRoutes(app, hub);
};
