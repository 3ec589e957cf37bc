import type { FastifyRequest } from 'fastify';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import { policy } from '../policy.js';
import { sha256, TOKEN_TIME_LENGTH, timeOrderedToken } from '../services/tokens.js';
import { cookieName, deviceAccountsCookie, sessionCookie } from './request-context.js';

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

/** A session token as the device-accounts cookie may hold one (never a '.', its separator). */
const DEVICE_TOKEN = /^[A-Za-z0-9_-]{16,128}$/;

type Cookies = Readonly<Record<string, string | undefined>>;

/**
 * The session tokens this browser holds (docs/sessions.md): its current one first, then the others
 * its device-accounts cookie keeps, at most policy.deviceAccountsMax. Only tokens: an account id
 * the browser could write names nothing here.
 */
export const deviceSessionTokens = (hub: Hub, cookies: Cookies): string[] => {
  const current = cookies[cookieName(hub.config, 'hub_session')];
  const kept = (cookies[cookieName(hub.config, 'hub_accounts')] ?? '').split('.');
  const tokens = [current ?? '', ...kept].filter((token) => DEVICE_TOKEN.test(token));
  return [...new Set(tokens)].slice(0, policy.deviceAccountsMax + 1);
};

export type DeviceSession = { token: string; session: NonNullable<Awaited<ReturnType<typeof liveSession>>> };

/**
 * The live sessions of those tokens, one per account (the first of an account's tokens wins), in
 * the cookie's order: the current account first, then the others by their last use here.
 */
export const deviceSessions = async (hub: Hub, cookies: Cookies): Promise<DeviceSession[]> => {
  const tokens = deviceSessionTokens(hub, cookies);
  const now = hub.now();
  const sessions = await Promise.all(tokens.map((token) => hub.sessions.findActive(sessionIdOf(token), now)));
  const found: DeviceSession[] = [];
  for (const [i, session] of sessions.entries()) {
    if (!session || found.some((d) => d.session.account_id === session.account_id)) continue;
    found.push({ token: tokens[i] as string, session });
  }
  return found;
};

/** The device-accounts cookie that keeps `tokens` (the first is the current account's). */
export const deviceAccountsCookieOf = (hub: Hub, tokens: readonly string[]) =>
  deviceAccountsCookie(
    hub.config,
    tokens.slice(0, policy.deviceAccountsMax),
    Math.floor(hub.config.sessionTtlMs / 1000),
  );

/**
 * A new session joins this browser's accounts: first in the list, in place of an older session of
 * the same account. Over policy.deviceAccountsMax, the one used least recently leaves the list:
 * `evicted` names its session, which the caller ends (sso/complete-sign-in.ts, through the single
 * sign-out), so no session outlives the last browser that held its token.
 */
export const rememberDeviceSession = async (hub: Hub, cookies: Cookies, token: string, accountId: string) => {
  const others = (await deviceSessions(hub, cookies)).filter((d) => d.session.account_id !== accountId);
  const kept = others.slice(0, policy.deviceAccountsMax - 1);
  return {
    cookie: deviceAccountsCookieOf(hub, [token, ...kept.map((d) => d.token)]),
    evicted: others.slice(kept.length).map((d) => d.session),
  };
};

/**
 * Makes one of this browser's accounts its current one: that session's cookie, and the list with it
 * first. `session.required` when the browser holds no live session of that account.
 */
export const switchDeviceSession = async (hub: Hub, cookies: Cookies, accountId: string) => {
  const sessions = await deviceSessions(hub, cookies);
  const chosen = sessions.find((d) => d.session.account_id === accountId);
  if (!chosen) throw new HubError('session.required');
  const secondsLeft = Math.max(1, Math.floor((chosen.session.expires_at - hub.now()) / 1000));
  const cookieList = [
    sessionCookie(hub.config, chosen.token, secondsLeft),
    deviceAccountsCookieOf(hub, [chosen.token, ...sessions.filter((d) => d !== chosen).map((d) => d.token)]),
  ];
  return { chosen, cookies: cookieList };
};
