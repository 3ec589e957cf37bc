import type { FastifyRequest } from 'fastify';
import type { Hub } from '../hub.js';
import { sha256 } from '../services/tokens.js';
import { cookieName } from './request-context.js';

/** The hub session this browser holds, if it is still live. */
export const currentSession = async (hub: Hub, request: FastifyRequest) => {
  const token = request.cookies[cookieName(hub.config, 'hub_session')];
  if (!token || token.length > 128) return undefined;
  return hub.sessions.findActive(sha256(token), hub.now());
};
