import type { FastifyRequest } from 'fastify';
import type { Hub } from '../hub.js';
import { sha256 } from '../services/tokens.js';
import { cookieName } from './request-context.js';

/** The hub-session cookie this browser sent, if any: what a service looks the session up by. */
export const sessionTokenOf = (hub: Hub, request: FastifyRequest): string | undefined =>
  request.cookies[cookieName(hub.config, 'hub_session')];

/** The hub session a cookie's token names, if it is still live. */
export const liveSession = async (hub: Hub, token: string | undefined) => {
  if (!token || token.length > 128) return undefined;
  return hub.sessions.findActive(sha256(token), hub.now());
};

/** The hub session this browser holds, if it is still live. */
export const currentSession = async (hub: Hub, request: FastifyRequest) =>
  liveSession(hub, sessionTokenOf(hub, request));
