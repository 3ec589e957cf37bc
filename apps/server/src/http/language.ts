import { LANGUAGE_COOKIE, LANGUAGE_QUERY, type Language, resolveLanguage } from '@hub/core';
import type { FastifyRequest } from 'fastify';

/**
 * Issue #18: the one place the server decides a request's language: `?lng=` on the page's link,
 * then the person's remembered choice (the `hub_lng` cookie the web app writes), then the browser's
 * Accept-Language, then English. Mail is rendered in it when it is queued; error bodies word their
 * `message` in it (the web app renders from `code` and `params` anyway); the served index.html
 * carries it as `<html lang>` so the first paint is right.
 */
export const requestLanguage = (request: FastifyRequest): Language => {
  const query = request.query as Record<string, unknown> | undefined;
  const linked = query && typeof query[LANGUAGE_QUERY] === 'string' ? query[LANGUAGE_QUERY] : undefined;
  const header = request.headers['accept-language'];
  return resolveLanguage({
    query: linked,
    cookie: request.cookies?.[LANGUAGE_COOKIE],
    acceptLanguage: typeof header === 'string' ? header : undefined,
  });
};
