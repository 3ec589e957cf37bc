import {
  accountIdSchema,
  isEmail,
  type Platform,
  ssoEndpoints,
  type TpartyResponse,
  tpartyQuerySchema,
  tpartyResponseSchema,
} from '@hub/core';
import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Hub } from '../hub.js';
import { issueAinfo } from '../sso/ainfo.js';
import { requireTool } from '../sso/credentials.js';
import type { ToolRow } from '../storage/tools.js';

/**
 * Spec §7 `si/attempt/tparty` (account, ref=tparty, platform → ainfo), server to server. The spec
 * hands ainfo to anyone for an email; the hub answers only a tool presenting its credential, and
 * only for an account that already belongs to that tool (it signed in or up through it) and to the
 * platform. The ainfo is bound to that tool (aud tool:<tid>). Any other account — unknown, of
 * another tool, of the other platform — gets the same `!account`, so the look-up reveals nothing
 * (the direct-checkout rule of the SSO issue: never ainfo for an email alone).
 */
export const thirdPartyAinfo = async (
  hub: Hub,
  tool: ToolRow,
  query: { account: string; platform: Platform },
): Promise<TpartyResponse> => {
  const { account: input, platform } = query;
  const account = isEmail(input)
    ? await hub.accounts.findByIdentifier('email', input)
    : accountIdSchema.safeParse(input).success
      ? await hub.accounts.findById(input)
      : undefined;
  if (!account || !(await hub.tools.isMember(tool.tid, account.id))) return { msg: '!account' };
  const memberships = await hub.accounts.memberships(account.id);
  if (!memberships.some((m) => m.platform === platform)) return { msg: '!account' };
  const ainfo = await issueAinfo(
    { db: hub.db, keys: hub.keys, issuer: hub.config.publicUrl, now: hub.now },
    { accountId: account.id, accountType: platform, platform, authMethod: 'tparty' },
    { kind: 'tool', tid: tool.tid },
  );
  return { msg: 'valid', ainfo };
};

export const registerThirdPartyLookup = (app: FastifyInstance, hub: Hub) => {
  app.withTypeProvider<ZodTypeProvider>().get(
    ssoEndpoints.tparty,
    {
      schema: {
        querystring: tpartyQuerySchema,
        response: { 200: tpartyResponseSchema },
        errors: ['tool.unauthorized', 'sso.tsa_key_missing', 'sso.callback_missing'],
      },
    },
    async (request, reply) => {
      const tool = await requireTool(hub, request);
      reply.header('cache-control', 'no-store');
      return thirdPartyAinfo(hub, tool, request.query);
    },
  );
};
