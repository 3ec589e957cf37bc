import type { FastifyRequest } from 'fastify';

/**
 * Query parameters whose value is a credential for a while: an `ainfo` is redeemable by the tool it
 * names, and the platform demo pages receive one in their URL. Their value never reaches a log.
 */
const secretParams = /([?&](?:ainfo)=)[^&#]*/gi;

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
