import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { HubError } from '../errors.js';
import { policy } from '../policy.js';
import type { ClientOrigin } from '../services/audit.js';
import { DEVICE_COOKIE, isDeviceToken } from '../services/device.js';
import { randomToken, sha256 } from '../services/tokens.js';

/**
 * Where a request came from, as its audit rows record it: the client's address, the request's id
 * and the browser (its User-Agent, cut to 512 characters).
 */
export const originOf = (request: FastifyRequest): ClientOrigin => ({
  ip: request.ip,
  requestId: request.id,
  userAgent: request.headers['user-agent']?.slice(0, 512),
});

const secure = (config: Config) => config.publicUrl.startsWith('https://');

/** `__Host-` cookies on HTTPS (docs/security.md "Sessions"); plain names on http://localhost. */
export const cookieName = (config: Config, base: 'hub_session' | 'hub_fb' | 'hub_accounts' | 'hub_device') =>
  secure(config) ? `__Host-${base}` : base;

export const cookieOptions = (config: Config, maxAgeSeconds?: number) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: secure(config),
  ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}),
});

/** The browser's device cookie (services/device.ts), if it has the shape of one. */
export const deviceTokenOf = (config: Config, cookies: Readonly<Record<string, string | undefined>>) => {
  const token = cookies[cookieName(config, DEVICE_COOKIE)];
  return isDeviceToken(token) ? token : undefined;
};

/** The cookie that keeps a device known, renewed on every sign-in (policy.deviceCookieTtlMs). */
export const deviceCookie = (config: Config, token: string) => ({
  name: cookieName(config, DEVICE_COOKIE),
  value: token,
  options: cookieOptions(config, Math.floor(policy.deviceCookieTtlMs / 1000)),
});

/** The origin of PUBLIC_URL, parsed once per value (a URL's parse was 6.6 µs of every look-up). */
let parsedOrigin = { url: '', origin: '' };
const publicOrigin = (url: string) => {
  if (parsedOrigin.url !== url) parsedOrigin = { url, origin: new URL(url).origin };
  return parsedOrigin.origin;
};

/**
 * State-changing browser requests must come from the hub's own pages: the Origin header (or, when a
 * browser sends none, Sec-Fetch-Site) must say so.
 */
export const requireSameOrigin = (request: FastifyRequest, config: Config) => {
  const origin = request.headers.origin;
  const expected = publicOrigin(config.publicUrl);
  if (origin === expected) return;
  if (!origin && request.headers['sec-fetch-site'] === 'same-origin') return;
  throw new HubError('origin.forbidden');
};

/**
 * The flow-binding token: a random HttpOnly cookie whose hash each flow records, so a flow id that
 * leaks (a shared URL, a log) is useless in another browser. Made on first need.
 */
export const flowBinding = (request: FastifyRequest, reply: FastifyReply, config: Config): string => {
  const { binding, cookie } = flowBindingOf(request.cookies, config);
  if (cookie) reply.setCookie(cookie.name, cookie.value, cookie.options);
  return binding;
};

/**
 * The same binding without a reply: the cookie to set when the browser holds none yet (the
 * sign-in pipeline hands it to the route with its answer).
 */
export const flowBindingOf = (
  cookies: Readonly<Record<string, string | undefined>>,
  config: Config,
): {
  binding: string;
  cookie?: { name: string; value: string; options: ReturnType<typeof cookieOptions> };
} => {
  const name = cookieName(config, 'hub_fb');
  const held = cookies[name];
  if (held && /^[A-Za-z0-9_-]{32,64}$/.test(held)) return { binding: sha256(held) };
  const token = randomToken(32);
  return { binding: sha256(token), cookie: { name, value: token, options: cookieOptions(config) } };
};

/** The binding this browser holds, if any (a flow that may be opened in a browser new to it). */
export const flowBindingIfAny = (request: FastifyRequest, config: Config): string | undefined => {
  const token = request.cookies[cookieName(config, 'hub_fb')];
  return token ? sha256(token) : undefined;
};

/** The binding of a browser that must already hold one (every step after a flow's start). */
export const existingFlowBinding = (request: FastifyRequest, config: Config): string => {
  const binding = flowBindingIfAny(request, config);
  if (!binding) throw new HubError('flow.not_found');
  return binding;
};

/** The hub-session cookie as a value (name, token, attributes) for an answer to set. */
export const sessionCookie = (config: Config, token: string, maxAgeSeconds: number) => ({
  name: cookieName(config, 'hub_session'),
  value: token,
  options: cookieOptions(config, maxAgeSeconds),
});

/**
 * Ends the session cookie with exactly the attributes it was set with: a browser ignores a
 * clearing cookie that differs (on HTTPS a `__Host-` cookie without `Secure` is dropped).
 */
export const clearSessionCookie = (reply: FastifyReply, config: Config) =>
  reply.clearCookie(cookieName(config, 'hub_session'), cookieOptions(config));

/**
 * The cookie of the sessions this browser keeps signed in besides its current one (docs/sessions.md):
 * their tokens, as unguessable as the session cookie's, with the same attributes.
 */
export const deviceAccountsCookie = (config: Config, tokens: readonly string[], maxAgeSeconds: number) => ({
  name: cookieName(config, 'hub_accounts'),
  value: tokens.join('.'),
  options: cookieOptions(config, maxAgeSeconds),
});

/** Ends the device-accounts cookie with the attributes it was set with. */
export const clearDeviceAccountsCookie = (reply: FastifyReply, config: Config) =>
  reply.clearCookie(cookieName(config, 'hub_accounts'), cookieOptions(config));
