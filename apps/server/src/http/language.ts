import { LANGUAGE_COOKIE, LANGUAGE_QUERY, type Language, resolveLanguage, toLanguage } from '@hub/core';
import type { FastifyRequest } from 'fastify';

/**
 * An OpenID Connect request's `ui_locales` ("de fil-PH en"): the first of the hub's languages in
 * it, or none. It counts as a link's `?lng=` (the client asks for the person), above the cookie.
 */
export const uiLocalesLanguage = (uiLocales: unknown): Language | undefined =>
  typeof uiLocales === 'string'
    ? uiLocales
        .split(/\s+/)
        .map(toLanguage)
        .find((language) => language !== undefined)
    : undefined;

/**
 * Issue #18: the one place the server decides a request's language: `?lng=` on the page's link,
 * then the person's remembered choice (the `hub_lng` cookie the web app writes), then the browser's
 * Accept-Language, then English; on the OpenID Connect provider's pages, the request's
 * `ui_locales` comes right after `?lng=`. Mail is rendered in it when it is queued; error bodies
 * word their `message` in it (the web app renders from `code` and `params` anyway); the served
 * index.html carries it as `<html lang>` so the first paint is right.
 */
export const requestLanguage = (request: FastifyRequest, uiLocales?: unknown): Language => {
  const query = request.query as Record<string, unknown> | undefined;
  const linked = query && typeof query[LANGUAGE_QUERY] === 'string' ? query[LANGUAGE_QUERY] : undefined;
  const header = request.headers['accept-language'];
  return resolveLanguage({
    query: toLanguage(linked) ?? uiLocalesLanguage(uiLocales),
    cookie: request.cookies?.[LANGUAGE_COOKIE],
    acceptLanguage: typeof header === 'string' ? header : undefined,
  });
};
