import { envFromCallbackParam, STORED_INTEGER_MAX, text } from '@hub/core';
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify';
import { z } from 'zod';
import { HubError } from '../errors.js';
import { clearSessionCookie, requireSameOrigin } from '../http/request-context.js';
import { currentSession } from '../http/session.js';
import type { Hub } from '../hub.js';
import { escapeHtml } from '../services/html.js';
import { allowedCallbackEnvs } from './callbacks.js';

const logoutQuerySchema = z.object({
  tid: z.coerce.number().int().positive().max(STORED_INTEGER_MAX).optional(),
  callback: text(64).optional(),
});
type LogoutQuery = z.infer<typeof logoutQuerySchema>;

/** A malformed tid or callback is refused like any bad input, before the session is touched. */
const parseLogoutInput = (input: unknown): LogoutQuery => {
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

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><style>body{font:16px/1.5 system-ui,sans-serif;max-width:32rem;margin:4rem auto;padding:0 1rem;color:#0f172a}button{font:inherit;font-weight:600;padding:.6rem 1.2rem;border:0;border-radius:.5rem;background:#0f172a;color:#fff;cursor:pointer}a{color:#1d4ed8}p.actions{display:flex;gap:1.5rem;align-items:center}</style></head><body><main>${body}</main></body></html>`;

/**
 * Single logout. A page of another site can send the browser to a GET, so a GET alone never ends
 * the session unless the person asked for it themselves (typed or bookmarked: Sec-Fetch-Site none)
 * or it came from the hub's own pages (same-origin). Anyone else gets a confirmation page whose
 * button POSTs, same-origin only. The session cookie is cleared with the attributes it was set with.
 */
export const registerLogoutRoutes = (app: FastifyInstance, hub: Hub) => {
  const endSession = async (request: FastifyRequest, reply: FastifyReply, query: LogoutQuery) => {
    const session = await currentSession(hub, request);
    if (session) await hub.sessions.revoke(session.id, hub.now());
    clearSessionCookie(reply, hub.config);
    const target = await logoutTarget(hub, query);
    return reply
      .header('referrer-policy', 'no-referrer')
      .header('cache-control', 'no-store')
      .redirect(target, 303);
  };

  app.get('/sso/logout', async (request, reply) => {
    const query = parseLogoutInput(request.query);
    const fetchSite = request.headers['sec-fetch-site'];
    const asked = fetchSite === 'none' || fetchSite === 'same-origin';
    // Nothing to end: going back to the tool at once harms no one.
    if (asked || !(await currentSession(hub, request))) return endSession(request, reply, query);

    const target = await logoutTarget(hub, query);
    const tool = query.tid ? await hub.tools.findByTid(query.tid) : undefined;
    const hidden = [
      query.tid ? `<input type="hidden" name="tid" value="${escapeHtml(String(query.tid))}">` : '',
      query.callback ? `<input type="hidden" name="callback" value="${escapeHtml(query.callback)}">` : '',
    ].join('');
    const who = tool ? `${escapeHtml(tool.name)} asks to sign you out.` : 'A page asks to sign you out.';
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
            'Sign out of Account Hub?',
            `<h1>Sign out of Account Hub?</h1><p>${who} Signing out of Account Hub signs you out here and you will be asked to sign in again on every site that uses it.</p><form method="post" action="/sso/logout">${hidden}<p class="actions"><button type="submit" data-testid="logout-confirm">Sign out</button><a href="/" data-testid="logout-cancel">Stay signed in</a></p></form>`,
          ),
        )
    );
  });

  // The confirmation page's form: urlencoded, parsed only on this route (no other route takes a form).
  app.register(async (scope) => {
    scope.addContentTypeParser(
      'application/x-www-form-urlencoded',
      { parseAs: 'string', bodyLimit: 1024 },
      (_request, body, done) => done(null, Object.fromEntries(new URLSearchParams(String(body)))),
    );
    scope.post('/sso/logout', async (request, reply) => {
      requireSameOrigin(request, hub.config);
      return endSession(request, reply, parseLogoutInput(request.body ?? {}));
    });
  });
};
