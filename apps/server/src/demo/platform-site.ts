import { isPlatform, type Platform, platformProductNames, routePath } from '@hub/core';
import type { FastifyInstance, FastifyReply } from 'fastify';
import { createLocalJWKSet, jwtVerify } from 'jose';
import type { Hub } from '../hub.js';
import { escapeHtml } from '../services/html.js';
import { registerStandInStyle, renderStandInPage } from '../services/stand-in-page.js';
import { audienceClaim } from '../sso/ainfo.js';

/** Where a person goes from a stand-in: the hub's screens and the local tools beside it. */
const nextSteps = (hub: Hub, platform: Platform, signedIn: boolean) => {
  const other: Platform = platform === 'psl' ? 'biz' : 'psl';
  const links = signedIn
    ? [
        `<a class="button primary" data-testid="platform-account-center" href="${routePath('account', { platform })}">Account center</a>`,
        `<a class="button" data-testid="platform-sign-out" href="/sso/logout">Sign out</a>`,
      ]
    : [
        `<a class="button primary" data-testid="platform-log-in" href="${routePath('login', { platform })}">Log in</a>`,
        `<a class="button" href="${routePath('registration', { platform })}">Sign up</a>`,
      ];
  links.push(
    `<a class="button" data-testid="platform-try-tool" href="${escapeHtml(hub.config.demoToolUrl)}">Try a tool</a>`,
    `<a class="button" href="/demo/${other}">${escapeHtml(platformProductNames[other])} stand-in</a>`,
  );
  links.push(`<a class="button" href="/">Back to the hub</a>`);
  return `<nav class="next" aria-label="Next steps">${links.join('')}</nav>`;
};

const send = (reply: FastifyReply, status: number, html: string) =>
  reply
    .status(status)
    .header('cache-control', 'no-store')
    .header('referrer-policy', 'no-referrer')
    .type('text/html; charset=utf-8')
    .send(html);

/**
 * Stand-ins for the Personal and Business sites in local and development (PSL_URL and BIZ_URL
 * default here): their /sso/account/auth verifies the ainfo it receives, as a real site would,
 * shows who signed in and offers the next steps (the account center, sign out, the other platform,
 * the demo tool, the hub); /demo/psl and /demo/biz say what they are and link to sign-in.
 */
export const registerDemoPlatformSites = (app: FastifyInstance, hub: Hub) => {
  registerStandInStyle(app);
  const notFound = (reply: FastifyReply) =>
    send(
      reply,
      404,
      renderStandInPage({
        title: 'Not found',
        tag: 'Local stand-in',
        body: '<div class="card"><h1>Not found</h1><p><a href="/">Back to the hub</a></p></div>',
      }),
    );

  app.get<{ Params: { platform: string } }>(
    '/demo/:platform',
    { schema: { errors: [] } },
    async (request, reply) => {
      const { platform } = request.params;
      if (!isPlatform(platform)) return notFound(reply);
      const name = platformProductNames[platform];
      return send(
        reply,
        200,
        renderStandInPage({
          title: `${name} — local stand-in`,
          tag: 'Local stand-in',
          platform,
          body: `<div class="card"><h1 data-testid="platform-home">${escapeHtml(name)}</h1><p>This is a local stand-in for the ${escapeHtml(name)} site. After a sign-in or sign-up the hub sends people to its <code>/sso/account/auth</code> with a signed <code>ainfo</code>, which this page checks as the real site would.</p>${nextSteps(hub, platform, false)}</div>`,
        }),
      );
    },
  );

  app.get<{ Params: { platform: string }; Querystring: Record<string, string | undefined> }>(
    '/demo/:platform/sso/account/auth',
    { schema: { errors: [] } },
    async (request, reply) => {
      const { platform } = request.params;
      if (!isPlatform(platform)) return notFound(reply);
      const name = platformProductNames[platform];
      const ainfo = request.query.ainfo ?? '';
      const subcb = request.query.subcb;
      try {
        const jwks = createLocalJWKSet(await hub.keys.jwks());
        const { payload } = await jwtVerify(ainfo, jwks, {
          issuer: hub.config.publicUrl,
          audience: audienceClaim({ kind: 'platform', platform }),
          currentDate: new Date(hub.now()),
        });
        const account = await hub.accounts.findById(String(payload.aid));
        const who = account?.email ?? account?.username ?? String(payload.aid);
        const details = [
          `<dt>Account</dt><dd><strong data-testid="platform-account">${escapeHtml(who)}</strong></dd>`,
          `<dt>aid</dt><dd><code data-testid="platform-aid">${escapeHtml(String(payload.aid))}</code></dd>`,
          // subcb is the page the person was headed to (spec §6); only shown when there was one.
          subcb
            ? `<dt>Returning to</dt><dd><code data-testid="platform-subcb">${escapeHtml(subcb)}</code></dd>`
            : '',
        ].join('');
        return send(
          reply,
          200,
          renderStandInPage({
            title: `${name} — signed in`,
            tag: 'Local stand-in',
            platform,
            body: `<div class="card"><h1 data-testid="platform-signed-in">Signed in to ${escapeHtml(name)}</h1><p class="muted">The hub's signed proof (<code>ainfo</code>) checked out: signature, issuer, audience and time.</p><dl>${details}</dl>${nextSteps(hub, platform, true)}</div>`,
          }),
        );
      } catch (error) {
        return send(
          reply,
          401,
          renderStandInPage({
            title: `${name} — not signed in`,
            tag: 'Local stand-in',
            platform,
            body: `<div class="card"><h1 data-testid="platform-refused">The ainfo was refused</h1><p>${escapeHtml((error as Error).message)}</p>${nextSteps(hub, platform, false)}</div>`,
          }),
        );
      }
    },
  );
};
