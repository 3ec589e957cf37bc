import { authEndpoints, decodeSainfo, encodeProfileSeed, encodeRefAFrnd } from '@hub/core';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { setUpTestHub } from '../../test-support/app.js';
import { auditEvents } from '../../test-support/audit.js';
import { browserFor, latestCode, strongPassword } from '../../test-support/client.js';
import { testDialects } from '../../test-support/databases.js';
import { expectingLog } from '../../test-support/log.js';
import { expectRefusal } from '../../test-support/refusals.js';

describe.each(testDialects)('sign-up on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.51.100', captureLog: true });
  const email = () => `user${ctx.n}@example.ph`;

  const start = (account = email(), extra: Record<string, unknown> = {}) =>
    ctx.browser.post(authEndpoints.signupStart, { platform: 'psl', account, ...extra });
  const verify = (flowId: string, code: string, b = ctx.browser) =>
    b.post(authEndpoints.signupVerify, { flowId, code });
  const started = async (account = email(), extra: Record<string, unknown> = {}) => {
    const res = await start(account, extra);
    expect(res.statusCode).toBe(200);
    return res.json().flowId as string;
  };
  const signUp = async (account = email(), extra: Record<string, unknown> = {}) => {
    const flowId = await started(account, extra);
    expect((await verify(flowId, await latestCode(ctx.hub, account))).statusCode).toBe(200);
    const res = await ctx.browser.post(authEndpoints.signupFinalize, { flowId, password: strongPassword });
    expect(res.statusCode).toBe(200);
    return { flowId, location: res.json().location as string };
  };

  it('signs a new person up: code by mail, verified, password, signed in at the platform site', async () => {
    const res = await start();
    expect(res.statusCode).toBe(200);
    const body = res.json();
    expect(body).toMatchObject({
      next: 'code',
      account: { kind: 'email', display: email() },
      resendAfter: 360,
    });
    const code = await latestCode(ctx.hub, email());
    expect(JSON.stringify(body)).not.toContain(code);

    const verified = await verify(body.flowId, code);
    expect(verified.statusCode).toBe(200);
    const location = new URL(verified.json().location, 'http://x');
    expect(location.pathname).toBe('/psl/registration/finalize');
    expect(location.searchParams.get('flow')).toBe(body.flowId);
    expect(verified.body).not.toContain(code);
    const sainfo = decodeSainfo(location.searchParams.get('sainfo'));
    expect(sainfo.ok && sainfo.value.va).toBe('email');

    const status = await ctx.browser.get(`${authEndpoints.signupStatus}?flowId=${body.flowId}`);
    expect(status.json()).toMatchObject({ state: 'verified', exists: false, account: { display: email() } });

    const done = await ctx.browser.post(authEndpoints.signupFinalize, {
      flowId: body.flowId,
      password: strongPassword,
    });
    expect(done.statusCode).toBe(200);
    const exit = new URL(done.json().location);
    expect(`${exit.origin}${exit.pathname}`).toBe(`${ctx.hub.config.platformUrls.psl}/sso/account/auth`);
    const jwks = createLocalJWKSet((await ctx.hub.app.inject('/.well-known/jwks.json')).json());
    const { payload } = await jwtVerify(exit.searchParams.get('ainfo')!, jwks, {
      issuer: ctx.hub.config.publicUrl,
      audience: 'platform:psl',
      currentDate: new Date(ctx.hub.clock.now()),
    });
    expect(payload).toMatchObject({ account_type: 'psl', platform: 'psl' });
    expect(done.cookies.some((c) => c.name === 'hub_session' && c.httpOnly)).toBe(true);

    const account = await ctx.hub.hub.accounts.findByIdentifier('email', email());
    expect(account).toMatchObject({ id: payload.aid, verified: 1, home_platform: 'psl' });
    expect(account?.password_hash).toMatch(/^\$argon2id\$v=19\$m=9216,t=4,p=1\$/);
    const events = await auditEvents(ctx.hub);
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining(['signup.code_sent', 'signup.code_verified', 'signup.completed']),
    );
    expect(JSON.stringify(events)).not.toContain(code);
    expect(JSON.stringify(events)).not.toContain(strongPassword);
  });

  it.each([
    ['', 'account.required', 'Account is required'],
    ['juan_dela_cruz', 'account.format_invalid', 'Account format is invalid.'],
    [
      '09171234567',
      'account.mobile_unavailable',
      'Mobile registration is currently unavailable. Please use your email address.',
    ],
    [
      '9171234567',
      'account.mobile_unavailable',
      'Mobile registration is currently unavailable. Please use your email address.',
    ],
  ])('refuses %j with %s', async (account, code, message) => {
    const res = await start(account);
    expectRefusal(res, 400, { code, message, field: 'account' });
  });

  it("answers 'Account already exist.' on the same platform, and sends the other platform's account to switching", async () => {
    const { location } = await signUp();
    expect(location).toContain('/sso/account/auth');
    const again = await start(email().toUpperCase());
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'account.already_exists',
      message: 'Account already exist.',
    });

    const onBiz = await ctx.browser.post(authEndpoints.signupStart, { platform: 'biz', account: email() });
    expect(onBiz.statusCode).toBe(200);
    const target = new URL(onBiz.json().location, 'http://x');
    expect(target.pathname).toBe('/biz/switching/option1');
    const sainfo = decodeSainfo(target.searchParams.get('sainfo'));
    expect(sainfo.ok && sainfo.value).toMatchObject({ va: 'email', rrf: 'foundation' });
  });

  it('expires a code after 10 minutes', async () => {
    const flowId = await started();
    const code = await latestCode(ctx.hub, email());
    ctx.hub.clock.advance(10 * 60 * 1000);
    const res = await verify(flowId, code);
    expect(res.statusCode).toBe(400);
    expect(res.json().code).toBe('code.expired');
    ctx.hub.clock.advance(60 * 60 * 1000);
  });

  it('burns a code after 5 wrong tries', async () => {
    const flowId = await started();
    const code = await latestCode(ctx.hub, email());
    const wrong = code === '000000' ? '111111' : '000000';
    const answers = [];
    for (let i = 0; i < 5; i++) answers.push((await verify(flowId, wrong)).json().code);
    expect(answers).toEqual([
      'code.incorrect',
      'code.incorrect',
      'code.incorrect',
      'code.incorrect',
      'code.too_many_attempts',
    ]);
    const late = await verify(flowId, code);
    expect(late.statusCode).toBe(429);
    expect(late.json().code).toBe('code.too_many_attempts');
  });

  it("answers 'Verification code is incorrect' for a wrong code", async () => {
    const flowId = await started();
    const code = await latestCode(ctx.hub, email());
    const res = await verify(flowId, code === '123456' ? '654321' : '123456');
    expect(res.json()).toEqual({
      code: 'code.incorrect',
      message: 'Verification code is incorrect',
      field: 'code',
    });
  });

  it('refuses a resend before 360 s, then sends a fresh code that kills the old one', async () => {
    const flowId = await started();
    const first = await latestCode(ctx.hub, email());
    const early = await ctx.browser.post(authEndpoints.signupResend, { flowId });
    expect(early.statusCode).toBe(429);
    expect(early.json().retryAfter).toBe(360);
    expect(early.headers['retry-after']).toBe('360');
    ctx.hub.clock.advance(360 * 1000);
    const resent = await ctx.browser.post(authEndpoints.signupResend, { flowId });
    expectRefusal(resent, 200, { resendAfter: 360 });
    const second = await latestCode(ctx.hub, email());
    if (first !== second) expect((await verify(flowId, first)).statusCode).toBe(400);
    expect((await verify(flowId, second)).statusCode).toBe(200);
    ctx.hub.clock.advance(60 * 60 * 1000);
  });

  it('accepts one of 8 concurrent submissions of the right code', async () => {
    const flowId = await started();
    const code = await latestCode(ctx.hub, email());
    const answers = await Promise.all(Array.from({ length: 8 }, () => verify(flowId, code)));
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
  });

  it('lets none of 50 parallel wrong guesses through and counts no more than the limit', async () => {
    const flowId = await started();
    const code = await latestCode(ctx.hub, email());
    const guesses = Array.from({ length: 50 }, (_, i) =>
      String((Number(code) + 1 + i) % 1_000_000).padStart(6, '0'),
    );
    const answers = await Promise.all(guesses.map((g) => verify(flowId, g)));
    expect(answers.every((r) => r.statusCode !== 200)).toBe(true);
    const row = await ctx.db
      .selectFrom('verification_codes')
      .selectAll()
      .where('flow_id', '=', flowId)
      .executeTakeFirstOrThrow();
    expect(row.attempts).toBe(5);
    expect((await verify(flowId, code)).statusCode).toBe(429);
  });

  it('sends at most 5 codes an hour to one account, across its flows', async () => {
    const account = email();
    const first = await started(account);
    ctx.hub.clock.advance(361 * 1000);
    expect((await ctx.browser.post(authEndpoints.signupResend, { flowId: first })).statusCode).toBe(200);
    ctx.hub.clock.advance(361 * 1000);
    expect((await ctx.browser.post(authEndpoints.signupResend, { flowId: first })).statusCode).toBe(200);
    const second = await started(account.toUpperCase());
    ctx.hub.clock.advance(361 * 1000);
    expect((await ctx.browser.post(authEndpoints.signupResend, { flowId: second })).statusCode).toBe(200);
    const refused = await start(account);
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({ code: 'rate_limited', retryAfter: expect.any(Number) });
    expect(refused.json().message).toBe(
      `Too many attempts. Please try again in ${refused.json().retryAfter} seconds.`,
    );
    ctx.hub.clock.advance(refused.json().retryAfter * 1000);
    expect((await start(account)).statusCode).toBe(200);
    ctx.hub.clock.advance(60 * 60 * 1000);
  });

  it('keeps a flow to the browser that started it, and to pages of the hub', async () => {
    const flowId = await started();
    const code = await latestCode(ctx.hub, email());
    const stranger = browserFor(ctx.hub);
    expect((await verify(flowId, code, stranger)).json().code).toBe('flow.not_found');
    const elsewhere = await ctx.browser.post(
      authEndpoints.signupVerify,
      { flowId, code },
      { origin: 'https://evil.example' },
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().code).toBe('origin.forbidden');
    expect((await verify(flowId, code)).statusCode).toBe(200);
  });

  it.each([
    ['weak', 'password.too_weak'],
    // The only entry of the 10,000 most common passwords that meets the strength rule once capitalised.
    ['Sasha_007', 'password.too_common'],
    ['', 'password.required'],
    [`Aa1!${'x'.repeat(253)}`, 'password.too_long'],
  ])('refuses the password %j with %s and keeps the flow', async (password, code) => {
    const flowId = await started();
    await verify(flowId, await latestCode(ctx.hub, email()));
    const res = await ctx.browser.post(authEndpoints.signupFinalize, { flowId, password });
    expect(res.statusCode).toBe(400);
    expect(res.json()).toMatchObject({ code, field: 'password' });
    expect(await ctx.hub.hub.accounts.findByIdentifier('email', email())).toBeUndefined();
    const long = `Aa1!${'y'.repeat(150)}`;
    expect(
      (await ctx.browser.post(authEndpoints.signupFinalize, { flowId, password: long })).statusCode,
    ).toBe(200);
  });

  it('creates one account when a finalize is sent twice at once', async () => {
    const flowId = await started();
    await verify(flowId, await latestCode(ctx.hub, email()));
    const answers = await Promise.all(
      [0, 1].map(() => ctx.browser.post(authEndpoints.signupFinalize, { flowId, password: strongPassword })),
    );
    expect(answers.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const rows = await ctx.db
      .selectFrom('accounts')
      .select('id')
      .where('email_normalized', '=', email())
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('records a referral only when the referrer exists (referred_from from the link in the plain flow)', async () => {
    await signUp();
    const referrer = await ctx.hub.hub.accounts.findByIdentifier('email', email());
    ctx.n += 1;
    const refAFrnd = encodeRefAFrnd({ tid: 18, aid: referrer!.id, ref_from: 4 });
    await signUp(email(), { context: { ref_a_frnd: refAFrnd } });
    const referred = await ctx.hub.hub.accounts.findByIdentifier('email', email());
    const rows = await ctx.db
      .selectFrom('referrals')
      .selectAll()
      .where('referred_user_id', '=', referred!.id)
      .execute();
    expect(rows).toEqual([
      expect.objectContaining({ tool: 18, referrer_user_id: referrer!.id, referred_from: 4 }),
    ]);

    ctx.n += 1;
    const unknown = encodeRefAFrnd({ tid: 18, aid: 'no-such-account', ref_from: 4 });
    await signUp(email(), { context: { ref_a_frnd: unknown } });
    const other = await ctx.hub.hub.accounts.findByIdentifier('email', email());
    expect(
      await ctx.db.selectFrom('referrals').selectAll().where('referred_user_id', '=', other!.id).execute(),
    ).toEqual([]);
  });

  it('creates the ubr_profile profile only with both names', async () => {
    const seed = encodeProfileSeed({ credential: email(), first_name: 'Maria', last_name: 'Clara' });
    const { location } = await signUp(email(), { entry: 'ubr_profile', context: { from: seed } });
    expect(location).toContain('/sso/account/auth');
    const account = await ctx.hub.hub.accounts.findByIdentifier('email', email());
    const profile = await ctx.db
      .selectFrom('profiles')
      .selectAll()
      .where('account_id', '=', account!.id)
      .executeTakeFirst();
    expect(profile).toMatchObject({ first_name: 'Maria', last_name: 'Clara' });

    ctx.n += 1;
    const noLast = encodeProfileSeed({ credential: email(), first_name: 'Jose' });
    await expectingLog(
      ctx.hub,
      'info',
      /^profile not created: first_name and last_name must have a value$/,
      {},
      () => signUp(email(), { entry: 'ubr_profile', context: { from: noLast } }),
    );
    const other = await ctx.hub.hub.accounts.findByIdentifier('email', email());
    expect(
      await ctx.db.selectFrom('profiles').selectAll().where('account_id', '=', other!.id).executeTakeFirst(),
    ).toBeUndefined();
  });

  it('keeps the ubr entry in the finalize path', async () => {
    const flowId = await started(email(), { entry: 'ubr_main' });
    const res = await verify(flowId, await latestCode(ctx.hub, email()));
    expect(new URL(res.json().location, 'http://x').pathname).toBe('/psl/ubr/ubr_main/registration/finalize');
  });
});
