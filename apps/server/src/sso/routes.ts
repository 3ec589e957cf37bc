import { callbackEnvNames, encodeToolSession, envFromCallbackParam, errorMessage, text } from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { HubError } from '../errors.js';
import { requireSameOrigin } from '../http/request-context.js';
import { currentSession } from '../http/session.js';
import type { Hub } from '../hub.js';
import { type ServerCaller, serverCallerOf } from '../platform-api/platform-caller.js';
import { completeSignIn } from './complete-sign-in.js';
import { requireTool } from './credentials.js';
import { registerLogoutRoutes } from './logout.js';
import { redeemAinfo } from './redeem.js';
import { decideSsoRequest } from './rqx.js';

const param = text(4096).optional();
const ssoRequestSchema = z
  .object({
    from: param,
    callback: param,
    tid: param,
    platform: param,
    auth_type: param,
    entry: param,
    account: param,
    pricing: param,
    subcb: param,
    ref_a_frnd: param,
    tsa_key: param,
    state: param,
  })
  .strict();

/**
 * An environment as the spec's calls name it: the names /sso/rqx's callback param knows (sb is
 * sandbox), the same on every endpoint. Unlike /sso/rqx, whose unknown value means production, an
 * unknown name here is refused: a tool asking for its callbacks should get the ones it asked for.
 */
const envParam = z.enum(callbackEnvNames).transform((name) => envFromCallbackParam(name));

/** A tool reads only its own registry entry; a platform (Personal, Business) reads any. */
const mayRead = (caller: ServerCaller, tid: number) =>
  caller.platform !== undefined || caller.tool.tid === tid;

/** The tu list of spec §3: `{callback}_auth_callback` entries, each with a value; the first first. */
const tuOf = (callbacks: Array<{ name: string; url: string }>) =>
  callbacks.map((c) => ({ name: `${c.name}_auth_callback`, value: c.url }));

export const registerSsoRoutes = (app: FastifyInstance, hub: Hub) => {
  const r = app.withTypeProvider<ZodTypeProvider>();

  // The /sso/rqx screen asks where to go (spec §4 "SSO handler").
  r.post('/api/sso/rqx', { schema: { body: ssoRequestSchema } }, async (request, reply) => {
    requireSameOrigin(request, hub.config);
    await hub.throttle.consume('lookupPerIp', request.ip);
    const session = await currentSession(hub, request);
    const signedIn = session ? await hub.accounts.findById(session.account_id) : undefined;
    const decision = await decideSsoRequest(hub, request.body, signedIn, request.log);
    if ('signedInAs' in decision && decision.signedInAs && decision.toolSession) {
      return completeSignIn(hub, request, reply, {
        accountId: decision.signedInAs as string,
        platform: decision.toolSession.platform ?? 'psl',
        authMethod: 'session',
        context: { from: encodeToolSession(decision.toolSession) },
      });
    }
    return decision;
  });

  // Spec §7 tools/ssorqx: a tool by its tsa key. The spec's calls carry an api key: a tool reads
  // only itself (another tool's key answers as an unknown one does), a platform reads any tool.
  r.get(
    '/api/tools/ssorqx',
    { schema: { querystring: z.object({ tsa_key: text(128), env: envParam.optional() }) } },
    async (request, reply) => {
      const caller = await serverCallerOf(hub, request);
      reply.header('cache-control', 'no-store');
      const tool = await hub.tools.findByKey(request.query.tsa_key);
      if (!tool || !mayRead(caller, tool.tid)) {
        return reply
          .status(404)
          .send({ code: 'sso.tsa_key_missing', message: errorMessage('sso.tsa_key_missing'), msg: '!tk' });
      }
      const callbacks = await hub.tools.callbacks(tool.tid, request.query.env ?? hub.config.appEnv);
      return {
        msg: 'valid',
        tinfo: [{ tid: tool.tid, name: tool.name, type: tool.type, logo: tool.logo ?? '' }],
        tu: tuOf(callbacks),
      };
    },
  );

  // Spec §7 tools/toolcb: a tool's callbacks in one environment, for that tool or a platform.
  r.get(
    '/api/tools/toolcb',
    {
      schema: {
        querystring: z.object({
          tid: z.coerce.number().int().positive().max(999_999_999),
          env: envParam,
        }),
      },
    },
    async (request, reply) => {
      const caller = await serverCallerOf(hub, request);
      if (!mayRead(caller, request.query.tid)) throw new HubError('tool.forbidden');
      reply.header('cache-control', 'no-store');
      const tool = await hub.tools.findByTid(request.query.tid);
      if (!tool) throw new HubError('sso.tsa_key_missing');
      return { tu: tuOf(await hub.tools.callbacks(tool.tid, request.query.env)) };
    },
  );

  // docs/security.md "ainfo": redeem once, server to server, with the tool's credential.
  r.post(
    '/api/tools/ainfo/redeem',
    { schema: { body: z.object({ ainfo: z.string().min(1).max(4096) }).strict() } },
    async (request, reply) => {
      const tool = await requireTool(hub, request);
      reply.header('cache-control', 'no-store');
      return redeemAinfo(hub, tool, request.body.ainfo);
    },
  );

  registerLogoutRoutes(app, hub);
};
