import type { FastifyInstance } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import { z } from 'zod';
import { FAVICON_PATH } from '../services/html.js';
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

// Plain semantic HTML: the app's CSP (`style-src 'self'`, no inline script) applies to this page.
const renderPage = (messages: DevMail[], to: string | undefined): string => {
  const items = messages.map((mail) => {
    const at = new Date(mail.at).toISOString();
    return [
      '<li><article>',
      `<h2>${escapeHtml(mail.subject)}</h2>`,
      `<p><time datetime="${at}">${at}</time> · to <strong>${escapeHtml(mail.to)}</strong></p>`,
      `<pre>${escapeHtml(mail.text)}</pre>`,
      '</article></li>',
    ].join('\n');
  });
  const scope = to ? ` for ${escapeHtml(to)}` : '';
  return [
    '<!doctype html>',
    '<html lang="en">',
    '<head><meta charset="utf-8"><meta name="robots" content="noindex"><title>Dev mailbox</title>',
    `<link rel="icon" type="image/svg+xml" href="${FAVICON_PATH}"></head>`,
    '<body>',
    '<main>',
    '<h1>Dev mailbox</h1>',
    `<p>Mail the hub sent${scope}, newest first. No mail server is configured (<code>SMTP_URL</code>), so mail stops here. As JSON: <a href="/dev/mail.json">/dev/mail.json</a>.</p>`,
    items.length ? `<ol reversed>\n${items.join('\n')}\n</ol>` : '<p>No mail yet.</p>',
    '</main>',
    '</body>',
    '</html>',
  ].join('\n');
};

/**
 * The dev mailbox: `GET /dev/mail` (HTML) and `GET /dev/mail.json`, both with an optional `?to=`.
 * Register it only in local/development without SMTP_URL, i.e. when `createMailTransport` returned
 * a `devMailbox`: the pages show codes, so they must not exist in sandbox or production.
 */
export const registerDevMailbox = (app: FastifyInstance, mailbox: DevMailbox) => {
  const routes = app.withTypeProvider<ZodTypeProvider>();
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
    { schema: { querystring: mailboxQuerySchema, response: { 200: devMailListSchema }, errors: [] } },
    async (request, reply) =>
      reply
        .header('cache-control', 'no-store')
        .send({ messages: mailbox.list({ to: request.query.to }).map(toJson) }),
  );
};
