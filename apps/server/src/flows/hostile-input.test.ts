import {
  authEndpoints,
  encodeProfileSeed,
  encodeRefAFrnd,
  encodeToolSession,
  switchingEndpoints,
} from '@hub/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { demoToolUrl, seedDemoCatalogue } from '../test-support/catalogue.js';
import { browserFor, latestCode, strongPassword } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import {
  encodedValue,
  hostileNumber,
  hostileProfileSeed,
  hostileRefAFrnd,
  hostileToolSession,
  unstorableString,
} from '../test-support/hostile-requests.js';
import { expectRefusal } from '../test-support/refusals.js';

// Values SQLite stores without a word but PostgreSQL refuses: a NUL in text, a lone UTF-16
// surrogate (no UTF-8 form), an integer past a 32-bit `integer` column. Each must be a 4xx at the
// edge on both databases, or be dropped by the codec that reads it, never a 500.
const invalidRequest = (field: string) => ({
  code: 'request.invalid',
  message: 'The request is invalid. Please check the fields and try again.',
  field,
});

describe.each(testDialects)('input PostgreSQL cannot store, on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { seed: seedDemoCatalogue, network: '10.19.0' });
  const email = () => `hostile${ctx.n}@example.ph`;

  it.each([
    authEndpoints.loginIdentify,
    authEndpoints.resetStart,
    authEndpoints.signupStart,
    switchingEndpoints.switchingIdentify,
  ])('refuses a NUL or a lone surrogate in the account on %s', async (url) => {
    for (const account of ['a\u0000b', 'a\uD800b', '\uDC00@example.ph']) {
      expectRefusal(
        await ctx.browser.post(url, { platform: 'psl', account }),
        400,
        invalidRequest('account'),
      );
    }
  });

  it('refuses a NUL in any field of the SSO request and the tool look-ups', async () => {
    expectRefusal(await ctx.browser.post('/api/sso/rqx', { from: '\u0000' }), 400, invalidRequest('from'));
    expectRefusal(
      await ctx.browser.post('/api/sso/rqx', {
        from: 'PARTNER_DESK_RQX',
        callback: 'local',
        pricing: 'x\u0000',
      }),
      400,
      invalidRequest('pricing'),
    );
    expectRefusal(await ctx.hub.app.inject('/api/tools/ssorqx?tsa_key=%00'), 400, invalidRequest('tsa_key'));
    const logout = await ctx.hub.app.inject('/sso/logout?tid=99999999999');
    expect(logout.statusCode).toBe(400);
  });

  it('answers a URL that cannot be routed with a catalogue code, like any bad input', async () => {
    const { field: _, ...invalid } = invalidRequest('');
    expectRefusal(await ctx.hub.app.inject('/auth/social/%zz/start?platform=psl'), 400, invalid);
    expectRefusal(await ctx.hub.app.inject(`/auth/social/${'g'.repeat(200)}/start`), 414, invalid);
    expectRefusal(
      await ctx.hub.app.inject('/auth/social/%00/start?platform=psl'),
      400,
      invalidRequest('provider'),
    );
  });

  it('refuses a NUL in a context value and in a password', async () => {
    const res = await ctx.browser.post(authEndpoints.signupStart, {
      platform: 'psl',
      account: email(),
      context: { from: '{"credential":"x","first_name":"\u0000"}' },
    });
    expectRefusal(res, 400, invalidRequest('context.from'));
    await seedAccount(ctx.hub, { email: email() });
    const first = await ctx.browser.post(authEndpoints.loginIdentify, { platform: 'psl', account: email() });
    expect(first.statusCode).toBe(200);
    const password = await ctx.browser.post(authEndpoints.loginPassword, {
      flowId: first.json().flowId,
      password: `${strongPassword}\u0000`,
    });
    expectRefusal(password, 400, invalidRequest('password'));
  });

  /** A sign-up through a link carrying `context`, up to the finalize answer. */
  const signUpWith = async (context: Record<string, string>, entry?: string) => {
    const start = await ctx.browser.post(authEndpoints.signupStart, {
      platform: 'psl',
      account: email(),
      context,
      ...(entry ? { entry } : {}),
    });
    expect(start.statusCode, start.body).toBe(200);
    const flowId = start.json().flowId as string;
    const code = await latestCode(ctx.hub, email());
    expect((await ctx.browser.post(authEndpoints.signupVerify, { flowId, code })).statusCode).toBe(200);
    return ctx.browser.post(authEndpoints.signupFinalize, { flowId, password: strongPassword });
  };
  const profileOf = async (account: string) => {
    const row = await ctx.hub.hub.accounts.findByIdentifier('email', account);
    return ctx.db.selectFrom('profiles').selectAll().where('account_id', '=', row!.id).executeTakeFirst();
  };

  it('signs up through a profile seed whose name is a NUL, without the profile', async () => {
    // JSON-escaped inside `from`, so the request itself carries no NUL: only the decoded seed does.
    const from = encodeProfileSeed({ credential: email(), first_name: '\u0000', last_name: 'Clara' });
    expect(from).toContain('\\u0000');
    const done = await signUpWith({ from }, 'ubr_profile');
    expect(done.statusCode, done.body).toBe(200);
    expect(await profileOf(email())).toBeUndefined();
  });

  it.each([
    ['tid', { tid: 99999999999999, ref_from: 4 }],
    ['ref_from', { tid: 18, ref_from: 99999999999999 }],
    ['tid', { tid: 2147483648, ref_from: 4 }],
  ])('signs up through a ref_a_frnd whose %s is out of range, without the referral', async (_, numbers) => {
    const referrer = await seedAccount(ctx.hub, { email: `referrer${ctx.n}@example.ph` });
    const refAFrnd = encodeRefAFrnd({ aid: referrer, ...numbers });
    const done = await signUpWith({ ref_a_frnd: refAFrnd });
    expect(done.statusCode, done.body).toBe(200);
    expect(
      await ctx.db.selectFrom('referrals').selectAll().where('referrer_user_id', '=', referrer).execute(),
    ).toEqual([]);
  });

  const toolSession = (tid: number) =>
    encodeToolSession({ cb: `${demoToolUrl}/t/202/cb`, tid, tinfo: [], expiration: '', platform: 'psl' });

  it('refuses a tool login whose tool session names a tid past the integer range', async () => {
    await seedAccount(ctx.hub, { email: email() });
    for (const tid of [2147483648, 99999999999999]) {
      const res = await ctx.browser.post(authEndpoints.loginIdentify, {
        platform: 'psl',
        account: email(),
        toolLogin: true,
        context: { from: toolSession(tid) },
      });
      expect(res.statusCode, res.body).toBe(400);
      expect(res.json().code).toBe('sso.tsa_key_missing');
    }
  });

  it('finishes a login whose tool session names a tid past the integer range at the platform', async () => {
    await seedAccount(ctx.hub, { email: email() });
    const first = await ctx.browser.post(authEndpoints.loginIdentify, {
      platform: 'psl',
      account: email(),
      context: { from: toolSession(2147483648) },
    });
    expect(first.statusCode, first.body).toBe(200);
    const done = await ctx.browser.post(authEndpoints.loginPassword, {
      flowId: first.json().flowId,
      password: strongPassword,
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(new URL(done.json().location).origin).toBe(new URL(ctx.hub.config.platformUrls.psl).origin);
  });

  // Encoded values are read only at a later step (finalize, the password): the whole flow is run,
  // with each part of the context either ordinary or hostile, and the referrer a real account.
  const part = fc.oneof(
    { arbitrary: fc.constantFrom('Maria', 'Clara'), weight: 2 },
    { arbitrary: unstorableString, weight: 2 },
    { arbitrary: hostileNumber, weight: 1 },
  );
  const hostileContext = (referrer: string) =>
    fc.record(
      {
        from: fc.oneof(hostileProfileSeed(part), hostileToolSession(part)),
        ref_a_frnd: hostileRefAFrnd(part, fc.constant(referrer)),
        sainfo: encodedValue(part),
      },
      { requiredKeys: [] },
    );
  // A login is about its tool session: always one, well formed but for its tid or a text field.
  const loginContext = (referrer: string) =>
    fc.record(
      {
        from: fc
          .record({
            tid: fc.oneof(fc.constantFrom(202, 18), hostileNumber),
            pricing: fc.oneof(fc.constant('monthly'), unstorableString),
          })
          .map(({ tid, pricing }) =>
            encodeToolSession({
              cb: `${demoToolUrl}/t/202/cb`,
              tid,
              tinfo: [],
              expiration: '',
              platform: 'psl',
              tsa_key: 'PARTNER_DESK_RQX',
              pricing,
            }),
          ),
        ref_a_frnd: hostileRefAFrnd(part, fc.constant(referrer)),
      },
      { requiredKeys: ['from'] },
    );
  let runIp = 0;
  const nextBrowser = () => {
    runIp += 1;
    return browserFor(ctx.hub, `10.20.${Math.floor(runIp / 250)}.${runIp % 250}`);
  };

  it('finishes or refuses a sign-up whose link carried any hostile encoded value, never with a 5xx', async () => {
    const referrer = await seedAccount(ctx.hub, { email: 'hostile-referrer@example.ph' });
    let finalized = 0;
    await fc.assert(
      fc.asyncProperty(hostileContext(referrer), async (context) => {
        ctx.n += 1;
        const browser = nextBrowser();
        const profileEntry = Boolean(context.from?.includes('"credential"'));
        const start = await browser.post(authEndpoints.signupStart, {
          platform: 'psl',
          account: email(),
          context,
          ...(profileEntry ? { entry: 'ubr_profile' } : {}),
        });
        expect(start.statusCode, start.body).toBeLessThan(500);
        if (start.statusCode !== 200) return;
        const flowId = start.json().flowId as string;
        const code = await latestCode(ctx.hub, email());
        expect((await browser.post(authEndpoints.signupVerify, { flowId, code })).statusCode).toBe(200);
        const done = await browser.post(authEndpoints.signupFinalize, { flowId, password: strongPassword });
        expect(done.statusCode, done.body).toBeLessThan(500);
        finalized += 1;
      }),
      { numRuns: 40 },
    );
    expect(finalized).toBeGreaterThan(0);
  });

  it('finishes or refuses a login whose context carried any hostile encoded value, never with a 5xx', async () => {
    await seedAccount(ctx.hub, { email: 'hostile-login@example.ph' });
    const referrer = await seedAccount(ctx.hub, { email: 'hostile-login-referrer@example.ph' });
    let checked = 0;
    await fc.assert(
      fc.asyncProperty(loginContext(referrer), fc.boolean(), async (context, toolLogin) => {
        const browser = nextBrowser();
        const first = await browser.post(authEndpoints.loginIdentify, {
          platform: 'psl',
          account: 'hostile-login@example.ph',
          context,
          ...(toolLogin ? { toolLogin } : {}),
        });
        expect(first.statusCode, first.body).toBeLessThan(500);
        if (first.statusCode !== 200) return;
        const done = await browser.post(authEndpoints.loginPassword, {
          flowId: first.json().flowId,
          password: strongPassword,
        });
        expect(done.statusCode, done.body).toBeLessThan(500);
        checked += 1;
      }),
      { numRuns: 40 },
    );
    expect(checked).toBeGreaterThan(0);
  });
});
