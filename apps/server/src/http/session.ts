import type { FastifyRequest } from 'fastify';
import type { Hub } from '../hub.js';
import { policy } from '../policy.js';
import { sha256, TOKEN_TIME_LENGTH, timeOrderedToken } from '../services/tokens.js';
import { cookieName } from './request-context.js';

/** A token of timeOrderedToken(now, 32): the time it was made, then 32 random bytes. */
const TIME_ORDERED_TOKEN = new RegExp(`^[0-9a-z]{${TOKEN_TIME_LENGTH}}[A-Za-z0-9_-]{43}$`);

/**
 * The row a hub-session token names: its SHA-256, after the token's time when it has one, so new
 * sessions go to the end of the table's index (services/tokens.ts timeOrderedToken). A token
 * without the time (a session from before) names the row of its bare hash, as it always did.
 */
export const sessionIdOf = (token: string): string =>
  TIME_ORDERED_TOKEN.test(token) ? `${token.slice(0, TOKEN_TIME_LENGTH)}${sha256(token)}` : sha256(token);

/** A new hub session's cookie token and its row's id (only the hash is stored). */
export const newSessionToken = (now: number) => {
  const token = timeOrderedToken(now, 32);
  return { token, id: sessionIdOf(token) };
};

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
  const session = await hub.sessions.findActive(sessionIdOf(token), now);
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
