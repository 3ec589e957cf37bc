import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { routineRouteLogLevel } from '../log.js';
import { renderStandInPage } from '../services/stand-in-page.js';
import { escapeHtml } from './html-layout.js';
import type { DevMail, DevMailbox } from './transport.js';

const mailboxQuerySchema = z.object({ to: z.email().max(254).optional() });

const devMailSchema = z.object({
  id: z.number(),
  at: z.string(),
  from: z.string(),
  to: z.string(),
  subject: z.string(),
  text: z.string(),
  html: z.string(),
});

const devMailListSchema = z.object({ messages: z.array(devMailSchema) });

const toJson = (mail: DevMail): z.infer<typeof devMailSchema> => ({
  id: mail.id,
  at: new Date(mail.at).toISOString(),
  from: mail.from,
  to: mail.to,
  subject: mail.subject,
  text: mail.text,
  html: mail.html,
});

/** The 6-digit code a mail carries (spec §4: on a line of its own in the text part), if any. */
const codeIn = (text: string): string | undefined => /^\s*(\d{6})\s*$/m.exec(text)?.[1];

export const MAILBOX_SCRIPT_PATH = '/dev/mail.js';

/**
 * The page's one script (same origin, so the hub's CSP holds: nothing inline): every 2 s it asks
 * /dev/mail.json for the newest message and reloads the page when a new one has come, so a code
 * shows without pressing reload. It stops while the tab is hidden.
 */
const MAILBOX_SCRIPT = `(() => {
  const list = document.querySelector('[data-newest]');
  if (!list) return;
  const seen = list.getAttribute('data-newest');
  const query = list.getAttribute('data-to');
  const url = '/dev/mail.json' + (query ? '?to=' + encodeURIComponent(query) : '');
  const check = async () => {
    if (document.hidden) return;
    try {
      const answer = await fetch(url, { cache: 'no-store' });
      if (!answer.ok) return;
      const { messages } = await answer.json();
      const newest = messages.length ? String(messages[0].id) : '0';
      if (newest !== seen) location.reload();
    } catch {}
  };
  setInterval(check, 2000);
})();
`;

// The hub's look (services/stand-in-page.ts) under the app's CSP (`style-src 'self'`, scripts from
// the hub itself): the code of each mail large and selectable at the top, the whole text below.
const renderPage = (messages: DevMail[], to: string | undefined): string => {
  const items = messages.map((mail) => {
    const at = new Date(mail.at).toISOString();
    const code = codeIn(mail.text);
    return [
      `<li class="card"><article data-testid="mail" data-mail-id="${mail.id}">`,
      `<h2>${escapeHtml(mail.subject)}</h2>`,
      `<p class="muted"><time datetime="${at}">${at}</time> · to <a href="/dev/mail?to=${encodeURIComponent(mail.to)}"><strong>${escapeHtml(mail.to)}</strong></a></p>`,
      code ? `<p><span class="code" data-testid="mail-code">${code}</span></p>` : '',
      `<details${code ? '' : ' open'}><summary>The whole mail</summary><pre>${escapeHtml(mail.text)}</pre></details>`,
      '</article></li>',
    ].join('\n');
  });
  const scope = to ? ` for <strong>${escapeHtml(to)}</strong> (<a href="/dev/mail">everyone</a>)` : '';
  const newest = String(messages[0]?.id ?? 0);
  return renderStandInPage({
    title: 'Dev mailbox',
    tag: 'Dev mailbox',
    wide: true,
    script: MAILBOX_SCRIPT_PATH,
    body: [
      '<h1>Dev mailbox</h1>',
      `<p class="muted">Mail the hub sent${scope}, newest first. No mail server is configured (<code>SMTP_URL</code>), so mail stops here; this page shows a new one by itself. As JSON: <a href="/dev/mail.json">/dev/mail.json</a>.</p>`,
      `<div data-newest="${newest}"${to ? ` data-to="${escapeHtml(to)}"` : ''}>`,
      items.length
        ? `<ol class="mail" reversed>\n${items.join('\n')}\n</ol>`
        : '<p class="card">No mail yet. Sign up or reset a password on the hub and the code shows here.</p>',
      '</div>',
      '<nav class="next" aria-label="Next steps"><a class="button" href="/">Back to the hub</a></nav>',
    ].join('\n'),
  });
};

/**
 * The dev mailbox: `GET /dev/mail` (HTML) and `GET /dev/mail.json`, both with an optional `?to=`.
 * Register it only in local/development without SMTP_URL, i.e. when `createMailTransport` returned
 * a `devMailbox`: the pages show codes, so they must not exist in sandbox or production.
 */
export const registerDevMailbox = (app: FastifyInstance, mailbox: DevMailbox) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
  // The page polls this script's JSON every 2 s: neither shows in the log below LOG_LEVEL=debug.
  const quiet = routineRouteLogLevel(app.log);
  routes.get(MAILBOX_SCRIPT_PATH, { logLevel: quiet, schema: { errors: [] } }, async (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/javascript; charset=utf-8').send(MAILBOX_SCRIPT),
  );
  routes.get(
    '/dev/mail',
    { schema: { querystring: mailboxQuerySchema, errors: [] } },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .type('text/html; charset=utf-8')
        .send(renderPage(mailbox.list({ to: request.query.to }), request.query.to)),
  );
  routes.get(
    '/dev/mail.json',
    {
      schema: { querystring: mailboxQuerySchema, response: { 200: devMailListSchema }, errors: [] },
      logLevel: quiet,
    },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ messages: mailbox.list({ to: request.query.to }).map(toJson) }),
  );
};
