import { encodeToolSession, socialEndpoints } from '@hub/core';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { localDemoCredential } from '../sso/credentials.js';
import { seedAccount } from '../test-support/accounts.js';
import { createTestHub, setUpTestHub } from '../test-support/app.js';
import { auditEvents } from '../test-support/audit.js';
import { demoToolUrl, seedDemoCatalogue } from '../test-support/catalogue.js';
import { browserFor, strongPassword } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { expectingLog } from '../test-support/log.js';
import { testHubOrigin as hubOrigin, throughProvider } from '../test-support/social-sign-in.js';

const locationOf = (res: LightMyRequestResponse) => new URL(String(res.headers.location), hubOrigin);

describe.each(testDialects)('sign-in with Google and Facebook on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, {
    google: true,
    facebook: true,
    seed: seedDemoCatalogue,
    network: '198.51.100',
    captureLog: true,
  });
  const email = () => `social${ctx.n}@example.ph`;

  const start = (provider: 'google' | 'facebook', query = 'platform=psl&intent=login') =>
    `/auth/social/${provider}/start?${query}`;
  const signIn = async (provider: 'google' | 'facebook', b = ctx.browser, query?: string) =>
    b.get(await throughProvider(b, start(provider, query)));
  const identities = () => ctx.db.selectFrom('social_identities').selectAll().execute();
  const accountByEmail = (value: string) =>
    ctx.db.selectFrom('accounts').selectAll().where('email_normalized', '=', value).executeTakeFirst();
  const expectPlatformExit = (res: LightMyRequestResponse, platform: 'psl' | 'biz' = 'psl') => {
    expect(res.statusCode, res.body).toBe(302);
    expect(String(res.headers.location)).toMatch(
      new RegExp(`^${ctx.hub.config.platformUrls[platform]}/sso/account/auth\\?ainfo=`),
    );
    expect(res.cookies.find((c) => c.name === 'hub_session')).toMatchObject({ httpOnly: true });
  };
  const expectSocialError = (res: LightMyRequestResponse, code: string, path = '/psl/login') => {
    expect(res.statusCode, res.body).toBe(302);
    const target = locationOf(res);
    expect(target.pathname).toBe(path);
    expect(target.searchParams.get('social_error')).toBe(code);
    expect(res.cookies.find((c) => c.name === 'hub_session')).toBeUndefined();
  };

  it('lists the configured providers for the buttons', async () => {
    const res = await ctx.hub.app.inject(socialEndpoints.providers);
    expect(res.json()).toEqual({ providers: ['google', 'facebook'] });
  });

  it('creates a verified account on the platform a new Google user came from, then signs them in again', async () => {
    ctx.google.next({ sub: `g-${ctx.n}`, email: email(), email_verified: true });
    const first = await signIn('google', ctx.browser, 'platform=biz&intent=signup');
    expect(first.statusCode, first.body).toBe(302);
    expect(String(first.headers.location)).toMatch(
      new RegExp(`^${ctx.hub.config.platformUrls.biz}/sso/account/auth`),
    );
    const account = await accountByEmail(email());
    expect(account).toMatchObject({ verified: 1, home_platform: 'biz', password_hash: null });
    const memberships = await ctx.hub.hub.accounts.memberships(account!.id);
    expect(memberships.map((m) => m.platform)).toEqual(['biz']);
    expect(await identities()).toContainEqual(
      expect.objectContaining({ provider: 'google', subject: `g-${ctx.n}`, account_id: account!.id }),
    );
    const audit = await auditEvents(ctx.hub, { accountId: account!.id, event: 'login.success' });
    expect(JSON.parse(audit[0]!.detail)).toMatchObject({ method: 'google', platform: 'biz' });

    // Returning: another browser, the same Google identity (even under a changed email) signs in.
    ctx.google.next({ sub: `g-${ctx.n}`, email: `changed${ctx.n}@example.ph`, email_verified: true });
    const again = await signIn('google', browserFor(ctx.hub, '198.51.100.250'), 'platform=biz&intent=login');
    expect(again.statusCode).toBe(302);
    expect(String(again.headers.location)).toMatch(
      new RegExp(`^${ctx.hub.config.platformUrls.biz}/sso/account/auth`),
    );
    expect(await accountByEmail(`changed${ctx.n}@example.ph`)).toBeUndefined();
  });

  it('links a verified email of an existing account only after its password, and never on a wrong one', async () => {
    const id = await seedAccount(ctx.hub, { email: email() });
    ctx.google.next({ sub: `g-${ctx.n}`, email: email().toUpperCase(), email_verified: true });
    const asked = await signIn('google');
    expect(asked.statusCode).toBe(302);
    const target = locationOf(asked);
    expect(target.pathname).toBe('/psl/login');
    const flowId = target.searchParams.get('social')!;
    expect(asked.cookies.find((c) => c.name === 'hub_session')).toBeUndefined();
    expect((await ctx.browser.get(`${socialEndpoints.linkState}?flowId=${flowId}`)).json()).toEqual({
      provider: 'google',
      account: { display: email().toUpperCase() },
    });
    // Another browser cannot use the flow.
    const stranger = browserFor(ctx.hub, '198.51.100.251');
    expect((await stranger.post(socialEndpoints.link, { flowId, password: strongPassword })).statusCode).toBe(
      404,
    );

    const wrong = await ctx.browser.post(socialEndpoints.link, { flowId, password: 'Wrong-password-1' });
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toMatchObject({ code: 'password.incorrect', message: 'Incorrect password.' });
    expect((await identities()).filter((i) => i.account_id === id)).toEqual([]);

    const done = await ctx.browser.post(socialEndpoints.link, { flowId, password: strongPassword });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().location).toMatch(
      new RegExp(`^${ctx.hub.config.platformUrls.psl}/sso/account/auth\\?ainfo=`),
    );
    expect((await identities()).filter((i) => i.account_id === id)).toHaveLength(1);
    expect(
      (await ctx.browser.post(socialEndpoints.link, { flowId, password: strongPassword })).statusCode,
    ).toBe(404);

    ctx.google.next({ sub: `g-${ctx.n}`, email: email(), email_verified: true });
    expectPlatformExit(await signIn('google', browserFor(ctx.hub, '198.51.100.252')));
  });

  it('links nothing once the provider is turned off during the password step, and counts no password', async () => {
    const id = await seedAccount(ctx.hub, { email: email() });
    ctx.google.next({ sub: `g-${ctx.n}`, email: email(), email_verified: true });
    const flowId = locationOf(await signIn('google')).searchParams.get('social')!;
    // The operator takes Google's client out (a node restarted without it) while the screen asks.
    const googleClient = ctx.hub.config.social.google;
    delete ctx.hub.config.social.google;
    try {
      const refused = await ctx.browser.post(socialEndpoints.link, { flowId, password: strongPassword });
      expect(refused.statusCode, refused.body).toBe(404);
      expect(refused.json()).toMatchObject({ code: 'flow.not_found' });
      expect(refused.cookies.find((c) => c.name === 'hub_session')).toBeUndefined();
      // Refused before the password is looked at: a wrong one is no failed attempt.
      const wrong = await ctx.browser.post(socialEndpoints.link, { flowId, password: 'Wrong-password-1' });
      expect(wrong.statusCode).toBe(404);
      expect(await auditEvents(ctx.hub, { accountId: id, event: 'login.failure' })).toEqual([]);
      expect((await identities()).filter((i) => i.account_id === id)).toEqual([]);
    } finally {
      ctx.hub.config.social.google = googleClient;
    }
    // Nothing committed: the flow still waits, and with Google back the password links.
    const done = await ctx.browser.post(socialEndpoints.link, { flowId, password: strongPassword });
    expect(done.statusCode, done.body).toBe(200);
    expect((await identities()).filter((i) => i.account_id === id)).toHaveLength(1);
  });

  it('sends a linked account of the other platform on to switching option1, as a password login does', async () => {
    const id = await seedAccount(ctx.hub, { email: email(), platforms: ['biz'] });
    ctx.google.next({ sub: `g-${ctx.n}`, email: email(), email_verified: true });
    const flowId = locationOf(await signIn('google')).searchParams.get('social')!;
    const linked = await ctx.browser.post(socialEndpoints.link, { flowId, password: strongPassword });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(new URL(linked.json().location, hubOrigin).pathname).toBe('/psl/switching/option1');
    expect((await identities()).filter((i) => i.account_id === id)).toHaveLength(1);
    ctx.google.next({ sub: `g-${ctx.n}`, email: email(), email_verified: true });
    const again = await signIn('google', browserFor(ctx.hub, '198.51.100.254'));
    expect(locationOf(again).pathname).toBe('/psl/switching/option1');
  });

  it('refuses an unverified email: no account made, no existing account linked', async () => {
    ctx.google.next({ sub: `g-${ctx.n}`, email: email(), email_verified: false });
    expectSocialError(
      await signIn('google', ctx.browser, 'platform=psl&intent=signup'),
      'email_unverified',
      '/psl/registration',
    );
    expect(await accountByEmail(email())).toBeUndefined();

    await seedAccount(ctx.hub, { email: `taken${ctx.n}@example.ph` });
    ctx.google.next({ sub: `g-x${ctx.n}`, email: `taken${ctx.n}@example.ph`, email_verified: false });
    expectSocialError(await signIn('google'), 'email_unverified');
    expect((await identities()).some((i) => i.subject === `g-x${ctx.n}`)).toBe(false);
  });

  it('shows a cancelled consent under the button, on the screen it came from', async () => {
    ctx.google.next('cancel');
    const res = await signIn(
      'google',
      ctx.browser,
      `platform=psl&intent=signup&subcb=${encodeURIComponent('/x')}`,
    );
    expectSocialError(res, 'cancelled', '/psl/registration');
    expect(locationOf(res).searchParams.get('subcb')).toBe('/x');
    ctx.facebook.next('cancel');
    expectSocialError(await signIn('facebook'), 'cancelled');
  });

  it('applies the ut rules of spec §4 to a provider sign-in', async () => {
    await seedAccount(ctx.hub, { email: email(), userType: 5, platforms: ['psl', 'biz'] });
    ctx.google.next({ sub: `g-${ctx.n}`, email: email(), email_verified: true });
    expectSocialError(await signIn('google'), 'client_refused');
    await seedAccount(ctx.hub, { email: `company${ctx.n}@example.ph`, userType: 2, platforms: ['biz'] });
    ctx.google.next({ sub: `g-c${ctx.n}`, email: `company${ctx.n}@example.ph`, email_verified: true });
    expectSocialError(await signIn('google'), 'company_on_personal');
  });

  it('refuses a forged state and a state of another browser', async () => {
    expectSocialError(
      await ctx.browser.get('/auth/social/google/callback?code=abc&state=forged'),
      'state_refused',
    );
    ctx.google.next({ sub: `g-${ctx.n}`, email: email(), email_verified: true });
    const callback = await throughProvider(ctx.browser, start('google'));
    expectSocialError(await browserFor(ctx.hub, '198.51.100.253').get(callback), 'state_refused');
    expect(await accountByEmail(email())).toBeUndefined();
  });

  it('refuses a replayed callback (the same code and state twice)', async () => {
    ctx.google.next({ sub: `g-${ctx.n}`, email: email(), email_verified: true });
    const callback = await throughProvider(ctx.browser, start('google'));
    expectPlatformExit(await ctx.browser.get(callback));
    expectSocialError(await ctx.browser.get(callback), 'state_refused');
    ctx.facebook.next({ id: `f-${ctx.n}`, email: `fb${ctx.n}@example.ph`, verified: true });
    const fbCallback = await throughProvider(ctx.browser, start('facebook'));
    expectPlatformExit(await ctx.browser.get(fbCallback));
    expectSocialError(await ctx.browser.get(fbCallback), 'state_refused');
  });

  it('sends a replayed callback back to the screen its sign-in started on', async () => {
    ctx.google.next({ sub: `g-${ctx.n}`, email: email(), email_verified: true });
    const callback = await throughProvider(ctx.browser, start('google', 'platform=biz&intent=signup'));
    expectPlatformExit(await ctx.browser.get(callback), 'biz');
    expectSocialError(await ctx.browser.get(callback), 'state_refused', '/biz/registration');
  });

  it('signs in with Facebook: a new account only from a verified email', async () => {
    ctx.facebook.next({ id: `f-${ctx.n}`, email: email() });
    expectSocialError(await signIn('facebook'), 'email_unverified');
    ctx.facebook.next({ id: `f-${ctx.n}` });
    expectSocialError(await signIn('facebook'), 'email_missing');
    ctx.facebook.next({ id: `f-${ctx.n}`, email: email(), verified: true });
    expectPlatformExit(await signIn('facebook'));
    expect(await identities()).toContainEqual(
      expect.objectContaining({ provider: 'facebook', subject: `f-${ctx.n}` }),
    );
  });

  it('says the provider is unavailable when its token endpoint fails', async () => {
    ctx.facebook.next({ id: `f-${ctx.n}`, email: email(), verified: true });
    ctx.facebook.failTokens(true);
    try {
      expectSocialError(
        await expectingLog(
          ctx.hub,
          'warn',
          /^social sign-in: code exchange failed/,
          { provider: 'facebook' },
          () => signIn('facebook'),
        ),
        'unavailable',
      );
    } finally {
      ctx.facebook.failTokens(false);
    }
    expect(await accountByEmail(email())).toBeUndefined();
  });

  const chatSession = () =>
    encodeToolSession({
      cb: `${demoToolUrl}/t/201/sso/account/auth`,
      tid: 201,
      tinfo: [{ name: 'Chat', tid: 201, logo: '' }],
      expiration: '',
      platform: 'psl',
      tsa_key: 'PCHT_SSO_RQX',
    });

  it('exits to the tool callback after a provider sign-in, as after a password', async () => {
    const from = chatSession();
    ctx.google.next({ sub: `g-${ctx.n}`, email: email(), email_verified: true });
    const res = await signIn(
      'google',
      ctx.browser,
      `platform=psl&intent=login&from=${encodeURIComponent(from)}`,
    );
    expect(res.statusCode, res.body).toBe(302);
    expect(String(res.headers.location)).toMatch(
      new RegExp(`^${demoToolUrl}/t/201/sso/account/auth\\?ainfo=`),
    );
  });

  it('refuses a subcb no exit would follow before going to the provider', async () => {
    for (const subcb of [' //evil.test/x', 'https://evil.test', '\\\\evil.test', 'javascript:alert(1)']) {
      const res = await ctx.browser.get(
        start('google', `platform=psl&intent=login&subcb=${encodeURIComponent(subcb)}`),
      );
      expectSocialError(res, 'state_refused');
      expect(String(res.headers.location)).not.toContain('evil');
    }
  });

  it('never signs anyone into a restricted tool from the ordinary login or sign-up, nor makes them its member', async () => {
    const desk = encodeToolSession({
      cb: `${demoToolUrl}/t/302/sso/account/auth`,
      tid: 302,
      tinfo: [{ name: 'Partner Desk', tid: 302, logo: '', type: 2 }],
      expiration: '',
      platform: 'psl',
      tsa_key: 'PARTNER_DESK_RQX',
    });
    const expectRefusedAtToolLogin = (res: LightMyRequestResponse) => {
      expect(res.statusCode, res.body).toBe(302);
      const target = locationOf(res);
      expect(target.origin).toBe(hubOrigin);
      expect(target.pathname).toBe('/psl/tool/login');
      expect(target.searchParams.get('refused')).toBe('not_registered_to_tool');
      expect(String(res.headers.location)).not.toContain('ainfo');
    };
    // A new person signs up with Facebook carrying the tool's session.
    ctx.facebook.next({ id: `f-desk-${ctx.n}`, email: email(), verified: true });
    const query = (intent: string) => `platform=psl&intent=${intent}&from=${encodeURIComponent(desk)}`;
    expectRefusedAtToolLogin(await signIn('facebook', ctx.browser, query('signup')));
    const account = await accountByEmail(email());
    expect(account).toBeDefined();
    expect(await ctx.hub.hub.tools.isMember(302, account!.id)).toBe(false);
    // The same person again, on the ordinary login with Facebook now linked.
    ctx.facebook.next({ id: `f-desk-${ctx.n}`, email: email(), verified: true });
    expectRefusedAtToolLogin(await signIn('facebook', browserFor(ctx.hub, '198.51.100.251'), query('login')));
    expect(await ctx.hub.hub.tools.isMember(302, account!.id)).toBe(false);
  });

  describe('on a tool login (spec §2, §4: the tool’s own members only)', () => {
    const toolLogin = (from = chatSession()) =>
      `platform=psl&intent=tool_login&from=${encodeURIComponent(from)}`;

    it('signs a member of the tool in and exits to the tool', async () => {
      const id = await seedAccount(ctx.hub, { email: email() });
      await ctx.hub.hub.tools.addMember(201, id, ctx.hub.clock.now());
      ctx.google.next({ sub: `g-${ctx.n}`, email: email(), email_verified: true });
      // Known email, not yet linked: the password once, on the login screen, as anywhere else.
      const linkStep = locationOf(await signIn('google', ctx.browser, toolLogin()));
      expect(linkStep.pathname).toBe('/psl/login');
      const flowId = linkStep.searchParams.get('social') ?? '';
      const linked = await ctx.browser.post(socialEndpoints.link, { flowId, password: strongPassword });
      expect(linked.statusCode, linked.body).toBe(200);
      expect(linked.json().location).toMatch(new RegExp(`^${demoToolUrl}/t/201/sso/account/auth\\?ainfo=`));
      // Linked now: straight to the tool the next time.
      ctx.google.next({ sub: `g-${ctx.n}`, email: email(), email_verified: true });
      const again = await signIn('google', browserFor(ctx.hub, '198.51.100.250'), toolLogin());
      expect(String(again.headers.location)).toMatch(
        new RegExp(`^${demoToolUrl}/t/201/sso/account/auth\\?ainfo=`),
      );
    });

    it('refuses an account that is not the tool’s, linked or not, and never creates one', async () => {
      await seedAccount(ctx.hub, { email: email() });
      ctx.google.next({ sub: `g-${ctx.n}`, email: email(), email_verified: true });
      expectSocialError(
        await signIn('google', ctx.browser, toolLogin()),
        'not_registered_to_tool',
        '/psl/tool/login',
      );
      ctx.facebook.next({ id: `f-new-${ctx.n}`, email: `new${ctx.n}@example.ph`, verified: true });
      expectSocialError(
        await signIn('facebook', ctx.browser, toolLogin()),
        'not_registered_to_tool',
        '/psl/tool/login',
      );
      expect(await accountByEmail(`new${ctx.n}@example.ph`)).toBeUndefined();
      expect(await identities()).not.toContainEqual(expect.objectContaining({ subject: `f-new-${ctx.n}` }));
    });

    it('refuses a tool login that names no known tool before going to the provider', async () => {
      const unknown = encodeToolSession({
        cb: 'https://nowhere.example/cb',
        tid: 99_999,
        tinfo: [],
        expiration: '',
        platform: 'psl',
        tsa_key: 'NOPE',
      });
      for (const query of ['platform=psl&intent=tool_login', toolLogin(unknown)]) {
        const res = await ctx.browser.get(start('google', query));
        expectSocialError(res, 'state_refused', '/psl/tool/login');
      }
    });
  });

  describe('the third-party look-up (spec §7 si/attempt/tparty)', () => {
    const tparty = (account: string, credential?: string) =>
      ctx.hub.app.inject({
        method: 'GET',
        url: `/api/tools/tparty?account=${encodeURIComponent(account)}&platform=psl&ref=tparty`,
        headers: credential ? { authorization: `Bearer ${credential}` } : {},
      });

    it('answers only a tool with its credential, only for its own member, never for an email alone', async () => {
      const id = await seedAccount(ctx.hub, { email: email() });
      expect((await tparty(email())).statusCode).toBe(401);
      expect((await tparty(email(), localDemoCredential(201))).json()).toEqual({ msg: '!account' });
      expect((await tparty('nobody@example.ph', localDemoCredential(201))).json()).toEqual({
        msg: '!account',
      });
      await ctx.hub.hub.tools.addMember(201, id, ctx.hub.clock.now());
      const answer = (await tparty(id, localDemoCredential(201))).json();
      expect(answer).toMatchObject({ msg: 'valid', ainfo: expect.any(String) });
      expect((await tparty(email(), localDemoCredential(202))).json()).toEqual({ msg: '!account' });
    });
  });
});

describe('a provider that is down', () => {
  it('returns to the screen with the unavailable message, and lists nothing unconfigured', async () => {
    const hub = await createTestHub(
      'sqlite',
      { GOOGLE_CLIENT_ID: 'id', GOOGLE_CLIENT_SECRET: 'secret', GOOGLE_ISSUER: 'http://127.0.0.1:9' },
      { captureLog: true },
    );
    try {
      expect((await hub.app.inject(socialEndpoints.providers)).json()).toEqual({ providers: ['google'] });
      const res = await expectingLog(
        hub,
        'warn',
        /^social sign-in: provider unavailable/,
        { provider: 'google' },
        () => browserFor(hub).get('/auth/social/google/start?platform=psl&intent=login'),
      );
      expect(res.statusCode).toBe(302);
      expect(locationOf(res).searchParams.get('social_error')).toBe('unavailable');
      const disabled = await browserFor(hub).get('/auth/social/facebook/start?platform=biz&intent=signup');
      expect(locationOf(disabled).pathname).toBe('/biz/registration');
      expect(locationOf(disabled).searchParams.get('social_error')).toBe('disabled');
    } finally {
      await hub.close();
    }
  });
});
