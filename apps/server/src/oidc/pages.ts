import type { IncomingMessage } from 'node:http';
import type { Language } from '@hub/core';
import type { FastifyRequest } from 'fastify';
import { requestLanguage } from '../http/language.js';
import { originOf } from '../http/request-context.js';
import { commonText } from '../i18n.js';
import { DEFAULT_PRODUCT_NAME } from '../mail/templates.js';
import type { ClientOrigin } from '../services/audit.js';
import { escapeHtml, FAVICON_PATH } from '../services/html.js';

/**
 * The hub's request behind each request handed to oidc-provider (routes.ts), so the pages the
 * provider renders can tell its language, and its audit rows (events.ts) its origin: the provider
 * sees only the raw request.
 */
const hubRequests = new WeakMap<IncomingMessage, FastifyRequest>();

/** Remembers the hub's request for the one oidc-provider is given. */
export const rememberHubRequest = (forProvider: IncomingMessage, request: FastifyRequest) => {
  hubRequests.set(forProvider, request);
};

/** The origin (address, request id, browser) of the hub's request behind one handed to the provider. */
export const hubRequestOrigin = (forProvider: IncomingMessage): ClientOrigin | undefined => {
  const request = hubRequests.get(forProvider);
  return request && originOf(request);
};

/** What these pages read of oidc-provider's context: the raw request and the request's parameters. */
export interface PageContext {
  req: IncomingMessage;
  oidc?: { params?: Record<string, unknown> | undefined } | undefined;
}

/**
 * The language of a page oidc-provider renders (issue #18): the hub's rule (http/language.ts:
 * `?lng=`, the `hub_lng` cookie, Accept-Language), with the request's `ui_locales` after `?lng=`.
 */
export const pageLanguage = (ctx: PageContext): Language => {
  const request = hubRequests.get(ctx.req);
  if (request) return requestLanguage(request, ctx.oidc?.params?.ui_locales);
  return 'en';
};

/** A page in `language`: its title as the heading, then `body` (HTML, escaped by the caller). */
const page = (language: Language, title: string, body: string) =>
  `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><link rel="icon" type="image/svg+xml" href="${FAVICON_PATH}"></head><body><main><h1>${escapeHtml(title)}</h1>${body}</main></body></html>`;

/**
 * RP-initiated logout's confirmation: oidc-provider's form (its xsrf field) and the button that
 * submits it. No inline script or style: the hub's CSP holds here too.
 */
export const signOutPage = (language: Language, form: string) => {
  const t = commonText(language);
  return page(
    language,
    t('oidcPage.signOutTitle', { product: DEFAULT_PRODUCT_NAME }),
    `${form}<p><button type="submit" form="op.logoutForm" name="logout" value="yes">${escapeHtml(t('oidcPage.signOut'))}</button></p>`,
  );
};

/** After a logout that names no address of the client's to go back to. */
export const signedOutPage = (language: Language) => {
  const t = commonText(language);
  return page(language, t('oidcPage.signedOutTitle'), `<p>${escapeHtml(t('oidcPage.signedOut'))}</p>`);
};

/**
 * An error oidc-provider cannot send back to the client (a redirect URI it does not know, a client
 * that does not exist…): what happened in the reader's language, then the OAuth error code and
 * oidc-provider's own description, which are for the client's developers and stay as they are
 * (English, marked so: a screen reader reads them as English).
 */
export const errorPage = (language: Language, out: { error?: string; error_description?: string }) => {
  const t = commonText(language);
  const code = `<p lang="en"><code>${escapeHtml(out.error ?? 'error')}</code></p>`;
  const description = out.error_description ? `<p lang="en">${escapeHtml(out.error_description)}</p>` : '';
  return page(
    language,
    t('oidcPage.errorTitle'),
    `<p>${escapeHtml(t('oidcPage.error'))}</p>${code}${description}`,
  );
};
