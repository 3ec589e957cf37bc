import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import fastifyStatic from '@fastify/static';
import { errorMessage, type Language, languages, matchRoute } from '@hub/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import { routineRouteLogLevel } from '../log.js';
import { FAVICON_PATH } from '../services/html.js';
import { requestLanguage } from './language.js';
import { pageIndexes, withLanguage } from './page-meta.js';

const IMMUTABLE = 'public, max-age=31536000, immutable';

/**
 * Serves the built web app: hashed assets cached for a year, everything else revalidated, and
 * the app's index for every page route. A path that is no screen of the spec still gets the app
 * (which shows 'Error 404') but with status 404, so crawlers and tools see the truth. The landing
 * and legal pages get their title and sharing metadata in the index itself (page-meta.ts).
 */
export const registerWebApp = async (
  app: FastifyInstance,
  webDist: string,
  publicUrl: string,
  options: {
    devMailbox?: boolean;
    /** Whether this browser may see the operator console's page (admin/guard.ts); else it is a 404. */
    mayOpenConsole?: (request: FastifyRequest) => Promise<boolean>;
  } = {},
) => {
  const indexFile = join(webDist, 'index.html');
  const hasBuild = existsSync(indexFile);
  // A page load fetches a dozen files: their request lines only at LOG_LEVEL=debug or trace, so the
  // info log shows pages and API calls (log.ts routineRouteLogLevel).
  const assetLogLevel = routineRouteLogLevel(app.log);
  const mayOpenConsole = options.mayOpenConsole ?? (async () => false);
  if (hasBuild) {
    await app.register(fastifyStatic, {
      root: webDist,
      logLevel: assetLogLevel,
      wildcard: false,
      index: false,
      // Vite's build writes .br and .gz beside each asset; they are sent to browsers that accept them.
      preCompressed: true,
      setHeaders: (reply, path) => {
        reply.header(
          'cache-control',
          path.includes('/assets/') ? IMMUTABLE : 'public, max-age=0, must-revalidate',
        );
      },
    });
  } else {
    app.log.warn({ webDist }, 'web app build not found; pages will answer 503 until `npm run build`');
  }
  // Browsers ask for /favicon.ico on pages that name no icon (the dev mailbox, a tool's own pages);
  // the hub's icon is an SVG, so that address points at it instead of answering 404.
  app.get('/favicon.ico', { logLevel: assetLogLevel, schema: { errors: [] } }, (_request, reply) =>
    reply.header('cache-control', 'public, max-age=86400').redirect(FAVICON_PATH, 301),
  );
  const builtIndex = hasBuild ? readFileSync(indexFile, 'utf8') : '';
  // Local and development without a mail server: the code step links to the dev mailbox.
  const indexHtml = options.devMailbox
    ? builtIndex.replace('</head>', '<meta name="hub-dev-mailbox" content="/dev/mail"></head>')
    : builtIndex;
  // Every page in every language, ahead of any request: `<html lang>` and the titles follow the request's language.
  const indexes = new Map(
    languages.map((language): [Language, { plain: string; pages: ReadonlyMap<string, string> }] => {
      const localized = withLanguage(indexHtml, language);
      return [language, { plain: localized, pages: pageIndexes(localized, publicUrl, language) }];
    }),
  );

  app.setNotFoundHandler(async (request, reply) => {
    const path = request.url.split('?')[0] ?? '/';
    const wantsApi = path === '/api' || path.startsWith('/api/');
    if (wantsApi || (request.method !== 'GET' && request.method !== 'HEAD')) {
      return reply.status(404).send({ code: 'not_found', message: errorMessage('not_found') });
    }
    if (!hasBuild) {
      return reply
        .status(503)
        .type('text/plain')
        .send('The web app has not been built. Run `npm run build`.');
    }
    const route = matchRoute(path).id;
    // The console's page exists only for an account that holds a console role (docs/console.md).
    const hidden = route === 'not_found' || (route === 'admin' && !(await mayOpenConsole(request)));
    const status = hidden ? 404 : 200;
    const index = indexes.get(requestLanguage(request))!;
    return reply
      .status(status)
      .header('cache-control', 'no-cache')
      .type('text/html; charset=utf-8')
      .header('vary', 'Accept-Language, Cookie')
      .send(index.pages.get(path) ?? index.plain);
  });
};
