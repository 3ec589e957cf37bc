import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { meDataEndpoints, meLogoutEndpoints, meSecurityEndpoints, meSessionsEndpoints } from '@hub/core';
import { createLocalJWKSet, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { runAccountAction } from '../admin/actions.js';
import { policy } from '../policy.js';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { browserFor, signInWith, strongPassword, type TestBrowser } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import {
  authorizationRequest,
  pathOf,
  registerRelyingParty,
  relyingPartyConfig,
} from '../test-support/relying-party.js';

/**
 * Single sign-out (issue #32): whichever way a hub session ends, every OpenID Connect client signed
 * in from it loses its access and refresh tokens, and a client with a back-channel logout URI is
 * told with a signed logout token. Driven with openid-client, as a relying party would.
 */

/** A relying party's back-channel logout endpoint: the logout tokens it received. */
const backchannelReceiver = async () => {
  const received: string[] = [];
  const server: Server = createServer((req, res) => {
    let body = '';
    req.on('data', (chunk) => (body += chunk));
    req.on('end', () => {
      received.push(new URLSearchParams(body).get('logout_token') ?? '');
      res.statusCode = 200;
      res.end();
    });
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const port = (server.address() as AddressInfo).port;
  return {
    received,
    uri: `http://127.0.0.1:${port}/backchannel`,
    close: async () => {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
};

describe.each(testDialects)('single sign-out on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.19.61' });
  let receiver: Awaited<ReturnType<typeof backchannelReceiver>>;
  beforeAll(async () => {
    receiver = await backchannelReceiver();
  });
  afterAll(async () => receiver.close());

  /** Two clients: one told by back-channel logout, one confidential that is not. */
  const twoClients = async () => {
    const told = await registerRelyingParty(ctx.hub, { public: true, backchannelLogoutUri: receiver.uri });
    const quiet = await registerRelyingParty(ctx.hub, { public: false, firstParty: false });
    return {
      told: { id: told.clientId, config: await relyingPartyConfig(ctx.hub, told.clientId) },
      quiet: {
        id: quiet.clientId,
        config: await relyingPartyConfig(ctx.hub, quiet.clientId, quiet.secret),
      },
    };
  };

  /** The browser, signed in to the hub, signs in to a client (consenting if asked) and gets its tokens. */
  const tokensFor = async (browser: TestBrowser, config: client.Configuration) => {
    const { url, verifier, state } = await authorizationRequest(config, { scope: 'openid email' });
    let res = await browser.get(pathOf(url.href));
    for (let hops = 0; hops < 10; hops++) {
      const location = pathOf(String(res.headers.location));
      if (location.startsWith('/oidc/')) res = await browser.get(location);
      else if (location.startsWith('/psl/oidc/consent')) {
        // A third-party client asks for consent once: the hub's consent screen allows it.
        const uid = new URL(location, 'http://x').searchParams.get('oidc');
        const allowed = await browser.post(`/api/oidc/consent/${uid}`, { allow: true });
        expect(allowed.statusCode, allowed.body).toBe(200);
        res = await browser.get(pathOf(allowed.json().location));
      } else break;
    }
    const callback = new URL(String(res.headers.location), ctx.hub.config.publicUrl);
    return client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
  };

  const expectRefused = async (
    config: client.Configuration,
    tokens: client.TokenEndpointResponse,
    sub: string,
  ) => {
    await expect(client.fetchUserInfo(config, tokens.access_token, sub)).rejects.toThrow();
    const me = await ctx.hub.app.inject({
      method: 'GET',
      url: '/oidc/me',
      headers: { authorization: `Bearer ${tokens.access_token}` },
    });
    expect(me.statusCode).toBe(401);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  };

  const expectToldOnce = async (clientId: string, sid: unknown, sub: string) => {
    const jwks = (await ctx.hub.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    const mine = [];
    for (const token of receiver.received) {
      const { payload } = await jwtVerify(token, createLocalJWKSet(jwks), {
        issuer: ctx.hub.config.publicUrl,
        audience: clientId,
      }).catch(() => ({ payload: undefined }));
      if (payload) mine.push(payload);
    }
    expect(mine).toHaveLength(1);
    expect(mine[0]).toMatchObject({
      sub,
      sid,
      events: { 'http://schemas.openid.net/event/backchannel-logout': {} },
    });
  };

  /** An account signed in on a laptop (with both clients) and a phone; the laptop's sign-ins are ended. */
  const scenario = async () => {
    const n = ++ctx.n;
    const email = `sso-out-${n}@example.ph`;
    const sub = await seedAccount(ctx.hub, { email });
    const laptop = browserFor(ctx.hub, `198.19.61.${2 * n}`);
    const phone = browserFor(ctx.hub, `198.19.61.${2 * n + 1}`);
    laptop.userAgent = 'laptop';
    phone.userAgent = 'phone';
    await signInWith(laptop, email);
    await signInWith(phone, email);
    const clients = await twoClients();
    const told = await tokensFor(laptop, clients.told.config);
    const quiet = await tokensFor(laptop, clients.quiet.config);
    const phoneTokens = await tokensFor(phone, clients.quiet.config);
    return { sub, email, laptop, phone, clients, told, quiet, phoneTokens };
  };

  type Scenario = Awaited<ReturnType<typeof scenario>>;
  const kinds: [string, (s: Scenario) => Promise<void>][] = [
    [
      'log out in the account center',
      async ({ laptop }) => {
        expect((await laptop.post(meLogoutEndpoints.logout, {})).statusCode).toBe(200);
      },
    ],
    [
      'single logout (GET /sso/logout, typed)',
      async ({ laptop }) => {
        const res = await ctx.hub.app.inject({
          method: 'GET',
          url: '/sso/logout',
          remoteAddress: laptop.ip,
          headers: {
            cookie: [...laptop.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
            'sec-fetch-site': 'none',
          },
        });
        expect(res.statusCode).toBe(303);
      },
    ],
    [
      'ending the device from another one',
      async ({ phone }) => {
        const list = (await phone.get(meSessionsEndpoints.sessions)).json() as {
          sessions: { id: string; current: boolean }[];
        };
        const other = list.sessions.find((s) => !s.current)!;
        const res = await phone.send('DELETE', meSessionsEndpoints.endSession.replace(':id', other.id));
        expect(res.statusCode, res.body).toBe(200);
      },
    ],
    [
      'sign out other devices',
      async ({ phone }) => {
        expect((await phone.post(meSessionsEndpoints.endOthers, {})).json()).toEqual({ ended: 1 });
      },
    ],
    [
      'a password change that ends the other sessions',
      async ({ phone }) => {
        const res = await phone.post(meSecurityEndpoints.password, {
          currentPassword: strongPassword,
          newPassword: 'Gabriela-Silang-1763',
          endOtherSessions: true,
        });
        expect(res.statusCode, res.body).toBe(200);
      },
    ],
    [
      'an account deletion request',
      async ({ phone }) => {
        const res = await phone.post(meDataEndpoints.deletion, { password: strongPassword });
        expect(res.statusCode, res.body).toBe(200);
      },
    ],
    [
      'an operator’s delete',
      async ({ sub }) => {
        const by = { operatorId: null, via: 'cli' as const, reason: 'asked by letter', from: null };
        await runAccountAction(ctx.hub.hub, sub, 'delete', by);
      },
    ],
    [
      `signing in ${policy.deviceAccountsMax} more accounts on the same browser`,
      async ({ laptop }) => {
        for (let i = 0; i < policy.deviceAccountsMax; i += 1) {
          const other = `sso-out-${ctx.n}-more${i}@example.ph`;
          await seedAccount(ctx.hub, { email: other });
          await signInWith(laptop, other);
        }
      },
    ],
  ];

  it.each(kinds)('after %s, the ended session’s clients are refused and told', async (_kind, signOut) => {
    const s = await scenario();
    receiver.received.length = 0;
    await signOut(s);
    await ctx.hub.oidc.idle();
    await expectRefused(s.clients.told.config, s.told, s.sub);
    await expectRefused(s.clients.quiet.config, s.quiet, s.sub);
    await expectToldOnce(s.clients.told.id, s.told.claims()?.sid, s.sub);
    // The grants (consent) stay: the device's rows only went.
    const grants = await ctx.db
      .selectFrom('oidc_payloads')
      .select('id')
      .where('model', '=', 'Grant')
      .where('account_id', '=', s.sub)
      .execute();
    expect(grants.length).toBeGreaterThan(0);
  });

  it('ends the last session when the account is erased, and tells its clients after the commit', async () => {
    const s = await scenario();
    // The laptop asks for the deletion: its own session stays through the grace period, the phone's ends.
    expect((await s.laptop.post(meDataEndpoints.deletion, { password: strongPassword })).statusCode).toBe(
      200,
    );
    await ctx.hub.oidc.idle();
    await client.fetchUserInfo(s.clients.told.config, s.told.access_token, s.sub);
    receiver.received.length = 0;
    const now = ctx.hub.clock.now();
    await ctx.db
      .updateTable('accounts')
      .set({ deletion_due_at: now - 1 })
      .where('id', '=', s.sub)
      .execute();
    const outcomes = await ctx.hub.cleanupJob.runOnce();
    expect(outcomes?.find((o) => o.table === 'accounts')?.rows).toBe(1);
    await ctx.hub.oidc.idle();
    await expectRefused(s.clients.told.config, s.told, s.sub);
    await expectToldOnce(s.clients.told.id, s.told.claims()?.sid, s.sub);
    expect(
      await ctx.db.selectFrom('sessions').select('id').where('account_id', '=', s.sub).execute(),
    ).toEqual([]);
  });

  it('keeps the sign-ins of the sessions that did not end', async () => {
    const s = await scenario();
    expect((await s.phone.post(meSessionsEndpoints.endOthers, {})).json()).toEqual({ ended: 1 });
    await expectRefused(s.clients.quiet.config, s.quiet, s.sub);
    const info = await client.fetchUserInfo(s.clients.quiet.config, s.phoneTokens.access_token, s.sub);
    expect(info.sub).toBe(s.sub);
    const refreshed = await client.refreshTokenGrant(s.clients.quiet.config, s.phoneTokens.refresh_token!);
    expect(refreshed.access_token).toBeTruthy();
  });

  it('puts sid and auth_time in every ID token, without a back-channel URI or max_age', async () => {
    const s = await scenario();
    for (const tokens of [s.quiet, s.phoneTokens]) {
      const claims = tokens.claims()!;
      expect(typeof claims.sid).toBe('string');
      expect(typeof claims.auth_time).toBe('number');
    }
    // A refresh keeps them.
    const refreshed = await client.refreshTokenGrant(s.clients.quiet.config, s.quiet.refresh_token!);
    expect(refreshed.claims()?.sid).toBe(s.quiet.claims()?.sid);
  });

  it('never asks a first-party client for consent, also after its grant was revoked', async () => {
    const n = ++ctx.n;
    const email = `sso-first-${n}@example.ph`;
    const sub = await seedAccount(ctx.hub, { email });
    const browser = browserFor(ctx.hub, `198.19.62.${n}`);
    await signInWith(browser, email);
    const { clientId } = await registerRelyingParty(ctx.hub, { public: true, firstParty: true });
    const config = await relyingPartyConfig(ctx.hub, clientId);
    const tokens = await tokensFor(browser, config);
    // A refresh token presented twice revokes the whole grant (a sign it was stolen).
    await client.refreshTokenGrant(config, tokens.refresh_token!);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    const { url, verifier, state } = await authorizationRequest(config, { prompt: 'none' });
    let res = await browser.get(pathOf(url.href));
    while (pathOf(String(res.headers.location)).startsWith('/oidc/'))
      res = await browser.get(pathOf(String(res.headers.location)));
    const callback = new URL(String(res.headers.location));
    expect(callback.searchParams.get('error')).toBeNull();
    const again = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(again.claims()?.sub).toBe(sub);
  });

  it('does not offer offline_access', async () => {
    const doc = (
      await ctx.hub.app.inject({ method: 'GET', url: '/.well-known/openid-configuration' })
    ).json();
    expect(doc.scopes_supported).not.toContain('offline_access');
  });
});
