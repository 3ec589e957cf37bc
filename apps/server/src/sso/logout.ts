import type { Language, LogoutQuery } from '@hub/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { requestLanguage } from '../http/language.js';
import { clearSessionCookie, requireSameOrigin } from '../http/request-context.js';
import { sessionTokenOf } from '../http/session.js';
import type { Hub } from '../hub.js';
import { commonText } from '../i18n.js';
import { DEFAULT_PRODUCT_NAME } from '../mail/templates.js';
import { escapeHtml } from '../services/html.js';
import { parseLogoutInput, requestLogout, signOut } from './sign-out.js';

const page = (language: Language, title: string, body: string) =>
  `<!doctype html><html lang="${language}"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#0f172a}button{font:inherit;font-weight:600;padding:.6rem 1.2rem;border:0;border-radius:.5rem;background:#0f172a;color:#fff;cursor:pointer}a{color:#1d4ed8}p.actions{display:flex;gap:1.5rem;align-items:center}</style></head><body><main>${body}</main></body></html>`;

/**
 * Single logout. A page of another site can send the browser to a GET, so a GET alone never ends
 * the session unless the person asked for it themselves (typed or bookmarked: Sec-Fetch-Site none)
 * or it came from the hub's own pages (same-origin). Anyone else gets a confirmation page whose
 * button POSTs, same-origin only. The session cookie is cleared with the attributes it was set with.
 */
export const registerLogoutRoutes = (app: FastifyInstance, hub: Hub) => {
  const signedOut = (reply: FastifyReply, target: string) => {
    clearSessionCookie(reply, hub.config);
    return reply
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')
      .redirect(target, 303);
  };

  app.get('/sso/logout', { schema: { errors: [], redirect: true } }, async (request, reply) => {
    const query = parseLogoutInput(request.query);
    const fetchSite = request.headers['sec-fetch-site'];
    const outcome = await requestLogout(
      hub,
      {
        sessionToken: sessionTokenOf(hub, request),
        asked: fetchSite === 'none' || fetchSite === 'same-origin',
      },
      query,
    );
    if (outcome.next === 'signed_out') return signedOut(reply, outcome.target);
    return confirmationPage(reply, requestLanguage(request), query, outcome.target, outcome.toolName);
  });

  // The confirmation page's form: urlencoded, parsed only on this route (no other route takes a form).
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    const postSchema = { errors: ['origin.forbidden', 'request.malformed_json'] } as const;
    scope.post('/sso/logout', { schema: postSchema }, async (request, reply) => {
      requireSameOrigin(request, hub.config);
      const query = parseLogoutInput(request.body ?? {});
      const outcome = await signOut(hub, sessionTokenOf(hub, request), query);
      return signedOut(reply, outcome.target);
    });
  });
};

/** The confirmation, in the reader's language: its button POSTs the same tid and callback, same-origin only. */
const confirmationPage = (
  reply: FastifyReply,
  language: Language,
  query: LogoutQuery,
  target: string,
  toolName?: string,
) => {
  const t = commonText(language);
  const product = DEFAULT_PRODUCT_NAME;
  const hidden = [
    query.tid ? `<input type="hidden" name="tid" value="${escapeHtml(String(query.tid))}">` : '',
    query.callback ? `<input type="hidden" name="callback" value="${escapeHtml(query.callback)}">` : '',
  ].join('');
  const who = escapeHtml(toolName ? t('logoutPage.toolAsks', { tool: toolName }) : t('logoutPage.pageAsks'));
  // The form's redirect goes on to the tool: form-action must allow its origin, or the browser stops there.
  const targetOrigin = target.startsWith('/') ? '' : ` ${new URL(target).origin}`;
  return (
    reply
      .header(
        'content-security-policy',
        `default-src 'none'; style-src 'unsafe-inline'; form-action 'self'${targetOrigin}; frame-ancestors 'none'; base-uri 'none'`,
      )
      .header('cache-control', 'no-store')
      // Not no-referrer: with it Chromium sends `Origin: null` on the form's POST, which the
      // same-origin check must refuse. Nothing of this page reaches another site either way.
      .header('referrer-policy', 'same-origin')
      .type('text/html; charset=utf-8')
      .send(
        page(
          language,
          t('logoutPage.title', { product }),
          `<h1>${escapeHtml(t('logoutPage.title', { product }))}</h1><p>${who} ${escapeHtml(t('logoutPage.explain', { product }))}</p><form method="post" action="/sso/logout">${hidden}<p class="actions"><button type="submit" data-testid="logout-confirm">${escapeHtml(t('logoutPage.confirm'))}</button><a href="/" data-testid="logout-cancel">${escapeHtml(t('logoutPage.stay'))}</a></p></form>`,
        ),
      )
  );
};
