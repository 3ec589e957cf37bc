import {
  authEndpoints,
  decodeToolSession,
  encodeRefAFrnd,
  encodeToolSession,
  type ToolSession,
} from '@hub/core';
import { createLocalJWKSet, decodeProtectedHeader, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { demoToolUrl, seedDemoCatalogue } from '../test-support/catalogue.js';
import { browserFor, strongPassword } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { expectRefusal } from '../test-support/refusals.js';
import { localDemoCredential } from './credentials.js';

describe.each(testDialects)('partner-tool SSO on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { seed: seedDemoCatalogue, network: '10.9.0' });
  const email = () => `tool${ctx.n}@example.ph`;

  const rqx = (query: Record<string, string>, b = ctx.browser) => b.post('/api/sso/rqx', query);
  const decide = async (query: Record<string, string>) => {
    const res = await rqx(query);
    expect(res.statusCode, res.body).toBe(200);
    const body = res.json();
    return { ...body, url: new URL(body.location, 'http://x') } as {
      location: string;
      url: URL;
      toolSession: ToolSession;
    };
  };
  const loginThrough = async (from: string, b = ctx.browser, account = email()) => {
    const first = await b.post(authEndpoints.loginIdentify, { platform: 'psl', account, context: { from } });
    expect(first.statusCode, first.body).toBe(200);
    return b.post(authEndpoints.loginPassword, { flowId: first.json().flowId, password: strongPassword });
  };
  /** Where the hub sends the browser once it has signed in through `toolSession`. */
  const returnFrom = async (toolSession: ToolSession, b = ctx.browser) =>
    new URL((await loginThrough(encodeToolSession(toolSession), b)).json().location);
  /** A person with an account signs in through the tool session that `query` starts. */
  const signInThroughTool = async (query: Record<string, string>) => {
    await seedAccount(ctx.hub, { email: email() });
    const { toolSession } = await decide(query);
    return { toolSession, target: await returnFrom(toolSession) };
  };
  const redeem = (ainfo: string, credential?: string) =>
    ctx.hub.app.inject({
      method: 'POST',
      url: '/api/tools/ainfo/redeem',
      payload: { ainfo },
      headers: credential ? { authorization: `Bearer ${credential}` } : {},
    });

  describe('the registry look-ups of spec §7', () => {
    /** The spec's calls carry an api key: here the credential of the tool (or platform) asking. */
    const lookUp = (url: string, tid: number) =>
      ctx.hub.app.inject({
        method: 'GET',
        url,
        headers: { authorization: `Bearer ${localDemoCredential(tid)}` },
      });

    it('answers tools/ssorqx with tinfo and tu, or !tk', async () => {
      const res = await lookUp('/api/tools/ssorqx?tsa_key=MP_DIRECT_CHECKOUT_RQX', 101);
      expect(res.json()).toEqual({
        msg: 'valid',
        tinfo: [{ tid: 101, name: 'Marketplace', type: 1, logo: '/tool-logos/mp.svg' }],
        tu: [
          { name: 'checkout_auth_callback', value: `${demoToolUrl}/t/101/subscription/checkout/rqx` },
          { name: 'auth_auth_callback', value: `${demoToolUrl}/t/101/sso/account/auth` },
        ],
      });
      const unknown = await lookUp('/api/tools/ssorqx?tsa_key=NOPE', 18);
      expect(unknown.statusCode).toBe(404);
      expect(unknown.json()).toMatchObject({
        msg: '!tk',
        message: 'AUTHORIZATION_ERROR: TSA key does not exist.',
      });
    });

    it('seeds the platforms as tools whose local credential calls the platform API', async () => {
      const owner = await seedAccount(ctx.hub, { email: `owner${ctx.n}@example.ph`, platforms: ['biz'] });
      const res = await ctx.hub.app.inject({
        method: 'GET',
        url: `/api/account/read?aid=${owner}`,
        headers: { authorization: `Bearer ${localDemoCredential(13)}` },
      });
      expect(res.statusCode).toBe(200);
      expect(res.json()).toMatchObject({ aid: owner, home_platform: 'biz' });
    });

    it('answers tools/toolcb by tid and environment', async () => {
      const res = await lookUp('/api/tools/toolcb?tid=206&env=production', 206);
      expect(res.json()).toEqual({
        tu: [
          {
            name: 'auth_auth_callback',
            value: 'https://pfpaymeshare.example.ph/psl/wallet/sso/account/auth',
          },
        ],
      });
      expect((await lookUp('/api/tools/toolcb?tid=abc&env=production', 18)).statusCode).toBe(400);
    });
  });

  describe('the SSO handler of spec §4', () => {
    it.each([
      [{ from: 'MP_SSO_RQX', callback: 'local' }, '/psl/login', `${demoToolUrl}/t/101/sso/account/auth`],
      [
        { from: 'MP_MARKET_CHECKOUT_SSO_RQX', callback: 'local', pricing: 'p1' },
        '/psl/login',
        `${demoToolUrl}/t/101/subscription/checkout/rqx`,
      ],
      [
        { from: 'TOOL_MARKET_PREVIEW_SSO_RQX', tsa_key: 'PCHT_SSO_RQX', callback: 'local' },
        '/psl/registration',
        `${demoToolUrl}/t/101/sso/account/auth`,
      ],
      [
        { from: 'PFSHP_SSO_RQX', callback: 'local', auth_type: 'registration' },
        '/psl/registration',
        `${demoToolUrl}/t/202/psl/sso/account/auth`,
      ],
      [
        { from: 'PHRC_SSO_DIRECT_RQX', callback: 'local' },
        '/psl/login',
        `${demoToolUrl}/t/203/sso/account/auth`,
      ],
      [
        { from: 'PFPAYMESHARE_SSO_RQX', callback: 'sb', platform: 'business' },
        '/biz/login',
        'https://pfpaymeshare.sandbox.example.ph/psl/wallet/sso/account/auth',
      ],
      [
        { from: 'PFJOB_SSO_RQX', callback: 'production', platform: 'personal' },
        '/psl/login',
        'https://pfjob.example.ph/sso/account/auth',
      ],
      [
        { from: 'PARTNER_DESK_RQX', callback: 'local' },
        '/psl/tool/login',
        `${demoToolUrl}/t/302/sso/account/auth`,
      ],
      [
        { from: 'PFREFERRAL_SSO_RQX', callback: 'local', auth_type: 'registration', entry: 'ubr_main' },
        '/psl/ubr/ubr_main/registration',
        `${demoToolUrl}/t/205/sso/account/auth`,
      ],
    ])('sends %o to %s with the tool session', async (query, path, cb) => {
      const { url, toolSession } = await decide({ platform: 'personal', ...query });
      expect(url.pathname).toBe(path);
      expect(toolSession.cb).toBe(cb);
      const carried = decodeToolSession(url.searchParams.get('from'));
      expect(carried.ok && carried.value).toEqual(toolSession);
    });

    it('sends a type-1 tool key to login or registration with tool_auth', async () => {
      const { url } = await decide({ from: 'CPA_REVIEW_RQX', callback: 'local', auth_type: 'registration' });
      expect(url.pathname).toBe('/biz/registration');
      expect(url.searchParams.get('tool_auth')).toBe('CPA Review');
    });

    const keyMissing = ['sso.tsa_key_missing', 'AUTHORIZATION_ERROR: TSA key does not exist.'] as const;
    const callbackMissing = [
      'sso.callback_missing',
      'AUTHORIZATION_ERROR: Callback URL is missing.',
    ] as const;
    it.each([
      [{ from: 'NO_SUCH_KEY' }, ...keyMissing],
      [{}, ...keyMissing],
      [{ from: 'TOOL_MARKET_PREVIEW_SSO_RQX', tsa_key: 'NOPE' }, ...keyMissing],
      [{ from: 'OFFLINE_TOOL_RQX', callback: 'local' }, ...callbackMissing],
      [{ from: 'PCHT_SSO_RQX', callback: 'local', subcb: 'https://evil.example/steal' }, ...callbackMissing],
      [{ from: 'PCHT_SSO_RQX', callback: 'local', subcb: '//evil.example/x' }, ...callbackMissing],
      [{ from: 'PCHT_SSO_RQX', callback: 'local', subcb: 'javascript:alert(1)' }, ...callbackMissing],
      [{ from: 'MP_MARKET_CHECKOUT_SSO_RQX', callback: 'local', tid: '999' }, ...keyMissing],
    ])('refuses %o with %s', async (query, code, message) => {
      const res = await rqx(query);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toMatchObject({ code, message });
    });

    it('accepts the production callback of a tool that has no local one', async () => {
      const { toolSession } = await decide({ from: 'OFFLINE_TOOL_RQX', callback: 'production' });
      expect(toolSession.cb).toBe('https://offline.example.ph/sso/account/auth');
    });

    it('pre-fills login or sign-up for a direct checkout, and signs in only the account this browser holds', async () => {
      await seedAccount(ctx.hub, { email: email() });
      const base = {
        from: 'MP_DIRECT_CHECKOUT_RQX',
        callback: 'local',
        pricing: 'gold',
        platform: 'personal',
      };
      expect((await decide({ ...base, account: 'none', auth_type: 'registration' })).url.pathname).toBe(
        '/psl/registration',
      );
      const unknown = await decide({ ...base, account: `new${ctx.n}@example.ph` });
      expect(unknown.url.pathname).toBe('/psl/registration');
      expect(unknown.url.searchParams.get('sainfo')).toContain('"va":"email"');
      const known = await decide({ ...base, account: email() });
      expect(known.url.pathname).toBe('/psl/login');
      expect(known.url.searchParams.has('ainfo')).toBe(false);

      expect((await loginThrough(known.url.searchParams.get('from')!)).statusCode).toBe(200);
      const again = await rqx({ ...base, account: email() });
      const target = new URL(again.json().location);
      expect(`${target.origin}${target.pathname}`).toBe(`${demoToolUrl}/t/101/subscription/checkout/rqx`);
      expect([...target.searchParams.keys()]).toEqual(['ainfo', 'platform', 'tid', 'pricing', 'ref']);
      expect(target.searchParams.get('pricing')).toBe('gold');
      const stranger = await rqx({ ...base, account: email() }, browserFor(ctx.hub));
      expect(stranger.json().location).toMatch(/^\/psl\/login\?/);
    });
  });

  describe('coming back to the tool', () => {
    it('returns to the registered callback with the spec §4 parameters and an ainfo that verifies and redeems once', async () => {
      await seedAccount(ctx.hub, { email: email() });
      const { toolSession } = await decide({ from: 'PFSHP_SSO_RQX', callback: 'local', subcb: '/orders/7' });
      const done = await loginThrough(encodeToolSession(toolSession));
      expect(done.statusCode, done.body).toBe(200);
      expect(done.headers['referrer-policy']).toBe('no-referrer');
      const target = new URL(done.json().location);
      expect(`${target.origin}${target.pathname}`).toBe(`${demoToolUrl}/t/202/psl/sso/account/auth`);
      expect([...target.searchParams.keys()]).toEqual(['ainfo', 'platform', 'ref', 'subcb']);
      expect(target.searchParams.get('ref')).toBe('auth');
      expect(target.searchParams.get('subcb')).toBe('/orders/7');

      const ainfo = target.searchParams.get('ainfo')!;
      const jwks = createLocalJWKSet((await ctx.hub.app.inject('/.well-known/jwks.json')).json());
      const { payload } = await jwtVerify(ainfo, jwks, {
        issuer: ctx.hub.config.publicUrl,
        audience: 'tool:202',
        currentDate: new Date(ctx.hub.clock.now()),
      });
      expect(payload).toMatchObject({ account_type: 'psl', platform: 'psl' });
      expect(payload.exp! - payload.iat!).toBe(120);

      expect((await redeem(ainfo)).json().code).toBe('tool.unauthorized');
      expect((await redeem(ainfo, localDemoCredential(201))).json().code).toBe('token.invalid');
      const first = await redeem(ainfo, localDemoCredential(202));
      expect(first.statusCode).toBe(200);
      expect(first.json().account).toMatchObject({ aid: payload.aid, email: email(), platforms: ['psl'] });
      const second = await redeem(ainfo, localDemoCredential(202));
      expect(second.statusCode).toBe(409);
      expect(second.json().code).toBe('token.redeemed');
    });

    it('returns a market preview to the marketplace with market_preview naming the previewed tool', async () => {
      const { toolSession, target } = await signInThroughTool({
        from: 'TOOL_MARKET_PREVIEW_SSO_RQX',
        tsa_key: 'PCHT_SSO_RQX',
        callback: 'local',
      });
      expect(toolSession).toMatchObject({ tid: 101, tinfo: [{ tid: 201, name: 'Chat' }] });
      expect(`${target.origin}${target.pathname}`).toBe(`${demoToolUrl}/t/101/sso/account/auth`);
      expect([...target.searchParams.entries()].slice(1)).toEqual([
        ['market_preview', '201'],
        ['platform', 'psl'],
      ]);
    });

    it('records the tool on the hub session it signed in with (the Devices page lists it)', async () => {
      const { toolSession } = await signInThroughTool({
        from: 'TOOL_MARKET_PREVIEW_SSO_RQX',
        tsa_key: 'PCHT_SSO_RQX',
        callback: 'local',
      });
      const list = await ctx.browser.get('/api/me/sessions');
      const current = list.json().sessions.find((s: { current: boolean }) => s.current);
      expect(current.signedInto).toEqual([
        { kind: 'tool', name: expect.any(String), lastAt: expect.any(Number) },
      ]);
      const tool = await ctx.hub.hub.tools.findByTid(toolSession.tid);
      expect(current.signedInto[0].name).toBe(tool?.name);
    });

    it('returns a marketplace checkout with the purchased tool, pricing and a plain subcb', async () => {
      const { target } = await signInThroughTool({
        from: 'MP_MARKET_CHECKOUT_SSO_RQX',
        callback: 'local',
        tid: '204',
        pricing: 'monthly',
        subcb: 'plans',
      });
      expect(`${target.origin}${target.pathname}`).toBe(`${demoToolUrl}/t/101/subscription/checkout/rqx`);
      expect(Object.fromEntries([...target.searchParams.entries()].slice(1))).toEqual({
        platform: 'psl',
        tid: '204',
        pricing: 'monthly',
        subcb: 'plans',
      });
    });

    it('returns a tool’s own state untouched and last, refuses a malformed one, adds none unasked', async () => {
      const state = 'c3RhdGUtb2YtdGhlLXRvb2wtMTIz';
      const { toolSession, target } = await signInThroughTool({
        from: 'PCHT_SSO_RQX',
        callback: 'local',
        state,
      });
      expect(toolSession.state).toBe(state);
      expect([...target.searchParams.entries()].at(-1)).toEqual(['state', state]);

      for (const bad of ['short', 'x'.repeat(257), 'a b c d e f g h i j', 'a&state=b&ccccccccccc']) {
        const res = await rqx({ from: 'PCHT_SSO_RQX', callback: 'local', state: bad });
        expect(res.statusCode, res.body).toBe(400);
        expect(res.json()).toMatchObject({
          code: 'sso.state_invalid',
          message: 'AUTHORIZATION_ERROR: State is malformed.',
        });
      }
      ctx.n += 1;
      const plain = await signInThroughTool({ from: 'PCHT_SSO_RQX', callback: 'local' });
      expect(plain.target.searchParams.has('state')).toBe(false);
    });

    it('refuses an expired ainfo', async () => {
      const { target } = await signInThroughTool({ from: 'PCHT_SSO_RQX', callback: 'local' });
      const ainfo = target.searchParams.get('ainfo')!;
      ctx.hub.clock.advance(121_000);
      expect((await redeem(ainfo, localDemoCredential(201))).json().code).toBe('token.invalid');
    });

    const registered = `${demoToolUrl}/t/201/sso/account/auth`;
    it.each([
      ['a suffix', `${registered}x`],
      ['another port', registered.replace(':3001', ':3002')],
      ['another case', registered.replace('/t/', '/T/')],
      ['userinfo', registered.replace('http://', 'http://user@')],
      ['an encoded character', registered.replace('account', 'acc%6Funt')],
      ['a trailing slash', `${registered}/`],
      ['another path', `${demoToolUrl}/t/201/other`],
      ['another tool', `${demoToolUrl}/t/202/psl/sso/account/auth`],
      ['another host', 'https://evil.example/sso/account/auth'],
    ])('refuses a tool session whose cb has %s', async (_name, cb) => {
      await seedAccount(ctx.hub, { email: email() });
      const { toolSession } = await decide({ from: 'PCHT_SSO_RQX', callback: 'local' });
      const res = await loginThrough(encodeToolSession({ ...toolSession, cb }));
      expect(res.statusCode).toBe(400);
      expect(res.json().code).toBe('sso.callback_missing');
      expect(res.cookies.find((c) => c.name === 'hub_session')).toBeUndefined();
    });

    it('refuses a tool session whose key names another tool', async () => {
      await seedAccount(ctx.hub, { email: email() });
      const { toolSession } = await decide({ from: 'PCHT_SSO_RQX', callback: 'local' });
      const res = await loginThrough(encodeToolSession({ ...toolSession, tsa_key: 'PFJOB_SSO_RQX' }));
      expect(res.json().code).toBe('sso.tsa_key_missing');
    });

    it('records a referral for referral keys (referred_from 1)', async () => {
      const referrer = await seedAccount(ctx.hub, { email: `referrer${ctx.n}@example.ph` });
      const referred = await seedAccount(ctx.hub, { email: email() });
      const refAFrnd = encodeRefAFrnd({ tid: 205, aid: referrer, ref_from: 7 });
      const { toolSession } = await decide({
        from: 'PFREFERRAL_SSO_RQX',
        callback: 'local',
        ref_a_frnd: refAFrnd,
      });
      const done = await loginThrough(encodeToolSession(toolSession));
      expect(new URL(done.json().location).searchParams.get('ref_a_frnd')).toBe(refAFrnd);
      const rows = await ctx.db
        .selectFrom('referrals')
        .selectAll()
        .where('referred_user_id', '=', referred)
        .execute();
      expect(rows).toEqual([
        expect.objectContaining({ tool: 205, referrer_user_id: referrer, referred_from: 1 }),
      ]);
    });
  });

  describe('tool login (spec §2)', () => {
    it("checks that the account belongs to the tool: 'Account is not registered to {tool name}'", async () => {
      const id = await seedAccount(ctx.hub, { email: email() });
      const { toolSession } = await decide({ from: 'PARTNER_DESK_RQX', callback: 'local' });
      const from = encodeToolSession(toolSession);
      const identify = () =>
        ctx.browser.post(authEndpoints.loginIdentify, {
          platform: 'psl',
          account: email(),
          toolLogin: true,
          context: { from },
        });
      const refused = await identify();
      expectRefusal(refused, 403, {
        code: 'account.not_registered_to_tool',
        message: 'Account is not registered to Partner Desk',
        params: { tool: 'Partner Desk' },
        field: 'account',
      });
      await ctx.hub.hub.tools.addMember(302, id, ctx.hub.clock.now());
      expect((await identify()).json().next).toBe('password');
    });
  });

  describe('keys and logout', () => {
    it('keeps a rotated key published until its tokens expire', async () => {
      const { toolSession, target } = await signInThroughTool({ from: 'PCHT_SSO_RQX', callback: 'local' });
      const old = target.searchParams.get('ainfo')!;
      const newKid = await ctx.hub.hub.keys.rotate();
      const kids = (await ctx.hub.app.inject('/.well-known/jwks.json'))
        .json()
        .keys.map((k: { kid: string }) => k.kid);
      expect(kids).toContain(decodeProtectedHeader(old).kid);
      expect(kids).toContain(newKid);
      expect((await redeem(old, localDemoCredential(201))).statusCode).toBe(200);
      // Published first, signing a minute later: tools caching the JWKS already know it.
      const during = (await returnFrom(toolSession, browserFor(ctx.hub))).searchParams.get('ainfo')!;
      expect(decodeProtectedHeader(during).kid).toBe(decodeProtectedHeader(old).kid);
      ctx.hub.clock.advance(60_000);
      const fresh = (await returnFrom(toolSession, browserFor(ctx.hub))).searchParams.get('ainfo')!;
      expect(decodeProtectedHeader(fresh).kid).toBe(newKid);
      ctx.hub.clock.advance(121_000);
      const later = (await ctx.hub.app.inject('/.well-known/jwks.json'))
        .json()
        .keys.map((k: { kid: string }) => k.kid);
      expect(later).toEqual([newKid]);
    });

    it('ends the hub session on /sso/logout and returns to a registered URL only', async () => {
      await signInThroughTool({ from: 'PCHT_SSO_RQX', callback: 'local' });
      const out = await ctx.browser.post('/sso/logout', 'tid=201&callback=local', {
        'content-type': 'application/x-www-form-urlencoded',
      });
      expect(out.statusCode).toBe(303);
      expect(out.headers.location).toBe(`${demoToolUrl}/t/201/sso/account/auth`);
      const live = await ctx.db.selectFrom('sessions').select('id').where('revoked_at', 'is', null).execute();
      const mine = ctx.browser.cookies.get('hub_session');
      expect(mine === '' || mine === undefined || !live.length).toBe(true);
      expect((await ctx.browser.get('/sso/logout?tid=999')).headers.location).toBe('/');
    });
  });
});
