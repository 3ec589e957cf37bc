import type { FastifyReply, FastifyRequest } from 'fastify';
import type { Config } from '../config.js';
import { HubError } from '../errors.js';
import { randomToken, sha256 } from '../services/tokens.js';

const secure = (config: Config) => config.publicUrl.startsWith('https://');

/** `__Host-` cookies on HTTPS (docs/security.md "Sessions"); plain names on http://localhost. */
export const cookieName = (config: Config, base: 'hub_session' | 'hub_fb') =>
  secure(config) ? `__Host-${base}` : base;

const cookieOptions = (config: Config, maxAgeSeconds?: number) => ({
  path: '/',
  httpOnly: true,
  sameSite: 'lax' as const,
  secure: secure(config),
  ...(maxAgeSeconds ? { maxAge: maxAgeSeconds } : {}),
});

/**
 * State-changing browser requests must come from the hub's own pages: the Origin header (or, when a
 * browser sends none, Sec-Fetch-Site) must say so.
 */
export const requireSameOrigin = (request: FastifyRequest, config: Config) => {
  const origin = request.headers.origin;
  const expected = new URL(config.publicUrl).origin;
  if (origin === expected) return;
  if (!origin && request.headers['sec-fetch-site'] === 'same-origin') return;
  throw new HubError('origin.forbidden');
};

/**
 * The flow-binding token: a random HttpOnly cookie whose hash each flow records, so a flow id that
 * leaks (a shared URL, a log) is useless in another browser. Made on first need.
 */
export const flowBinding = (request: FastifyRequest, reply: FastifyReply, config: Config): string => {
  const name = cookieName(config, 'hub_fb');
  let token = request.cookies[name];
  if (!token || !/^[A-Za-z0-9_-]{32,64}$/.test(token)) {
    token = randomToken(32);
    reply.setCookie(name, token, cookieOptions(config));
  }
  return sha256(token);
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

export const setSessionCookie = (reply: FastifyReply, config: Config, token: string, maxAgeSeconds: number) =>
  reply.setCookie(cookieName(config, 'hub_session'), token, cookieOptions(config, maxAgeSeconds));

/**
 * Ends the session cookie with exactly the attributes it was set with: a browser ignores a
 * clearing cookie that differs (on HTTPS a `__Host-` cookie without `Secure` is dropped).
 */
export const clearSessionCookie = (reply: FastifyReply, config: Config) =>
  reply.clearCookie(cookieName(config, 'hub_session'), cookieOptions(config));
