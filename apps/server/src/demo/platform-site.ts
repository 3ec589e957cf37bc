import { isPlatform, platformProductNames } from '@hub/core';
import type { FastifyInstance } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import type { Hub } from '../hub.js';
import { escapeHtml, FAVICON_PATH } from '../services/html.js';
import { audienceClaim } from '../sso/ainfo.js';

const page = (title: string, body: string) =>
  `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${escapeHtml(title)}</title><link rel="icon" type="image/svg+xml" href="${FAVICON_PATH}"></head><body><main>${body}</main></body></html>`;

/**
 * Stand-ins for the Personal and Business sites in local and development (PSL_URL and BIZ_URL
 * default here): their /sso/account/auth verifies the ainfo it receives, as a real site would,
 * and shows who signed in.
 */
export const registerDemoPlatformSites = (app: FastifyInstance, hub: Hub) => {
  app.get<{ Params: { platform: string }; Querystring: Record<string, string | undefined> }>(
    '/demo/:platform/sso/account/auth',
    { schema: { errors: [] } },
    async (request, reply) => {
      const { platform } = request.params;
      if (!isPlatform(platform))
        return reply.status(404).type('text/html').send(page('Not found', '<h1>Not found</h1>'));
      reply
        .header('cache-control', 'no-store')
        .header('referrer-policy', 'no-referrer')
        .type('text/html; charset=utf-8');
      const name = platformProductNames[platform];
      const ainfo = request.query.ainfo ?? '';
      try {
        const jwks = createLocalJWKSet(await hub.keys.jwks());
        const { payload } = await jwtVerify(ainfo, jwks, {
          issuer: hub.config.publicUrl,
          audience: audienceClaim({ kind: 'platform', platform }),
          currentDate: new Date(hub.now()),
        });
        const account = await hub.accounts.findById(String(payload.aid));
        const who = account?.email ?? account?.username ?? String(payload.aid);
        return page(
          `${name} — signed in`,
          `<h1 data-testid="platform-signed-in">Signed in to ${escapeHtml(name)}</h1><p>Account: <strong data-testid="platform-account">${escapeHtml(who)}</strong></p><p>aid: <code data-testid="platform-aid">${escapeHtml(String(payload.aid))}</code></p><p>subcb: <code>${escapeHtml(request.query.subcb ?? '')}</code></p>`,
        );
      } catch (error) {
        reply.status(401);
        return page(
          `${name} — not signed in`,
          `<h1 data-testid="platform-refused">The ainfo was refused</h1><p>${escapeHtml((error as Error).message)}</p>`,
        );
      }
    },
  );
};
