import type { FastifyRequest } from 'fastify';
import type { Hub } from '../hub.js';
import { policy } from '../policy.js';
import { sha256 } from '../services/tokens.js';
import { cookieName } from './request-context.js';

/** The hub-session cookie this browser sent, if any: what a service looks the session up by. */
export const sessionTokenOf = (hub: Hub, request: FastifyRequest): string | undefined =>
  request.cookies[cookieName(hub.config, 'hub_session')];

/**
 * The hub session a cookie's token names, if it is still live. Using it counts as the session's
 * last use (the account center's Devices page), written at most once per
 * policy.sessionTouchIntervalMs per session: most requests only read.
 */
export const liveSession = async (hub: Hub, token: string | undefined) => {
  if (!token || token.length > 128) return undefined;
  const now = hub.now();
  const session = await hub.sessions.findActive(sha256(token), now);
  if (session && now - session.last_seen_at >= policy.sessionTouchIntervalMs) {
    // Best effort: a write that fails (a busy database) must not refuse a request the session allows.
    try {
      await hub.sessions.touch(session.id, now, now - policy.sessionTouchIntervalMs);
      return { ...session, last_seen_at: now };
    } catch (error) {
      hub.log.warn({ err: (error as Error).message }, 'session: last use not recorded');
    }
  }
  return session;
};

const sessionOfRequest = new WeakMap<FastifyRequest, ReturnType<typeof liveSession>>();

/**
 * The hub session this browser holds, if it is still live: read once per request, however many
 * steps ask (a Continue reads it for the account, the second step for its amr, the exit for the
 * methods it proved). It is the session as that first read found it: a step that changes the row
 * (the exit's setAmr) goes on with what it wrote, not with a second read.
 */
export const currentSession = (hub: Hub, request: FastifyRequest) => {
  let session = sessionOfRequest.get(request);
  if (!session) {
    session = liveSession(hub, sessionTokenOf(hub, request));
    sessionOfRequest.set(request, session);
  }
  return session;
};
