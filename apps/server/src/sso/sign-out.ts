import { envFromCallbackParam, type LogoutQuery, logoutQuerySchema } from '@hub/core';
import { HubError } from '../errors.js';
import { liveSession } from '../http/session.js';
import type { Hub } from '../hub.js';
import { allowedCallbackEnvs } from './callbacks.js';
import { endSessions } from './session-end.js';

/** A malformed tid or callback is refused like any bad input, before the session is touched. */
export const parseLogoutInput = (input: unknown): LogoutQuery => {
  const parsed = logoutQuerySchema.safeParse(input);
  if (parsed.success) return parsed.data;
  const field = parsed.error.issues[0]?.path[0];
  throw new HubError('request.invalid', typeof field === 'string' ? { field } : {});
};

/**
 * Where single logout sends the browser, the behaviour a tool can rely on: the tool's registered
 * `logout` callback in the environment the `callback` param names, else its sign-in callback
 * (`auth`, else its first) — without ainfo, so the tool sees a signed-out arrival. Only registered
 * URLs: anything else (no tid, an unknown tool, no callback there) returns to the hub's home.
 */
export const logoutTarget = async (hub: Hub, query: LogoutQuery): Promise<string> => {
  if (!query.tid) return '/';
  const env = envFromCallbackParam(query.callback);
  if (!allowedCallbackEnvs(hub.config.appEnv).includes(env)) return '/';
  const callbacks = await hub.tools.callbacks(query.tid, env);
  const chosen =
    callbacks.find((c) => c.name === 'logout') ?? callbacks.find((c) => c.name === 'auth') ?? callbacks[0];
  return chosen?.url ?? '/';
};

/** Who asks to sign out: the browser's hub-session cookie, and whether the person asked themselves. */
export interface LogoutCaller {
  sessionToken: string | undefined;
  /** Typed or bookmarked (Sec-Fetch-Site none), or from the hub's own pages (same-origin). */
  asked: boolean;
}

/** Signed out (the cookie is to be cleared), or a confirmation to show first. */
export type LogoutOutcome =
  | { next: 'signed_out'; target: string }
  | { next: 'confirm'; target: string; toolName: string | undefined };

/**
 * Ends the browser's hub session, if it has a live one, with every OpenID Connect sign-in made from
 * it (sso/session-end.ts): single logout, and an OpenID Connect client's RP-initiated logout
 * (oidc/events.ts), end it the same way.
 */
export const endHubSession = async (hub: Hub, sessionToken: string | undefined) => {
  const session = await liveSession(hub, sessionToken);
  if (session) await endSessions(hub, { only: session.id });
};

/** Ends the browser's hub session, if it has a live one; where the browser goes next. */
export const signOut = async (hub: Hub, sessionToken: string | undefined, query: LogoutQuery) => {
  await endHubSession(hub, sessionToken);
  return { next: 'signed_out' as const, target: await logoutTarget(hub, query) };
};

/**
 * GET /sso/logout. A page of another site can send the browser to a GET, so a GET alone never ends
 * the session unless the person asked for it themselves; anyone else gets a confirmation naming
 * the tool. With no live session there is nothing to end: going back to the tool at once harms no one.
 */
export const requestLogout = async (
  hub: Hub,
  caller: LogoutCaller,
  query: LogoutQuery,
): Promise<LogoutOutcome> => {
  // One read of the session decides both whether to ask and what to end.
  const session = await liveSession(hub, caller.sessionToken);
  if (caller.asked || !session) {
    if (session) await endSessions(hub, { only: session.id });
    return { next: 'signed_out', target: await logoutTarget(hub, query) };
  }
  const target = await logoutTarget(hub, query);
  const tool = query.tid ? await hub.tools.findByTid(query.tid) : undefined;
  return { next: 'confirm', target, toolName: tool?.name };
};
