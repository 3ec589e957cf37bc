import { type AppEnv, defaultToolId, type Platform, platforms } from '@hub/core';
import type { FastifyRequest } from 'fastify';
import type { Hub } from '../hub.js';
import { requireTool } from './credentials.js';

/**
 * Spec §9: the Personal and Business platforms are tools of the registry under their default tool
 * ids (18 and 13, or 102 and 103 in production); the platform a tool id stands for, if any.
 */
export const platformOfTool = (tid: number, env: AppEnv): Platform | undefined =>
  platforms.find((platform) => defaultToolId(platform, env) === tid);

/**
 * Who calls a server-to-server endpoint (docs/security.md "Credentials"): a tool or a platform, by its
 * credential in `Authorization: Bearer …`. No credential, or one the registry does not hold, is 401.
 */
export const serverCallerOf = async (hub: Hub, request: FastifyRequest) => {
  const tool = await requireTool(hub, request);
  return { tool, platform: platformOfTool(tool.tid, hub.config.appEnv) };
};
export type ServerCaller = Awaited<ReturnType<typeof serverCallerOf>>;
