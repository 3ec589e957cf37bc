import { Writable } from 'node:stream';
import { authEndpoints, encodeToolSession, switchingEndpoints, type ToolSession } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { seedAccount } from '../test-support/accounts.js';
import { createTestHub, setUpTestHub } from '../test-support/app.js';
import { demoToolUrl, seedDemoCatalogue } from '../test-support/catalogue.js';
import { browserFor, latestCode, strongPassword, type TestBrowser } from '../test-support/client.js';
import { createTestDatabase, testDialects } from '../test-support/databases.js';
import { testHubEnv } from '../test-support/hub-env.js';
import { localDemoCredential } from './credentials.js';

/**
 * The authorization holes of the SSO surface, tried the way an attacker would: crafted tool sessions
 * and subcb values on every screen that ends at a tool or platform, the registry look-ups without
 * (or with someone else's) credential, a cross-site logout, and what caches and logs get to keep.
 */
describe.each(testDialects)('SSO authorization on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { seed: seedDemoCatalogue, network: '10.77.0' });
  const email = (tag = '') => `authz${tag}${ctx.n}@example.ph`;

  const toolSessionFor = async (query: Record<string, string>, b: TestBrowser = ctx.browser) => {
    const res = await b.post('/api/sso/rqx', { platform: 'personal', callback: 'local', ...query });
    expect(res.statusCode, res.body).toBe(200);
    return res.json().toolSession as ToolSession;
  };
  const login = async (from: string | undefined, account: string, b: TestBrowser, subcb?: string) => {
    const context = { ...(from ? { from } : {}), ...(subcb !== undefined ? { subcb } : {}) };
    const first = await b.post(authEndpoints.loginIdentify, { platform: 'psl', account, context });
    expect(first.statusCode, first.body).toBe(200);
    return b.post(authEndpoints.loginPassword, { flowId: first.json().flowId, password: strongPassword });
  };
  const signUp = async (from: string, account: string, b: TestBrowser) => {
    const started = await b.post(authEndpoints.signupStart, { platform: 'psl', account, context: { from } });
    expect(started.statusCode, started.body).toBe(200);
    const flowId = started.json().flowId as string;
    const verified = await b.post(authEndpoints.signupVerify, {
      flowId,
      code: await latestCode(ctx.hub, account),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    return b.post(authEndpoints.signupFinalize, { flowId, password: strongPassword });
  };
  const isMember = (tid: number, accountId: string) => ctx.hub.hub.tools.isMember(tid, accountId);
  const accountIdOf = async (address: string) =>
    (await ctx.hub.hub.accounts.findByIdentifier('email', address))!.id;
  const get = (url: string, headers: Record<string, string> = {}) =>
    ctx.hub.app.inject({ method: 'GET', url, headers });
  const bearer = (tid: number) => ({ authorization: `Bearer ${localDemoCredential(tid)}` });

  describe('a restricted tool (type other than 1) lets in its members only', () => {
    /** The refusal lands on the tool login of the same tool session, never at the tool. */
    const expectRefusedToToolLogin = (res: { statusCode: number; body: string; json: () => unknown }) => {
      expect(res.statusCode, res.body).toBe(200);
      const location = new URL((res.json() as { location: string }).location, 'http://hub.invalid');
      expect(location.origin).toBe('http://hub.invalid');
      expect(location.pathname).toBe('/psl/tool/login');
      expect(location.searchParams.get('refused')).toBe('not_registered_to_tool');
      expect(res.body).not.toContain('ainfo');
      expect(res.body).not.toContain(demoToolUrl);
    };

    it('refuses non-members who use its session on the ordinary login, in parallel from many addresses', async () => {
      const session = encodeToolSession(await toolSessionFor({ from: 'PARTNER_DESK_RQX' }));
      const people = [0, 1, 2, 3, 4, 5].map((i) => ({
        address: email(`p${i}-`),
        browser: browserFor(ctx.hub, `10.77.${ctx.n}.${i + 1}`),
      }));
      const ids = await Promise.all(people.map((p) => seedAccount(ctx.hub, { email: p.address })));
      const results = await Promise.all(people.map((p) => login(session, p.address, p.browser)));
      for (const res of results) {
        expectRefusedToToolLogin(res);
        // They proved who they are: the hub session is theirs, only the tool is refused.
        expect(res.cookies.some((c) => c.name === 'hub_session' && c.value)).toBe(true);
      }
      for (const id of ids) expect(await isMember(302, id)).toBe(false);
      const issued = await ctx.db.selectFrom('issued_tokens').select('jti').where('tid', '=', 302).execute();
      expect(issued).toEqual([]);
      const refused = await ctx.db
        .selectFrom('audit_events')
        .select('account_id')
        .where('event', '=', 'sso.tool_refused')
        .execute();
      expect(refused.filter((e) => (ids as string[]).includes(e.account_id ?? ''))).toHaveLength(ids.length);
    });

    it('refuses a sign-up that started from it, and the new account does not become a member', async () => {
      const session = encodeToolSession(await toolSessionFor({ from: 'PARTNER_DESK_RQX' }));
      const res = await signUp(session, email(), ctx.browser);
      expectRefusedToToolLogin(res);
      expect(await isMember(302, await accountIdOf(email()))).toBe(false);
    });

    it('refuses a non-member who reaches the end through switching', async () => {
      await seedAccount(ctx.hub, { email: email(), platforms: ['biz'] });
      const session = encodeToolSession(await toolSessionFor({ from: 'PARTNER_DESK_RQX' }));
      const first = await ctx.browser.post(switchingEndpoints.switchingIdentify, {
        platform: 'psl',
        account: email(),
        context: { from: session },
      });
      expect(first.statusCode, first.body).toBe(200);
      const done = await ctx.browser.post(switchingEndpoints.switchingPassword, {
        flowId: first.json().flowId,
        password: strongPassword,
      });
      expectRefusedToToolLogin(done);
      expect(await isMember(302, await accountIdOf(email()))).toBe(false);
    });

    it('lets a member the operator added in, and still lets anyone into an open tool', async () => {
      const id = await seedAccount(ctx.hub, { email: email() });
      await ctx.hub.hub.tools.addMember(302, id, ctx.hub.clock.now());
      const session = encodeToolSession(await toolSessionFor({ from: 'PARTNER_DESK_RQX' }));
      const member = await login(session, email(), ctx.browser);
      expect(member.statusCode, member.body).toBe(200);
      const target = new URL(member.json().location);
      expect(`${target.origin}${target.pathname}`).toBe(`${demoToolUrl}/t/302/sso/account/auth`);
      expect(target.searchParams.get('ainfo')).toBeTruthy();

      const other = email('open-');
      const otherId = await seedAccount(ctx.hub, { email: other });
      const open = encodeToolSession(await toolSessionFor({ from: 'PCHT_SSO_RQX' }));
      const res = await login(open, other, browserFor(ctx.hub, `10.77.${ctx.n}.9`));
      expect(new URL(res.json().location).searchParams.get('ainfo')).toBeTruthy();
      expect(await isMember(201, otherId)).toBe(true);
    });
  });

  describe('the registry look-ups need a credential', () => {
    it('refuses tools/ssorqx and tools/toolcb without one', async () => {
      for (const url of [
        '/api/tools/ssorqx?tsa_key=PCHT_SSO_RQX',
        '/api/tools/toolcb?tid=201&env=production',
      ]) {
        const res = await get(url);
        expect(res.statusCode, url).toBe(401);
        expect(res.json().code).toBe('tool.unauthorized');
        const forged = await get(url, { authorization: 'Bearer hubtool_201_not-the-secret' });
        expect(forged.statusCode, url).toBe(401);
      }
    });

    it('lets a tool read only itself, and a platform read any tool', async () => {
      const own = await get('/api/tools/ssorqx?tsa_key=PCHT_SSO_RQX', bearer(201));
      expect(own.statusCode).toBe(200);
      expect(own.headers['cache-control']).toBe('no-store');
      expect(own.json().tinfo[0].tid).toBe(201);
      const others = await get('/api/tools/ssorqx?tsa_key=PARTNER_DESK_RQX', bearer(201));
      expect(others.statusCode).toBe(404);
      expect(others.json().msg).toBe('!tk');
      const otherCallbacks = await get('/api/tools/toolcb?tid=302&env=production', bearer(201));
      expect(otherCallbacks.statusCode).toBe(403);
      expect(otherCallbacks.json().code).toBe('tool.forbidden');

      for (const platformTid of [18, 13]) {
        expect(
          (await get('/api/tools/ssorqx?tsa_key=PARTNER_DESK_RQX', bearer(platformTid))).statusCode,
        ).toBe(200);
        expect((await get('/api/tools/toolcb?tid=302&env=production', bearer(platformTid))).statusCode).toBe(
          200,
        );
      }
    });

    it('accepts the environment names /sso/rqx accepts, sb among them', async () => {
      const sandbox = 'https://pfpaymeshare.sandbox.example.ph/psl/wallet/sso/account/auth';
      for (const env of ['sb', 'sandbox']) {
        const res = await get(`/api/tools/toolcb?tid=206&env=${env}`, bearer(206));
        expect(res.statusCode, env).toBe(200);
        expect(res.json().tu).toEqual([{ name: 'auth_auth_callback', value: sandbox }]);
        const byKey = await get(`/api/tools/ssorqx?tsa_key=PFPAYMESHARE_SSO_RQX&env=${env}`, bearer(206));
        expect(byKey.json().tu).toEqual([{ name: 'auth_auth_callback', value: sandbox }]);
      }
      expect((await get('/api/tools/toolcb?tid=206&env=staging', bearer(206))).statusCode).toBe(400);
    });
  });

  describe('subcb follows one rule at every exit', () => {
    const hostile = [
      ' //evil.test/x',
      '\t//evil.test/x',
      '//evil.test',
      '\\\\evil.test',
      '/\\evil.test',
      'https://evil.test/x',
      'javascript:alert(1)',
      'JAVASCRIPT:alert(1)',
      '/orders\n/7',
      '/orders\u00a0/7',
      `${demoToolUrl}/t/201/anything`,
    ];

    it.each(hostile)(
      'refuses %j on every screen that starts a flow, before a code or a session',
      async (subcb) => {
        await seedAccount(ctx.hub, { email: email() });
        await seedAccount(ctx.hub, { email: email('biz-'), platforms: ['biz'] });
        const context = { subcb };
        const starts = [
          [authEndpoints.loginIdentify, { platform: 'psl', account: email(), context }],
          [authEndpoints.signupStart, { platform: 'psl', account: email('new-'), context }],
          [authEndpoints.resetStart, { platform: 'psl', account: email(), context }],
          [switchingEndpoints.switchingIdentify, { platform: 'psl', account: email('biz-'), context }],
        ] as const;
        for (const [url, body] of starts) {
          const res = await ctx.browser.post(url, body);
          expect(res.statusCode, `${url} ${res.body}`).toBe(400);
          expect(res.json()).toMatchObject({ code: 'sso.callback_missing', field: 'subcb' });
        }
        expect(ctx.browser.cookies.has('hub_session')).toBe(false);
        const mailed = await ctx.db
          .selectFrom('mail_outbox')
          .select('id')
          .where('to_address', 'like', `%authz%${ctx.n}@%`)
          .execute();
        expect(mailed).toEqual([]);
      },
    );

    it.each(hostile)('refuses %j at a tool, from /sso/rqx and from a crafted tool session', async (subcb) => {
      const rqx = await ctx.browser.post('/api/sso/rqx', { from: 'PCHT_SSO_RQX', callback: 'local', subcb });
      expect(rqx.statusCode, rqx.body).toBe(400);
      await seedAccount(ctx.hub, { email: email() });
      const session = await toolSessionFor({ from: 'PCHT_SSO_RQX' });
      const crafted = await login(encodeToolSession({ ...session, subcb }), email(), ctx.browser);
      expect(crafted.statusCode, crafted.body).toBe(400);
      expect(crafted.json().code).toBe('sso.callback_missing');
      // Carried beside the tool session (the login's own subcb) it is refused the same way.
      const beside = await browserFor(ctx.hub).post(authEndpoints.loginIdentify, {
        platform: 'psl',
        account: email(),
        context: { from: encodeToolSession(session), subcb },
      });
      expect(beside.statusCode, beside.body).toBe(400);
    });

    it('passes a path or a plain name on to the platform', async () => {
      await seedAccount(ctx.hub, { email: email() });
      const res = await login(undefined, email(), ctx.browser, '/orders/7?tab=2');
      expect(res.statusCode, res.body).toBe(200);
      expect(new URL(res.json().location).searchParams.get('subcb')).toBe('/orders/7?tab=2');
    });
  });

  describe('ainfo answers are never cached', () => {
    it('marks the completion answers no-store, at a platform and at a tool', async () => {
      await seedAccount(ctx.hub, { email: email() });
      const platform = await login(undefined, email(), ctx.browser);
      expect(platform.json().location).toContain('ainfo=');
      expect(platform.headers['cache-control']).toBe('no-store');
      const session = encodeToolSession(await toolSessionFor({ from: 'PCHT_SSO_RQX' }));
      const tool = await login(session, email(), browserFor(ctx.hub));
      expect(tool.json().location).toContain('ainfo=');
      expect(tool.headers['cache-control']).toBe('no-store');
      const signedUp = await signUp(session, email('new-'), browserFor(ctx.hub));
      expect(signedUp.json().location).toContain('ainfo=');
      expect(signedUp.headers['cache-control']).toBe('no-store');
    });
  });

  describe('single logout', () => {
    const liveSessions = async (accountId: string) =>
      ctx.db
        .selectFrom('sessions')
        .select('id')
        .where('account_id', '=', accountId)
        .where('revoked_at', 'is', null)
        .execute();
    const signedIn = async () => {
      const id = await seedAccount(ctx.hub, { email: email() });
      expect((await login(undefined, email(), ctx.browser)).statusCode).toBe(200);
      expect(await liveSessions(id)).toHaveLength(1);
      return id;
    };
    const logoutGet = (query: string, fetchSite?: string) =>
      ctx.hub.app.inject({
        method: 'GET',
        url: `/sso/logout${query}`,
        headers: {
          cookie: `hub_session=${ctx.browser.cookies.get('hub_session')}`,
          ...(fetchSite ? { 'sec-fetch-site': fetchSite } : {}),
        },
      });

    it('does not end the session on a cross-site GET: it asks, and the POST from its page ends it', async () => {
      const id = await signedIn();
      for (const fetchSite of ['cross-site', 'same-site', undefined]) {
        const asked = await logoutGet('?tid=201&callback=local', fetchSite);
        expect(asked.statusCode).toBe(200);
        expect(asked.headers['content-type']).toContain('text/html');
        expect(asked.body).toContain('Sign out of Account Hub?');
        expect(asked.body).toContain('Chat asks to sign you out.');
        expect(asked.headers['content-security-policy']).toContain(`form-action 'self' ${demoToolUrl}`);
        expect(await liveSessions(id)).toHaveLength(1);
      }
      const crossOrigin = await ctx.browser.post('/sso/logout', 'tid=201&callback=local', {
        origin: 'https://evil.test',
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(crossOrigin.statusCode).toBe(403);
      expect(await liveSessions(id)).toHaveLength(1);

      const out = await ctx.browser.post('/sso/logout', 'tid=201&callback=local', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(out.statusCode).toBe(303);
      expect(out.headers.location).toBe(`${demoToolUrl}/t/201/sso/account/auth`);
      expect(await liveSessions(id)).toEqual([]);
    });

    it('asks in the reader’s language (Accept-Language, or ?lng=), the tool’s name escaped', async () => {
      await signedIn();
      const asked = await ctx.hub.app.inject({
        method: 'GET',
        url: '/sso/logout?tid=201&callback=local',
        headers: {
          cookie: `hub_session=${ctx.browser.cookies.get('hub_session')}`,
          'sec-fetch-site': 'cross-site',
          'accept-language': 'fil-PH,fil;q=0.9,en;q=0.5',
        },
      });
      expect(asked.statusCode).toBe(200);
      expect(asked.body).toContain('<html lang="fil">');
      expect(asked.body).toContain('<title>Mag-sign out sa Account Hub?</title>');
      expect(asked.body).toContain('Hinihiling ng Chat na mag-sign out ka.');
      expect(asked.body).toContain('>Manatiling naka-sign in</a>');
      expect(asked.body).not.toMatch(/Sign out|asks to sign you out|Stay signed in/);
      const linked = await logoutGet('?tid=201&callback=local&lng=fil', 'cross-site');
      expect(linked.body).toContain('<html lang="fil">');
    });

    it('ends the session at once when the person asked for it themselves', async () => {
      const id = await signedIn();
      const out = await logoutGet('?tid=201&callback=local', 'none');
      expect(out.statusCode).toBe(303);
      expect(await liveSessions(id)).toEqual([]);
    });

    it('returns to the tool’s logout callback, else its sign-in callback without ainfo, else home', async () => {
      await ctx.hub.hub.tools.setCallback({
        tid: 203,
        env: 'local',
        name: 'logout',
        url: `${demoToolUrl}/t/203/signed-out`,
        position: 5,
      });
      const to = async (query: string) => (await logoutGet(query, 'none')).headers.location;
      expect(await to('?tid=203&callback=local')).toBe(`${demoToolUrl}/t/203/signed-out`);
      // The marketplace's first callback is its checkout: logout goes to its sign-in callback.
      expect(await to('?tid=101&callback=local')).toBe(`${demoToolUrl}/t/101/sso/account/auth`);
      expect(await to('?tid=206&callback=sb')).toBe(
        'https://pfpaymeshare.sandbox.example.ph/psl/wallet/sso/account/auth',
      );
      expect(await to('?tid=303&callback=local')).toBe('/');
      expect(await to('?tid=999')).toBe('/');
      expect(await to('')).toBe('/');
    });

    it('refuses a form on any other route', async () => {
      const res = await ctx.browser.post('/api/sso/rqx', 'from=PCHT_SSO_RQX', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(res.statusCode).toBe(415);
    });
  });
});

describe.each(testDialects)('cookies and logs on HTTPS on %s', (dialect) => {
  it('clears __Host-hub_session with the attributes it was set with', async () => {
    const hub = await createTestHub(dialect, { PUBLIC_URL: 'https://hub.example.ph' });
    try {
      await seedAccount(hub, { email: 'https-user@example.ph' });
      const b = browserFor(hub);
      const first = await b.post(authEndpoints.loginIdentify, {
        platform: 'psl',
        account: 'https-user@example.ph',
        context: {},
      });
      const done = await b.post(authEndpoints.loginPassword, {
        flowId: first.json().flowId,
        password: strongPassword,
      });
      const set = done.cookies.find((c) => c.name === '__Host-hub_session');
      expect(set).toMatchObject({ path: '/', secure: true, httpOnly: true, sameSite: 'Lax' });
      const out = await hub.app.inject({
        method: 'GET',
        url: '/sso/logout',
        headers: { cookie: `__Host-hub_session=${set!.value}`, 'sec-fetch-site': 'none' },
      });
      expect(out.statusCode).toBe(303);
      const cleared = out.cookies.find((c) => c.name === '__Host-hub_session');
      expect(cleared).toMatchObject({ value: '', path: '/', secure: true, httpOnly: true, sameSite: 'Lax' });
      expect(cleared?.maxAge).toBe(0);
    } finally {
      await hub.close();
    }
  });

  it('never logs an ainfo, not even the demo platform page’s URL that carries one', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await createTestDatabase(dialect);
    const config = loadConfig({ ...testHubEnv, APP_ENV: 'local', LOG_LEVEL: 'info' });
    const built = await buildApp({ config, database, logger: { level: 'info', stream } });
    try {
      const secret = 'eyJhbGciOiJFUzI1NiJ9.eyJzZWNyZXQiOnRydWV9.c2lnbmF0dXJlLW9mLWEtdG9rZW4';
      const res = await built.app.inject(`/demo/psl/sso/account/auth?subcb=%2Fx&ainfo=${secret}&x=1`);
      expect(res.statusCode).toBe(401);
      const log = lines.join('');
      expect(log).toContain('/demo/psl/sso/account/auth');
      expect(log).toContain('ainfo=[redacted]');
      expect(log).not.toContain(secret);
      expect(log).not.toContain('c2lnbmF0dXJl');
    } finally {
      await built.app.close();
      await database.close();
    }
  });
});
