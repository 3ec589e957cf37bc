import type { FastifyInstance } from 'fastify';
import { escapeHtml, FAVICON_PATH } from './html.js';

/**
 * The look of the server's own local pages (the Personal and Business stand-ins, the dev mailbox):
 * the hub's colours and type (apps/web/src/styles.css: slate text on slate-50, a white card, the
 * primary blue or the business green), one column that fits from 320 px. A style sheet of its own
 * at STAND_IN_CSS_PATH, so the pages keep the hub's CSP (nothing inline).
 */
const STYLE = `
:root{--accent:#2563eb;--accent-dark:#1d4ed8;--accent-soft:#eff6ff}
:root[data-platform="biz"]{--accent:#16a34a;--accent-dark:#15803d;--accent-soft:#f0fdf4}
*{box-sizing:border-box}
html{-webkit-text-size-adjust:100%;text-size-adjust:100%}
body{margin:0;background:#f8fafc;color:#0f172a;font:16px/1.5 system-ui,-apple-system,"Segoe UI",Roboto,"Helvetica Neue",Arial,"Noto Sans",sans-serif;-webkit-font-smoothing:antialiased}
header.bar{display:flex;align-items:center;justify-content:space-between;gap:.75rem;flex-wrap:wrap;padding:.75rem 1rem;background:#fff;border-bottom:1px solid #e2e8f0}
header.bar a.brand{display:flex;align-items:center;gap:.5rem;font-weight:700;color:#0f172a;text-decoration:none}
header.bar a.brand img{width:28px;height:28px}
header.bar .tag{font-size:.75rem;font-weight:600;text-transform:uppercase;letter-spacing:.04em;color:#475569;background:#f1f5f9;border-radius:999px;padding:.15rem .6rem}
main{max-width:40rem;margin:0 auto;padding:1.5rem 1rem 3rem}
main.wide{max-width:56rem}
.card{background:#fff;border:1px solid #e2e8f0;border-radius:1rem;padding:1.25rem;box-shadow:0 1px 2px rgba(15,23,42,.05);margin-bottom:1rem;overflow-wrap:anywhere}
h1{font-size:1.5rem;line-height:1.25;margin:0 0 .75rem}
h2{font-size:1.125rem;line-height:1.3;margin:0 0 .5rem}
p{margin:0 0 .75rem}
p.muted,.muted{color:#475569;font-size:.875rem}
a{color:var(--accent-dark)}
code{font:.875em ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#f1f5f9;border-radius:.25rem;padding:.05rem .3rem;overflow-wrap:anywhere}
dl{display:grid;grid-template-columns:minmax(0,auto) minmax(0,1fr);gap:.35rem 1rem;margin:0 0 1rem}
dt{color:#475569}
dd{margin:0;overflow-wrap:anywhere}
nav.next{display:flex;flex-wrap:wrap;gap:.5rem;margin-top:1rem}
.button{display:inline-flex;align-items:center;justify-content:center;min-height:2.75rem;padding:.5rem 1rem;border-radius:.5rem;font-weight:600;text-decoration:none;white-space:nowrap;border:1px solid #cbd5e1;color:#0f172a;background:#fff}
.button.primary{background:var(--accent);border-color:var(--accent);color:#fff}
.button:hover{filter:brightness(.95)}
.button:focus-visible,a:focus-visible{outline:3px solid var(--accent);outline-offset:2px}
ol.mail{list-style:none;margin:0;padding:0}
.code{display:inline-block;font:700 1.75rem/1.2 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;letter-spacing:.2em;color:var(--accent-dark);background:var(--accent-soft);border:1px dashed var(--accent);border-radius:.5rem;padding:.35rem .75rem;margin:.25rem 0 .75rem;user-select:all}
pre{white-space:pre-wrap;overflow-wrap:anywhere;font:.875rem/1.5 ui-monospace,SFMono-Regular,Menlo,Consolas,monospace;background:#f8fafc;border:1px solid #e2e8f0;border-radius:.5rem;padding:.75rem;margin:0}
details summary{cursor:pointer;color:#475569;font-size:.875rem;margin-bottom:.5rem}
`.trim();

export const STAND_IN_CSS_PATH = '/demo/stand-in.css';

/** Serves the stand-ins' style sheet (local and development only, with the stand-ins). */
export const registerStandInStyle = (app: FastifyInstance) => {
  app.get(STAND_IN_CSS_PATH, { schema: { errors: [] } }, (_request, reply) =>
    reply.header('cache-control', 'no-cache').type('text/css; charset=utf-8').send(STYLE),
  );
};

export interface StandInPage {
  title: string;
  /** What the bar says this page is (`Local stand-in`, `Dev mailbox`). */
  tag: string;
  body: string;
  platform?: 'psl' | 'biz';
  wide?: boolean;
  /** A script of the hub's own (same origin: the CSP's `script-src 'self'`). */
  script?: string;
}

export const renderStandInPage = (page: StandInPage): string =>
  [
    '<!doctype html>',
    `<html lang="en"${page.platform ? ` data-platform="${page.platform}"` : ''}>`,
    '<head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">',
    `<meta name="robots" content="noindex"><title>${escapeHtml(page.title)}</title>`,
    `<link rel="icon" type="image/svg+xml" href="${FAVICON_PATH}"><link rel="stylesheet" href="${STAND_IN_CSS_PATH}"></head>`,
    '<body>',
    `<header class="bar"><a class="brand" href="/"><img src="${FAVICON_PATH}" alt="">Account Hub</a><span class="tag">${escapeHtml(page.tag)}</span></header>`,
    `<main${page.wide ? ' class="wide"' : ''}>${page.body}</main>`,
    page.script ? `<script src="${escapeHtml(page.script)}" defer></script>` : '',
    '</body>',
    '</html>',
  ].join('\n');
