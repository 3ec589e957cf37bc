import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose value is a credential for a while: an `ainfo` is redeemable by the tool it
 * names, and the platform demo pages receive one in their URL; the OpenID Connect provider's
 * addresses can carry tokens, codes and client secrets (id_token_hint, code, state…). Their value
 * never reaches a log.
 */
const secretParams =
  /([?&](?:ainfo|id_token_hint|code|token|refresh_token|client_secret|client_assertion|logout_token|state|xsrf|code_verifier|login_hint_token|request)=)[^&#]*/gi;

/** The URL as a log may show it: every secret parameter's value replaced. */
export const redactUrl = (url: string): string => url.replace(secretParams, '$1[redacted]');

/** Fastify's request log fields, with the URL redacted. */
export const requestForLog = (request: FastifyRequest) => ({
  method: request.method,
  url: redactUrl(request.url),
  host: request.host,
  remoteAddress: request.ip,
  remotePort: request.socket?.remotePort,
});
