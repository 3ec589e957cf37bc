import { createServer } from 'node:http';
import type { AddressInfo } from 'node:net';
import { ACR_MULTI_FACTOR, ACR_SINGLE_FACTOR, authEndpoints, en, secondFactorEndpoints } from '@hub/core';
import { fil } from '@hub/core/i18n/fil';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { policy } from '../policy.js';
import { registerTool } from '../sso/credentials.js';
import { KEY_PUBLISH_LEAD_MS } from '../sso/signing-keys.js';
import { createOidcClientQueries } from '../storage/oidc.js';
import { createToolQueries } from '../storage/tools.js';
import { seedAccount } from '../test-support/accounts.js';
import { createTestHub, type TestHub } from '../test-support/app.js';
import { auditEvents } from '../test-support/audit.js';
import { browserFor, latestCode, strongPassword, type TestBrowser } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import {
  authorizationRequest,
  pathOf as path,
  RP_REDIRECT as REDIRECT,
  registerRelyingParty,
  relyingPartyConfig,
} from '../test-support/relying-party.js';
import { seedSecondFactor, totpCodeAt } from '../test-support/second-factors.js';
import { type NewOidcClient, rotateClientSecret } from './clients.js';
import { createOidcGrantService } from './consent.js';

const AFTER_LOGOUT = 'https://rp.example.test/bye';

/** openid-client reports invalid_client as an error or, with a 401, as a WWW-Authenticate challenge. */
const isInvalidClient = (error: unknown) => {
  const e = error as { error?: string; cause?: { parameters?: { error?: string } }[] };
  return e.error === 'invalid_client' || e.cause?.[0]?.parameters?.error === 'invalid_client';
};

describe.each(testDialects)('OpenID Connect provider on %s', (dialect) => {
  let hub: TestHub;
  let browser: TestBrowser;
  let accountId: string;
  let n = 0;

  beforeEach(async () => {
    hub = await createTestHub(dialect);
    browser = browserFor(hub);
    n += 1;
    accountId = await seedAccount(hub, { email: `oidc-${n}@example.test`, platforms: ['psl', 'biz'] });
  });
  afterEach(async () => hub.close());

  const register = (input: Partial<NewOidcClient> = {}) =>
    registerRelyingParty(hub, { public: false, postLogoutRedirectUris: [AFTER_LOGOUT], ...input });
  const configFor = (clientId: string, secret?: string, auth?: client.ClientAuth) =>
    relyingPartyConfig(hub, clientId, secret, auth);

  /** The hub's own screens as the web app drives them: identify, then the password. */
  const logIn = async (
    who: TestBrowser,
    email: string,
    context: Record<string, string>,
    platform = 'psl',
  ) => {
    const identified = await who.post(authEndpoints.loginIdentify, { platform, account: email, context });
    expect(identified.json()).toMatchObject({ next: 'password' });
    return who.post(authEndpoints.loginPassword, {
      flowId: identified.json().flowId,
      password: strongPassword,
    });
  };

  /** The authorization request in the browser, up to the redirect back to the client. */
  const authorize = async (
    config: client.Configuration,
    extra: Record<string, string> = {},
    signIn: 'sign-in' | 'none' = 'sign-in',
  ) => {
    const { url, verifier, state } = await authorizationRequest(config, {
      scope: 'openid email profile hub',
      ...extra,
    });
    let res = await browser.get(path(url.href));
    if (signIn === 'sign-in' && res.headers.location?.includes('/oidc/interaction/')) {
      // The hub's own login screens, as the web app drives them.
      const uid = res.headers.location.split('/').pop()!;
      await browser.get(res.headers.location);
      const done = await logIn(browser, `oidc-${n}@example.test`, { oidc: uid });
      res = await browser.get(path(done.json().location));
    }
    return { res, verifier, state, callback: new URL(String(res.headers.location), hub.config.publicUrl) };
  };

  const signedIn = async (config: client.Configuration) => {
    const { callback, verifier, state } = await authorize(config);
    return client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
  };

  it('signs in on the hub login screen and ends the interaction there (one more exit of completeSignIn)', async () => {
    const { clientId } = await register({ public: true, platform: 'biz' });
    const config = await configFor(clientId);
    const { res, verifier, state } = await authorize(config, {}, 'none');
    const interaction = String(res.headers.location);
    expect(interaction).toMatch(/^\/oidc\/interaction\/[A-Za-z0-9_-]+$/);
    const uid = interaction.split('/').pop()!;

    const screen = await browser.get(interaction);
    expect(screen.statusCode).toBe(303);
    expect(screen.headers.location).toBe(`/biz/login?oidc=${uid}`);

    const done = await logIn(browser, `oidc-${n}@example.test`, { oidc: uid }, 'biz');
    expect(done.statusCode).toBe(200);
    const back = await browser.get(path(done.json().location));
    const callback = new URL(String(back.headers.location));
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()?.sub).toBe(accountId);
    expect(tokens.claims()).toMatchObject({ amr: ['pwd'], acr: ACR_SINGLE_FACTOR });
  });

  it('ends the interaction only after the second factor of an account that has one (amr, acr in the id_token)', async () => {
    const { code } = await seedSecondFactor(hub, accountId);
    const { clientId } = await register({ public: true });
    const config = await configFor(clientId);
    const { res, verifier, state } = await authorize(config, {}, 'none');
    const interaction = String(res.headers.location);
    const uid = interaction.split('/').pop()!;
    await browser.get(interaction);
    const parked = await logIn(browser, `oidc-${n}@example.test`, { oidc: uid });
    expect(parked.json()).toMatchObject({ next: 'second_factor', methods: ['totp', 'recovery'] });
    const done = await browser.post(secondFactorEndpoints.verify, {
      flowId: parked.json().flowId,
      method: 'totp',
      code: code(),
    });
    expect(done.statusCode, done.body).toBe(200);
    const back = await browser.get(path(done.json().location));
    const callback = new URL(String(back.headers.location));
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()).toMatchObject({
      sub: accountId,
      amr: ['pwd', 'otp', 'mfa'],
      acr: ACR_MULTI_FACTOR,
    });
  });

  it('signs in again with a second factor when the client asks for the multi-factor acr (acr_values)', async () => {
    const { clientId } = await register({ public: true });
    const config = await configFor(clientId);
    // Signed in with a password only: the hub session's acr is single-factor.
    expect((await signedIn(config)).claims()).toMatchObject({ acr: ACR_SINGLE_FACTOR });
    const { res, verifier, state } = await authorize(config, { acr_values: ACR_MULTI_FACTOR }, 'none');
    const interaction = String(res.headers.location);
    expect(interaction).toMatch(/^\/oidc\/interaction\//);
    const uid = interaction.split('/').pop()!;
    await browser.get(interaction);
    const parked = await logIn(browser, `oidc-${n}@example.test`, { oidc: uid });
    expect(parked.json()).toMatchObject({ next: 'second_factor', methods: [], enrol: true });
    const flowId = parked.json().flowId;
    const { secret } = (await browser.post(secondFactorEndpoints.enrol, { flowId })).json();
    const done = await browser.post(secondFactorEndpoints.enrolConfirm, {
      flowId,
      code: totpCodeAt(secret, hub.clock.now()),
    });
    expect(done.statusCode, done.body).toBe(200);
    const back = await browser.get(path(done.json().location));
    const tokens = await client.authorizationCodeGrant(config, new URL(String(back.headers.location)), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.claims()).toMatchObject({
      sub: accountId,
      acr: ACR_MULTI_FACTOR,
      amr: ['pwd', 'otp', 'mfa'],
    });
  });

  it("keeps an interaction's lifetime on the hub's clock: its cookie, its end, and its expiry", async () => {
    const ttlSeconds = policy.oidcInteractionTtlMs / 1000;
    const { clientId } = await register({ public: true });
    const config = await configFor(clientId);
    const { res } = await authorize(config, {}, 'none');
    const uid = String(res.headers.location).split('/').pop()!;
    expect(await hub.oidc.interactionSecondsLeft(uid)).toBe(ttlSeconds);

    // Ten minutes later on the hub's clock (the test clock is days away from the real one).
    hub.clock.advance(10 * 60_000);
    const screen = await browser.get(`/oidc/interaction/${uid}`);
    const binding = [screen.headers['set-cookie']].flat().find((c) => String(c).startsWith('hub_oidc_uid='));
    expect(binding).toContain(`Max-Age=${ttlSeconds - 600}`);

    // Ending it keeps what is left of its life, not a new one.
    const done = await logIn(browser, `oidc-${n}@example.test`, { oidc: uid });
    expect(done.statusCode).toBe(200);
    expect(await hub.oidc.interactionSecondsLeft(uid)).toBe(ttlSeconds - 600);

    // Past its end on the hub's clock it is gone.
    hub.clock.advance((ttlSeconds - 600) * 1000);
    expect(await hub.oidc.interactionSecondsLeft(uid)).toBe(0);
    await expect(hub.oidc.finishInteraction(uid, { login: { accountId } })).rejects.toThrow(/expired/);
  });

  it('refuses to end an interaction from another browser, and leaves that browser signed out', async () => {
    const { clientId } = await register({ public: true });
    const config = await configFor(clientId);
    const { res } = await authorize(config, {}, 'none');
    const uid = String(res.headers.location).split('/').pop()!;
    // The attacker's uid in a login link the victim follows: the victim's browser never started it.
    const victim = browserFor(hub, '198.51.100.9');
    const victimId = await seedAccount(hub, { email: `victim-${n}@example.test` });
    const refused = await logIn(victim, `victim-${n}@example.test`, { oidc: uid });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().code).toBe('oidc.interaction_invalid');
    expect([...victim.cookies.keys()].some((name) => name.includes('hub_session'))).toBe(false);
    // Nor can it open the interaction screen without the provider's cookie of that browser.
    expect((await victim.get(`/oidc/interaction/${uid}`)).statusCode).toBe(400);
    expect(victimId).toBeTruthy();
  });

  it('lets a hub session sign in without the password, unless the client asks for a fresh login', async () => {
    const { clientId } = await register({ public: true });
    const config = await configFor(clientId);
    await signedIn(config);
    // The provider's own session is gone (as after it expired); the hub session remains.
    for (const name of [...browser.cookies.keys()])
      if (name.includes('oidc_session')) browser.cookies.delete(name);
    for (const prompt of [{}, { prompt: 'none' }] as Record<string, string>[]) {
      const again = await authorize(config, prompt, 'none');
      expect(
        again.callback.searchParams.get('code'),
        `${JSON.stringify(prompt)} ${again.res.headers.location}`,
      ).toBeTruthy();
    }
    const forced = await authorize(config, { prompt: 'login' }, 'none');
    const screen = await browser.get(String(forced.res.headers.location));
    expect(screen.headers.location).toMatch(/^\/psl\/login\?oidc=/);
  });

  it('counts a sign-in only while its hub session lives: signing out of the hub ends it', async () => {
    const { clientId } = await register({ public: true });
    const config = await configFor(clientId);
    await signedIn(config);
    await hub.database.db.updateTable('sessions').set({ revoked_at: hub.clock.now() }).execute();
    const after = await authorize(config, { prompt: 'none' }, 'none');
    expect(after.callback.searchParams.get('error')).toBe('login_required');
  });

  /** Follows the provider's own redirects (resume, the next interaction) until they leave /oidc. */
  const follow = async (location: string) => {
    let next = await browser.get(path(location));
    while (next.statusCode === 303 && path(String(next.headers.location)).startsWith('/oidc/'))
      next = await browser.get(path(String(next.headers.location)));
    return next;
  };

  /** A third-party client's authorization up to its consent screen: the uid the screen works on. */
  const toConsent = async (config: client.Configuration, signIn: 'sign-in' | 'none' = 'sign-in') => {
    const started = await authorize(config, {}, signIn);
    // The sign-in resolved, a new interaction asks for consent: its page sends to the screen.
    const arrived = await follow(String(started.res.headers.location));
    const screen = new URL(String(arrived.headers.location), hub.config.publicUrl);
    expect(screen.pathname).toBe('/psl/oidc/consent');
    return { ...started, uid: screen.searchParams.get('oidc')! };
  };

  it("asks a third-party client's consent once, remembers it, and gives the claims allowed", async () => {
    const { clientId } = await register({ public: true, firstParty: false, name: 'Review Center' });
    const config = await configFor(clientId);
    const { uid, verifier, state } = await toConsent(config);
    const details = await browser.get(`/api/oidc/consent/${uid}`);
    expect(details.statusCode).toBe(200);
    expect(details.json()).toEqual({
      client: { id: clientId, name: 'Review Center' },
      scopes: ['openid', 'email', 'profile', 'hub'],
      receives: ['email', 'name', 'platforms', 'account_type'],
    });
    // Another site cannot answer for the person.
    const forged = await browser.post(
      `/api/oidc/consent/${uid}`,
      { allow: true },
      { origin: 'https://evil.example' },
    );
    expect(forged.json().code).toBe('origin.forbidden');
    // Nor can another browser, which never started the interaction.
    const other = browserFor(hub, '198.51.100.7');
    expect((await other.post(`/api/oidc/consent/${uid}`, { allow: true })).json().code).toBe(
      'oidc.interaction_invalid',
    );

    const allowed = await browser.post(`/api/oidc/consent/${uid}`, { allow: true });
    expect(allowed.statusCode).toBe(200);
    const back = await follow(allowed.json().location);
    const callback = new URL(String(back.headers.location));
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const user = await client.fetchUserInfo(config, tokens.access_token, accountId);
    expect(user).toMatchObject({
      sub: accountId,
      email: `oidc-${n}@example.test`,
      platforms: expect.arrayContaining(['psl', 'biz']),
      account_type: expect.any(Number),
    });
    // The answer is used once.
    expect((await browser.post(`/api/oidc/consent/${uid}`, { allow: true })).statusCode).toBe(400);

    // The next authorization asks nothing: the grant is remembered.
    const again = await authorize(config, {}, 'none');
    expect(again.callback.searchParams.get('code')).toBeTruthy();
    // Also after signing out of the hub and in again (a new provider session): the decision stands.
    await hub.database.db.updateTable('sessions').set({ revoked_at: hub.clock.now() }).execute();
    const later = await authorize(config);
    expect(later.callback.searchParams.get('code'), String(later.res.headers.location)).toBeTruthy();

    // Revoked (as the account center will), the next authorization asks again.
    const grants = createOidcGrantService(hub.hub);
    expect(await grants.list(accountId)).toEqual([
      expect.objectContaining({ clientId, scopes: ['openid', 'email', 'profile', 'hub'] }),
    ]);
    expect(await grants.revoke(accountId, clientId)).toBe(true);
    expect(await grants.list(accountId)).toEqual([]);
    await expect(client.fetchUserInfo(config, tokens.access_token, accountId)).rejects.toThrow();
    await toConsent(config, 'none');
  });

  it("keeps a third-party client's consent across an RP-initiated logout, which ends its tokens", async () => {
    const { clientId, secret } = await register({ firstParty: false });
    const config = await configFor(clientId, secret);
    const { uid, verifier, state } = await toConsent(config);
    const allowed = await browser.post(`/api/oidc/consent/${uid}`, { allow: true });
    const callback = new URL(String((await follow(allowed.json().location)).headers.location));
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const form = await browser.get(
      path(
        client.buildEndSessionUrl(config, {
          id_token_hint: tokens.id_token!,
          post_logout_redirect_uri: AFTER_LOGOUT,
        }).href,
      ),
    );
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(form.body)?.[1];
    const done = await browser.post('/oidc/session/end/confirm', `xsrf=${xsrf}&logout=yes`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(done.headers.location).toBe(AFTER_LOGOUT);
    await hub.oidc.idle();
    // The tokens died with the logout.
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(client.fetchUserInfo(config, tokens.access_token, accountId)).rejects.toThrow();
    expect((await client.tokenIntrospection(config, tokens.access_token)).active).toBe(false);
    // The consent did not: signing in again goes straight back with a code.
    expect(await createOidcGrantService(hub.hub).list(accountId)).toEqual([
      expect.objectContaining({ clientId }),
    ]);
    const again = await authorize(config);
    expect(`${again.callback.origin}${again.callback.pathname}`).toBe(REDIRECT);
    expect(again.callback.searchParams.get('code'), String(again.res.headers.location)).toBeTruthy();
  });

  it('answers the client with access_denied when the person denies consent', async () => {
    const { clientId } = await register({ public: true, firstParty: false });
    const config = await configFor(clientId);
    const { uid, state } = await toConsent(config);
    const denied = await browser.post(`/api/oidc/consent/${uid}`, { allow: false });
    expect(denied.statusCode).toBe(200);
    const callback = new URL(String((await follow(denied.json().location)).headers.location));
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('state')).toBe(state);
    expect(callback.searchParams.get('code')).toBeNull();
  });

  it('shows the interaction in the language of ui_locales, the first one the hub has (issue #18)', async () => {
    const { clientId } = await register({ public: true });
    const config = await configFor(clientId);
    const filipino = await authorize(config, { ui_locales: 'de fil-PH en', prompt: 'login' }, 'none');
    const screen = await browser.get(String(filipino.res.headers.location));
    const target = new URL(String(screen.headers.location), hub.config.publicUrl);
    expect(target.pathname).toBe('/psl/login');
    expect(target.searchParams.get('lng')).toBe('fil');
    const none = await authorize(config, { ui_locales: 'de', prompt: 'login' }, 'none');
    const plain = new URL(
      String((await browser.get(String(none.res.headers.location))).headers.location),
      hub.config.publicUrl,
    );
    expect(plain.searchParams.has('lng')).toBe(false);
  });

  it("words the provider's error page in the reader's language, its code and description as they are (issue #18)", async () => {
    const { clientId } = await register({ public: true });
    const refused = (headers: Record<string, string>, extra = '') =>
      hub.app.inject({
        method: 'GET',
        url: `/oidc/auth?client_id=${clientId}&response_type=code&scope=openid&redirect_uri=${encodeURIComponent('https://evil.example.test/callback')}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256${extra}`,
        headers,
      });
    const filipino = await refused({ 'accept-language': 'fil-PH,fil;q=0.9,en;q=0.8' });
    expect(filipino.statusCode).toBe(400);
    expect(filipino.body).toMatch(/^<!doctype html><html lang="fil">/);
    expect(filipino.body).toContain(`<title>${fil.common['oidcPage.errorTitle']}</title>`);
    expect(filipino.body).toContain(`<p>${fil.common['oidcPage.error']}</p>`);
    // The code and the provider's description are for the client's developers: as they are, marked English.
    expect(filipino.body).toContain('<p lang="en"><code>invalid_redirect_uri</code></p>');
    expect(filipino.body).toMatch(/<p lang="en">[^<]*redirect_uri/);
    // The request's ui_locales over the browser's languages, the remembered choice over them too.
    expect((await refused({ 'accept-language': 'en-US' }, '&ui_locales=de%20fil')).body).toContain(
      '<html lang="fil">',
    );
    expect((await refused({ 'accept-language': 'en-US', cookie: 'hub_lng=fil' })).body).toContain(
      '<html lang="fil">',
    );
    const english = await refused({ 'accept-language': 'en-US' });
    expect(english.body).toMatch(/^<!doctype html><html lang="en">/);
    expect(english.body).toContain(`<h1>${en.common['oidcPage.errorTitle']}</h1>`);
    expect(english.body).toContain('<h1>Sign-in could not continue</h1>');
  });

  it("asks to sign out and says it is done in the reader's language (issue #18)", async () => {
    const { clientId } = await register({ public: true });
    const config = await configFor(clientId);
    const tokens = await signedIn(config);
    browser.cookies.set('hub_lng', 'fil');
    const form = await browser.get(
      path(client.buildEndSessionUrl(config, { id_token_hint: tokens.id_token! }).href),
    );
    expect(form.statusCode).toBe(200);
    expect(form.body).toMatch(/^<!doctype html><html lang="fil">/);
    expect(form.body).toContain('<h1>Mag-sign out sa Account Hub?</h1>');
    expect(form.body).toContain(`value="yes">${fil.common['oidcPage.signOut']}</button>`);
    expect(form.body).not.toMatch(/Sign out|<script|style=/);
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(form.body)?.[1];
    const done = await browser.post('/oidc/session/end/confirm', `xsrf=${xsrf}&logout=yes`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    // No address of the client's to go back to: the provider's own page says it is done.
    const success = await browser.get(path(String(done.headers.location)));
    expect(success.body).toContain(`<h1>${fil.common['oidcPage.signedOutTitle']}</h1>`);
    expect(success.body).toContain(`<p>${fil.common['oidcPage.signedOut']}</p>`);

    // A client's ui_locales for the person wins over the remembered English.
    browser.cookies.set('hub_lng', 'en');
    const again = await signedIn(config);
    const asked = await browser.get(
      path(client.buildEndSessionUrl(config, { id_token_hint: again.id_token!, ui_locales: 'fil-PH' }).href),
    );
    expect(asked.body).toContain('<html lang="fil">');
    browser.cookies.delete('hub_lng');
    const third = await signedIn(config);
    const plain = await browser.get(
      path(client.buildEndSessionUrl(config, { id_token_hint: third.id_token! }).href),
    );
    expect(plain.body).toContain('<h1>Sign out of Account Hub?</h1>');
    expect(plain.body).toContain('value="yes">Sign out</button>');
  });

  it('sends prompt=create to the sign-up screen, whose sign-up ends the interaction', async () => {
    const { clientId } = await register({ public: true });
    const config = await configFor(clientId);
    const { res, verifier, state } = await authorize(config, { prompt: 'create' }, 'none');
    const screen = await browser.get(String(res.headers.location));
    const target = new URL(String(screen.headers.location), hub.config.publicUrl);
    expect(target.pathname).toBe('/psl/registration');
    const uid = target.searchParams.get('oidc')!;
    const email = `new-${n}@example.test`;
    const started = await browser.post(authEndpoints.signupStart, {
      platform: 'psl',
      account: email,
      context: { oidc: uid },
    });
    const { flowId } = started.json();
    await browser.post(authEndpoints.signupVerify, { flowId, code: await latestCode(hub, email) });
    const done = await browser.post(authEndpoints.signupFinalize, { flowId, password: strongPassword });
    expect(done.statusCode).toBe(200);
    const callback = new URL(String((await follow(done.json().location)).headers.location));
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const created = await hub.hub.accounts.findByIdentifier('email', email);
    expect(tokens.claims()?.sub).toBe(created?.id);
  });

  it('tells a client registered for it about the logout, with a signed logout token', async () => {
    const received: string[] = [];
    let arrived: () => void = () => {};
    const delivered = new Promise<void>((resolve) => {
      arrived = resolve;
    });
    const server = createServer((req, res) => {
      let body = '';
      req.on('data', (chunk) => (body += chunk));
      req.on('end', () => {
        received.push(body);
        res.statusCode = 200;
        res.end();
        arrived();
      });
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    try {
      const port = (server.address() as AddressInfo).port;
      const { clientId } = await register({
        public: true,
        backchannelLogoutUri: `http://127.0.0.1:${port}/backchannel`,
      });
      const config = await configFor(clientId);
      const tokens = await signedIn(config);
      const form = await browser.get(
        path(
          client.buildEndSessionUrl(config, {
            id_token_hint: tokens.id_token!,
            post_logout_redirect_uri: AFTER_LOGOUT,
          }).href,
        ),
      );
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(form.body)?.[1];
      await browser.post('/oidc/session/end/confirm', `xsrf=${xsrf}&logout=yes`, {
        'content-type': 'application/x-www-form-urlencoded',
      });
      await delivered;
      const logoutToken = new URLSearchParams(received[0]).get('logout_token')!;
      const jwks = (await hub.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
      const { payload } = await jwtVerify(logoutToken, createLocalJWKSet(jwks), {
        issuer: hub.config.publicUrl,
        audience: clientId,
      });
      expect(payload.sub).toBe(accountId);
      expect(payload.sid).toBe(tokens.claims()?.sid);
      expect(payload.events).toEqual({ 'http://schemas.openid.net/event/backchannel-logout': {} });
    } finally {
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    }
  });

  it('signs in only the members of a linked tool that is not type 1, with or without a password step', async () => {
    const tools = createToolQueries(hub.database.db);
    await registerTool(tools, { tid: 700 + n, name: 'Members only', type: 2 }, hub.clock.now());
    const { clientId } = await register({ public: true, tid: 700 + n });
    const config = await configFor(clientId);
    const first = await authorize(config);
    // After the password, the provider asks again (the membership check) and the hub refuses.
    let next = first.res;
    while (path(String(next.headers.location)).startsWith('/oidc/'))
      next = await browser.get(path(String(next.headers.location)));
    const callback = new URL(String(next.headers.location));
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(callback.searchParams.get('code')).toBeNull();
    // Signed in to the hub now: the refusal holds without a password step too.
    const silent = await authorize(config, { prompt: 'none' }, 'none');
    expect(silent.callback.searchParams.get('error')).toBe('access_denied');

    await tools.addMember(700 + n, accountId, hub.clock.now());
    const member = await authorize(config, { prompt: 'none' }, 'none');
    const tokens = await client.authorizationCodeGrant(config, member.callback, {
      pkceCodeVerifier: member.verifier,
      expectedState: member.state,
    });
    expect(tokens.claims()?.sub).toBe(accountId);
    const refreshed = await client.refreshTokenGrant(config, tokens.refresh_token!);

    // Taken out of the tool: its tokens no longer refresh, nor answer userinfo.
    await tools.removeMember(700 + n, accountId);
    await expect(client.refreshTokenGrant(config, refreshed.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(client.fetchUserInfo(config, refreshed.access_token, accountId)).rejects.toThrow();
    // A code given before the removal is not redeemed after it either.
    await tools.addMember(700 + n, accountId, hub.clock.now());
    const pending = await authorize(config, { prompt: 'none' }, 'none');
    await tools.removeMember(700 + n, accountId);
    await expect(
      client.authorizationCodeGrant(config, pending.callback, {
        pkceCodeVerifier: pending.verifier,
        expectedState: pending.state,
      }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
  });

  it('follows hub keys rotate: the new keys are published first and sign once their lead has passed', async () => {
    const { clientId } = await register({ public: true });
    const config = await configFor(clientId);
    const kidOf = (token: string) =>
      JSON.parse(Buffer.from(token.split('.')[0]!, 'base64url').toString()).kid;
    const published = async () =>
      (
        (await hub.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json().keys as {
          kid: string;
        }[]
      ).map((k) => k.kid);
    const before = kidOf((await signedIn(config)).id_token!);
    const rotated = await hub.hub.keys.rotate();
    expect(await published()).toContain(rotated);
    hub.clock.advance(10_000);
    expect(kidOf((await signedIn(config)).id_token!)).toBe(before);
    hub.clock.advance(KEY_PUBLISH_LEAD_MS);
    expect(kidOf((await signedIn(config)).id_token!)).toBe(rotated);
    // The old key stays published while the tokens it signed may still be checked.
    expect(await published()).toContain(before);
  });

  it('throttles the provider per client address, with the hub 429, in parallel', async () => {
    const from = (ip: string) =>
      hub.app.inject({ method: 'GET', url: '/.well-known/openid-configuration', remoteAddress: ip });
    const burst = await Promise.all(Array.from({ length: 310 }, () => from('198.51.100.77')));
    expect(burst.filter((r) => r.statusCode === 200)).toHaveLength(300);
    const refused = burst.filter((r) => r.statusCode === 429);
    expect(refused).toHaveLength(10);
    expect(refused[0]!.json().code).toBe('rate_limited');
    expect(Number(refused[0]!.headers['retry-after'])).toBeGreaterThan(0);
    expect((await from('198.51.100.78')).statusCode).toBe(200);
    hub.clock.advance(60_000);
    expect((await from('198.51.100.77')).statusCode).toBe(200);
  });

  it('refuses all but one of parallel refreshes with the same token, then the grant', async () => {
    const { clientId } = await register({ public: true });
    const config = await configFor(clientId);
    const tokens = await signedIn(config);
    const results = await Promise.allSettled(
      [1, 2, 3].map(() => client.refreshTokenGrant(config, tokens.refresh_token!)),
    );
    expect(results.filter((r) => r.status === 'fulfilled').length).toBeLessThanOrEqual(1);
    for (const result of results)
      if (result.status === 'fulfilled')
        await expect(client.refreshTokenGrant(config, result.value.refresh_token!)).rejects.toMatchObject({
          error: 'invalid_grant',
        });
  });

  it('answers with response_mode=form_post through a page whose CSP lets only its form leave', async () => {
    const { clientId } = await register({ public: true });
    const config = await configFor(clientId);
    await signedIn(config);
    const { res } = await authorize(config, { response_mode: 'form_post' }, 'none');
    expect(res.statusCode).toBe(200);
    expect(res.body).toContain(`action="${REDIRECT}"`);
    expect(res.body).toMatch(/name="code" value="[^"]+"/);
    const csp = String(res.headers['content-security-policy']);
    expect(csp).toMatch(/script-src 'self' 'sha256-[^']+'/);
    expect(csp).toMatch(/form-action 'self' https:/);
    const hubPage = await hub.app.inject({ method: 'GET', url: '/.well-known/openid-configuration' });
    expect(hubPage.headers['content-security-policy']).toContain("form-action 'self';");
  });

  it('publishes a discovery document with every field OpenID Connect Discovery 1.0 requires, and what the hub promises', async () => {
    const res = await hub.app.inject({ method: 'GET', url: '/.well-known/openid-configuration' });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/^application\/json/);
    const doc = res.json();
    // Discovery 1.0 §3: the REQUIRED members, and the RECOMMENDED ones the hub has.
    for (const field of [
      'issuer',
      'authorization_endpoint',
      'token_endpoint',
      'jwks_uri',
      'response_types_supported',
      'subject_types_supported',
      'id_token_signing_alg_values_supported',
      'userinfo_endpoint',
      'scopes_supported',
      'claims_supported',
    ])
      expect(doc, field).toHaveProperty(field);
    // §4.3: the issuer is exactly the address discovery was read from (PUBLIC_URL), https in production.
    expect(doc.issuer).toBe(hub.config.publicUrl);
    expect(doc.issuer).not.toMatch(/\/$|[?#]/);
    // Every endpoint is on the issuer's origin.
    const endpoints = Object.entries(doc).filter(
      ([name]) => name.endsWith('_endpoint') || name === 'jwks_uri',
    );
    expect(endpoints.map(([name]) => name).sort()).toEqual([
      'authorization_endpoint',
      'device_authorization_endpoint',
      'end_session_endpoint',
      'introspection_endpoint',
      'jwks_uri',
      'pushed_authorization_request_endpoint',
      'revocation_endpoint',
      'token_endpoint',
      'userinfo_endpoint',
    ]);
    for (const [name, value] of endpoints)
      expect(new URL(String(value)).origin, name).toBe(new URL(hub.config.publicUrl).origin);
    expect(doc.userinfo_endpoint).toBe(`${hub.config.publicUrl}/oidc/me`);
    expect(doc.end_session_endpoint).toBe(`${hub.config.publicUrl}/oidc/session/end`);
    expect(doc.subject_types_supported).toEqual(['public']);
    // No implicit or hybrid flow, no dynamic registration; client credentials and the device flow
    // for the clients registered for them (issue #37), PAR and DPoP for any client.
    expect(doc.grant_types_supported.sort()).toEqual([
      'authorization_code',
      'client_credentials',
      'refresh_token',
      'urn:ietf:params:oauth:grant-type:device_code',
    ]);
    expect(doc).not.toHaveProperty('registration_endpoint');
    expect(doc.device_authorization_endpoint).toBe(`${hub.config.publicUrl}/oidc/device/auth`);
    expect(doc.pushed_authorization_request_endpoint).toBe(`${hub.config.publicUrl}/oidc/request`);
    expect(doc.require_pushed_authorization_requests).toBeUndefined();
    expect(doc.dpop_signing_alg_values_supported).toEqual(expect.arrayContaining(['ES256']));
    expect(doc.claims_parameter_supported).toBe(true);
    expect(doc.token_endpoint_auth_methods_supported.sort()).toEqual([
      'client_secret_basic',
      'client_secret_post',
      'none',
      'private_key_jwt',
    ]);
    for (const algs of [
      doc.id_token_signing_alg_values_supported,
      doc.token_endpoint_auth_signing_alg_values_supported,
      doc.userinfo_signing_alg_values_supported ?? [],
    ])
      for (const alg of algs) expect(alg).not.toMatch(/^HS|^none$/);
    expect(doc.scopes_supported).toEqual(expect.arrayContaining(['openid', 'email', 'profile', 'hub']));
    expect(doc.claims_supported).toEqual(
      expect.arrayContaining(['sub', 'email', 'email_verified', 'name', 'platforms', 'account_type']),
    );
    expect(doc.backchannel_logout_supported).toBe(true);
    expect(doc.backchannel_logout_session_supported).toBe(true);
    expect(doc.response_modes_supported).toEqual(expect.arrayContaining(['query', 'form_post']));
    // The same document at the OAuth metadata address (RFC 8414) for OAuth libraries.
    const oauth = await hub.app.inject({ method: 'GET', url: '/.well-known/oauth-authorization-server' });
    expect(oauth.json()).toMatchObject({ issuer: doc.issuer, token_endpoint: doc.token_endpoint });
    expect(doc.issuer).toBe(hub.config.publicUrl);
    expect(doc.authorization_endpoint).toBe(`${hub.config.publicUrl}/oidc/auth`);
    expect(doc.token_endpoint).toBe(`${hub.config.publicUrl}/oidc/token`);
    expect(doc.jwks_uri).toBe(`${hub.config.publicUrl}/.well-known/jwks.json`);
    expect(doc.response_types_supported).toEqual(['code']);
    expect(doc.code_challenge_methods_supported).toEqual(['S256']);
    expect(doc.grant_types_supported).not.toContain('implicit');
    // Client credentials: only for the clients registered for it (issue #37, profiles.test.ts).
    expect(doc.id_token_signing_alg_values_supported).toEqual(['ES256', 'RS256']);
    expect(doc.token_endpoint_auth_methods_supported).not.toContain('client_secret_jwt');
    expect(res.headers['content-security-policy']).toContain("default-src 'self'");
    const jwks = (await hub.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    expect(jwks.keys.map((k: { alg: string }) => k.alg).sort()).toEqual(['ES256', 'RS256']);
    expect(jwks.keys.every((k: { d?: string }) => k.d === undefined)).toBe(true);
  });

  it('signs a public client in with code and PKCE: id_token, userinfo and the hub claims', async () => {
    const { clientId } = await register({ public: true });
    const config = await configFor(clientId);
    const tokens = await signedIn(config);
    const claims = tokens.claims()!;
    expect(claims.sub).toBe(accountId);
    expect(claims.iss).toBe(hub.config.publicUrl);
    const jwks = (await hub.app.inject({ method: 'GET', url: '/.well-known/jwks.json' })).json();
    const header = JSON.parse(Buffer.from(tokens.id_token!.split('.')[0]!, 'base64url').toString());
    expect(header.alg).toBe('ES256');
    expect(jwks.keys.map((k: { kid: string }) => k.kid)).toContain(header.kid);
    const info = await client.fetchUserInfo(config, tokens.access_token, accountId);
    expect(info).toMatchObject({
      sub: accountId,
      email: `oidc-${n}@example.test`,
      email_verified: true,
      account_type: 0,
    });
    expect([...(info.platforms as string[])].sort()).toEqual(['biz', 'psl']);
    expect(tokens.refresh_token).toBeTruthy();
    await hub.oidc.idle();
    expect((await auditEvents(hub, { event: 'oidc.token' })).length).toBeGreaterThan(0);
    // The provider's rows carry the id of the hub request each was handed over from (pages.ts).
    const origins = await hub.database.db
      .selectFrom('audit_events')
      .select(['request_id', 'ip'])
      .where('event', 'in', ['oidc.authorize', 'oidc.token'])
      .execute();
    expect(origins.length).toBeGreaterThan(1);
    for (const row of origins)
      expect(row).toEqual({ request_id: expect.any(String), ip: expect.any(String) });
  });

  it('signs with RS256 for a client registered for it', async () => {
    const { clientId, secret } = await register({ idTokenAlg: 'RS256' });
    const tokens = await signedIn(await configFor(clientId, secret));
    const header = JSON.parse(Buffer.from(tokens.id_token!.split('.')[0]!, 'base64url').toString());
    expect(header.alg).toBe('RS256');
  });

  it('authenticates a confidential client by its secret, which the database holds only hashed', async () => {
    const { clientId, secret } = await register();
    const row = await createOidcClientQueries(hub.database.db).find(clientId);
    expect(row?.secret_hash).not.toContain(secret);
    expect(JSON.stringify(row)).not.toContain(secret!);
    expect((await signedIn(await configFor(clientId, secret))).claims()?.sub).toBe(accountId);

    for (const presented of ['wrong-secret', row!.secret_hash!]) {
      const config = await configFor(clientId, presented);
      const { callback, verifier, state } = await authorize(config);
      await expect(
        client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state }),
      ).rejects.toSatisfy(isInvalidClient);
    }
    // The secret may come in the body too (client_secret_post).
    const post = await configFor(clientId, secret, client.ClientSecretPost(secret!));
    expect((await signedIn(post)).claims()?.sub).toBe(accountId);
  });

  it('accepts the previous secret only while a rotation grace lasts', async () => {
    const { clientId, secret } = await register();
    const fresh = await rotateClientSecret(
      createOidcClientQueries(hub.database.db),
      clientId,
      3_600_000,
      hub.clock.now(),
    );
    expect((await signedIn(await configFor(clientId, secret))).claims()?.sub).toBe(accountId);
    expect((await signedIn(await configFor(clientId, fresh))).claims()?.sub).toBe(accountId);
    hub.clock.advance(3_600_001);
    await expect(signedIn(await configFor(clientId, secret))).rejects.toSatisfy(isInvalidClient);
    expect((await signedIn(await configFor(clientId, fresh))).claims()?.sub).toBe(accountId);
  });

  it('authenticates a private_key_jwt client by its registered key, and no other', async () => {
    const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
    const other = await generateKeyPair('ES256', { extractable: true });
    const { clientId } = await register({
      authMethod: 'private_key_jwt',
      jwks: { keys: [{ ...(await exportJWK(publicKey)), alg: 'ES256' }] },
    });
    const config = await configFor(clientId, undefined, client.PrivateKeyJwt(privateKey));
    expect((await signedIn(config)).claims()?.sub).toBe(accountId);
    const wrong = await configFor(clientId, undefined, client.PrivateKeyJwt(other.privateKey));
    await expect(signedIn(wrong)).rejects.toSatisfy(isInvalidClient);
  });

  it('introspects for the confidential client that holds the token, and revokes', async () => {
    const { clientId, secret } = await register();
    const config = await configFor(clientId, secret);
    const tokens = await signedIn(config);
    expect(await client.tokenIntrospection(config, tokens.access_token)).toMatchObject({
      active: true,
      sub: accountId,
      client_id: clientId,
    });
    const stranger = await register();
    const strangerConfig = await configFor(stranger.clientId, stranger.secret);
    expect((await client.tokenIntrospection(strangerConfig, tokens.access_token)).active).toBe(false);
    const pub = await register({ public: true });
    // A public client learns nothing.
    expect((await client.tokenIntrospection(await configFor(pub.clientId), tokens.access_token)).active).toBe(
      false,
    );

    await client.tokenRevocation(config, tokens.refresh_token!);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('refuses a redirect URI that is not registered exactly, without redirecting there', async () => {
    const { clientId } = await register({ public: true });
    for (const redirect of [
      `${REDIRECT}/`,
      `${REDIRECT}?x=1`,
      `${REDIRECT}#x`,
      'https://RP.example.test/callback',
      'https://rp.example.test/Callback',
      'https://rp.example.test:8443/callback',
      'https://rp.example.test:443/callback',
      'http://rp.example.test/callback',
      'https://user@rp.example.test/callback',
      'https://rp.example.test@evil.example.test/callback',
      'https://rp.example.test/callback/../callback',
      'https://rp.example.test/%63allback',
      'https://evil.example.test/callback',
      'https://rp.example.test/callbac',
    ]) {
      const res = await browser.get(
        `/oidc/auth?client_id=${clientId}&response_type=code&scope=openid&redirect_uri=${encodeURIComponent(redirect)}&code_challenge=${'a'.repeat(43)}&code_challenge_method=S256`,
      );
      expect(res.statusCode, redirect).toBe(400);
      expect(res.headers.location, redirect).toBeUndefined();
      expect(res.body, redirect).toContain('redirect_uri');
      expect(res.headers['content-security-policy']).toContain("script-src 'self'");
    }
  });

  it('refuses a public client without PKCE, with the plain method, and the implicit flow', async () => {
    const { clientId } = await register({ public: true });
    const base = `/oidc/auth?client_id=${clientId}&scope=openid&redirect_uri=${encodeURIComponent(REDIRECT)}`;
    for (const query of [
      '&response_type=code',
      `&response_type=code&code_challenge=${'a'.repeat(43)}&code_challenge_method=plain`,
      '&response_type=id_token&nonce=n',
      '&response_type=code%20id_token&nonce=n',
    ]) {
      const res = await browser.get(base + query);
      const location = new URL(String(res.headers.location));
      expect(`${location.origin}${location.pathname}`).toBe(REDIRECT);
      const params = new URLSearchParams(location.search || location.hash.slice(1));
      expect(params.get('error')).toMatch(/invalid_request|unsupported_response_type/);
      expect(params.get('code')).toBeNull();
    }
  });

  it('refuses a code redeemed with another PKCE verifier, another redirect URI or by another client', async () => {
    const { clientId, secret } = await register();
    const other = await register();
    const config = await configFor(clientId, secret);
    const { callback, verifier } = await authorize(config);
    const code = callback.searchParams.get('code')!;
    const redeem = (fields: Record<string, string>, auth = `${clientId}:${secret}`) =>
      hub.app.inject({
        method: 'POST',
        url: '/oidc/token',
        headers: {
          'content-type': 'application/x-www-form-urlencoded',
          authorization: `Basic ${Buffer.from(auth).toString('base64')}`,
        },
        payload: new URLSearchParams({
          grant_type: 'authorization_code',
          code,
          redirect_uri: REDIRECT,
          code_verifier: verifier,
          ...fields,
        }).toString(),
      });
    for (const [fields, auth] of [
      [{ code_verifier: client.randomPKCECodeVerifier() }, undefined],
      [{ redirect_uri: `${REDIRECT}/` }, undefined],
      [{}, `${other.clientId}:${other.secret}`],
    ] as const) {
      const res = await redeem(fields, auth);
      expect(res.statusCode, JSON.stringify(fields)).toBe(400);
      expect(res.json().error).toBe('invalid_grant');
      expect(res.body).not.toContain('access_token');
    }
  });

  it('refuses a code used twice and revokes what it gave (also when the two race)', async () => {
    const { clientId, secret } = await register();
    const config = await configFor(clientId, secret);
    const { callback, verifier, state } = await authorize(config);
    const first = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    await expect(
      client.authorizationCodeGrant(config, callback, { pkceCodeVerifier: verifier, expectedState: state }),
    ).rejects.toMatchObject({ error: 'invalid_grant' });
    await expect(client.refreshTokenGrant(config, first.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    const introspected = await client.tokenIntrospection(config, first.access_token);
    expect(introspected.active).toBe(false);

    const race = await authorize(config);
    const results = await Promise.allSettled(
      [1, 2, 3].map(() =>
        client.authorizationCodeGrant(config, race.callback, {
          pkceCodeVerifier: race.verifier,
          expectedState: race.state,
        }),
      ),
    );
    const won = results.filter((r) => r.status === 'fulfilled');
    expect(won.length).toBeLessThanOrEqual(1);
    expect(results.filter((r) => r.status === 'rejected').length).toBeGreaterThanOrEqual(2);
  });

  it('rotates refresh tokens and, when a used one comes back, revokes the whole grant', async () => {
    const { clientId } = await register({ public: true });
    const config = await configFor(clientId);
    const tokens = await signedIn(config);
    const second = await client.refreshTokenGrant(config, tokens.refresh_token!);
    expect(second.refresh_token).toBeTruthy();
    expect(second.refresh_token).not.toBe(tokens.refresh_token);
    const third = await client.refreshTokenGrant(config, second.refresh_token!);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    // The newest token of the chain dies with the grant.
    await expect(client.refreshTokenGrant(config, third.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await hub.oidc.idle();
    expect(await auditEvents(hub, { event: 'oidc.refresh_reuse', accountId })).toHaveLength(1);
    const trail = JSON.stringify(await auditEvents(hub));
    for (const token of [tokens.refresh_token!, second.refresh_token!, tokens.access_token, tokens.id_token!])
      expect(trail).not.toContain(token);
  });

  it('answers prompt=none with login_required without a session, and with a code when signed in', async () => {
    const { clientId } = await register({ public: true });
    const config = await configFor(clientId);
    const without = await authorize(config, { prompt: 'none' }, 'none');
    expect(without.callback.searchParams.get('error')).toBe('login_required');

    await signedIn(config);
    const silent = await authorize(config, { prompt: 'none' }, 'none');
    expect(silent.callback.searchParams.get('error')).toBeNull();
    const tokens = await client.authorizationCodeGrant(config, silent.callback, {
      pkceCodeVerifier: silent.verifier,
      expectedState: silent.state,
    });
    expect(tokens.claims()?.sub).toBe(accountId);

    const forced = await authorize(config, { prompt: 'login' }, 'none');
    expect(forced.res.headers.location).toContain('/oidc/interaction/');
  });

  it('ends the session on RP-initiated logout and returns to the registered address', async () => {
    const { clientId } = await register({ public: true });
    const config = await configFor(clientId);
    const tokens = await signedIn(config);
    const url = client.buildEndSessionUrl(config, {
      id_token_hint: tokens.id_token!,
      post_logout_redirect_uri: AFTER_LOGOUT,
    });
    const form = await browser.get(path(url.href));
    expect(form.statusCode).toBe(200);
    expect(form.body).not.toMatch(/<script|style=/);
    // Its answer redirects to the client: the page's form-action allows that origin, and only it.
    expect(form.headers['content-security-policy']).toMatch(
      /form-action 'self' https:\/\/rp\.example\.test(;|$)/,
    );
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(form.body)?.[1];
    expect(xsrf).toBeTruthy();
    const done = await browser.post('/oidc/session/end/confirm', `xsrf=${xsrf}&logout=yes`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    expect(done.statusCode).toBe(303);
    expect(String(done.headers.location)).toBe(AFTER_LOGOUT);
    // The hub session ended with it, before the answer came (the same single logout tools have):
    // no wait for the provider's background writes here.
    const live = await hub.database.db
      .selectFrom('sessions')
      .select('id')
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    const after = await authorize(config, { prompt: 'none' }, 'none');
    expect(after.callback.searchParams.get('error')).toBe('login_required');
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
  });

  it('refuses hostile form values at the provider with OAuth 400 invalid_request, never a 5xx', async () => {
    const { clientId, secret } = await register();
    const basic = `Basic ${Buffer.from(`${clientId}:${secret}`).toString('base64')}`;
    const send = (url: string, payload: string | Buffer, contentType = 'application/x-www-form-urlencoded') =>
      hub.app.inject({
        method: 'POST',
        url,
        headers: { 'content-type': contentType, authorization: basic },
        payload,
      });
    const refused: [string, string | Buffer, string?][] = [
      [
        '/oidc/token',
        `grant_type=authorization_code&code=abc%00def&redirect_uri=${encodeURIComponent(REDIRECT)}`,
      ],
      ['/oidc/token', 'grant_type=refresh_token&refresh_token=a%00b'],
      ['/oidc/token', Buffer.from('grant_type=refresh_token&refresh_token=a\u0000b')],
      ['/oidc/token', 'grant_type=refresh_token&%00=1&refresh_token=x'],
      ['/oidc/token', `grant_type=refresh_token&refresh_token=${'a'.repeat(60 * 1024)}`],
      [
        '/oidc/token',
        'grant_type=refresh_token&refresh_token=a%00',
        'Application/X-WWW-Form-URLencoded; charset=UTF-8',
      ],
      ['/oidc/token/revocation', 'token=a%00b'],
      ['/oidc/token/introspection', 'token=a%00b'],
      ['/oidc/me', 'access_token=a%00b'],
      ['/oidc/session/end/confirm', 'xsrf=%00&logout=yes'],
      ['/oidc/auth', `client_id=${clientId}%00&response_type=code&scope=openid`],
    ];
    for (const [url, payload, contentType] of refused) {
      const res = await send(url, payload, contentType);
      const what = `${url} ${String(payload).slice(0, 80)}`;
      expect(res.statusCode, what).toBe(400);
      expect(res.json(), what).toMatchObject({ error: 'invalid_request' });
      expect(res.headers['cache-control'], what).toBe('no-store');
    }
    // The query of a provider address follows the same rule.
    const query = await hub.app.inject({ method: 'GET', url: `/oidc/auth?client_id=${clientId}%00` });
    expect(query.statusCode).toBe(400);
    expect(query.json()).toMatchObject({ error: 'invalid_request' });
    // A lone surrogate cannot survive form decoding (it becomes U+FFFD): an ordinary OAuth refusal.
    for (const payload of [
      'grant_type=refresh_token&refresh_token=%ED%A0%80',
      Buffer.concat([
        Buffer.from('grant_type=refresh_token&refresh_token='),
        Buffer.from([0xed, 0xa0, 0x80]),
      ]),
    ]) {
      const res = await send('/oidc/token', payload);
      expect(res.statusCode).toBe(400);
      expect(res.json().error).toMatch(/^invalid_(grant|request)$/);
    }
    // A client id holding a NUL in the Basic credentials is no client, not a database fault.
    const header = await hub.app.inject({
      method: 'POST',
      url: '/oidc/token',
      headers: {
        'content-type': 'application/x-www-form-urlencoded',
        authorization: `Basic ${Buffer.from(`${clientId}%00:${secret}`).toString('base64')}`,
      },
      payload: 'grant_type=refresh_token&refresh_token=x',
    });
    expect(header.statusCode).toBeLessThan(500);
    // Well-formed requests still reach the provider with their body intact.
    const ok = await signedIn(await configFor(clientId, secret));
    expect(ok.claims()?.sub).toBe(accountId);
  });

  it('audits authorize, token, refresh reuse and logout, and writes no token, code or secret in a log', async () => {
    // This test reads the hub's log: a hub of its own that keeps it.
    await hub.close();
    hub = await createTestHub(dialect, {}, { captureLog: true });
    browser = browserFor(hub);
    accountId = await seedAccount(hub, { email: `oidc-${n}@example.test`, platforms: ['psl', 'biz'] });
    const { clientId, secret } = await register();
    const config = await configFor(clientId, secret);
    const { callback, verifier, state } = await authorize(config);
    const tokens = await client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    const second = await client.refreshTokenGrant(config, tokens.refresh_token!);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await client.tokenIntrospection(config, second.access_token).catch(() => undefined);
    const form = await browser.get(
      path(
        client.buildEndSessionUrl(config, {
          id_token_hint: second.id_token!,
          post_logout_redirect_uri: AFTER_LOGOUT,
          state: 'logout-state-secret',
        }).href,
      ),
    );
    const xsrf = /name="xsrf" value="([^"]+)"/.exec(form.body)?.[1];
    await browser.post('/oidc/session/end/confirm', `xsrf=${xsrf}&logout=yes`, {
      'content-type': 'application/x-www-form-urlencoded',
    });
    await hub.oidc.idle();
    for (const event of ['oidc.authorize', 'oidc.token', 'oidc.refresh_reuse', 'oidc.logout']) {
      const rows = await auditEvents(hub, { event });
      expect(rows.length, event).toBeGreaterThan(0);
      expect(
        rows.some((row) => JSON.stringify(row.detail).includes(clientId)),
        event,
      ).toBe(true);
    }
    const secrets = {
      secret: secret!,
      code: callback.searchParams.get('code')!,
      verifier,
      state,
      access: tokens.access_token,
      refresh: tokens.refresh_token!,
      id: tokens.id_token!,
      access2: second.access_token,
      refresh2: second.refresh_token!,
      id2: second.id_token!,
      xsrf: xsrf!,
      logoutState: 'logout-state-secret',
    };
    const logged = JSON.stringify(hub.logLines);
    // Not vacuous: the log holds the provider's requests.
    expect(logged).toContain('/oidc/token');
    expect(logged).toContain('/oidc/session/end');
    const audited = JSON.stringify(await auditEvents(hub));
    for (const [what, value] of Object.entries(secrets)) {
      expect(logged, `${what} in the log`).not.toContain(value);
      expect(audited, `${what} in the audit log`).not.toContain(value);
    }
  });
});
