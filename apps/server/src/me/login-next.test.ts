import { authEndpoints, encodeToolSession, meContinueEndpoints } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { seedDemoCatalogue } from '../test-support/catalogue.js';
import { latestCode, signInWith, strongPassword } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';

/** The account center sends a signed-out person to log in with `next`: the sign-in comes back there. */
describe.each(testDialects)('a sign-in started by the account center (next) on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.19.43', seed: seedDemoCatalogue });
  const email = () => `next${ctx.n}@example.ph`;

  const logIn = async (context: Record<string, string>, platform: 'psl' | 'biz' = 'psl') => {
    await seedAccount(ctx.hub, { email: email(), platforms: [platform] });
    const first = await ctx.browser.post(authEndpoints.loginIdentify, {
      platform,
      account: email(),
      context,
    });
    expect(first.statusCode, first.body).toBe(200);
    const done = await ctx.browser.post(authEndpoints.loginPassword, {
      flowId: first.json().flowId,
      password: strongPassword,
    });
    expect(done.statusCode, done.body).toBe(200);
    return done.json().location as string;
  };

  it('returns to the account center page named by next, with and without the platform tab', async () => {
    expect(await logIn({ next: '/account' })).toBe('/account');
    ctx.n += 1;
    expect(await logIn({ next: '/biz/account/security' }, 'biz')).toBe('/biz/account/security');
  });

  it('ignores any other next and leaves by the platform exit as before', async () => {
    for (const next of [
      'https://evil.test/account',
      '//evil.test/account',
      '/psl/login',
      '/account/../x',
      '/account?a=1',
    ]) {
      ctx.n += 1;
      const location = await logIn({ next });
      expect(location, next).toContain('/sso/account/auth?ainfo=');
      expect(location).not.toContain('evil');
    }
  });

  it('leaves a tool’s sign-in to the tool', async () => {
    const from = encodeToolSession({
      cb: 'http://localhost:3001/t/201/sso/account/auth',
      tid: 201,
      tinfo: [],
      platform: 'psl',
      tsa_key: 'PCHT_SSO_RQX',
    } as never);
    const location = await logIn({ next: '/account', from });
    expect(location).toContain('ainfo=');
    expect(location).not.toBe('/account');
  });

  it('carries next through sign-up, to the finalize screen and back to the account center', async () => {
    const account = email();
    const start = await ctx.browser.post(authEndpoints.signupStart, {
      platform: 'psl',
      account,
      context: { next: '/psl/account' },
    });
    expect(start.statusCode, start.body).toBe(200);
    const { flowId } = start.json();
    const verified = await ctx.browser.post(authEndpoints.signupVerify, {
      flowId,
      code: await latestCode(ctx.hub, account),
    });
    expect(new URL(verified.json().location, 'http://x').searchParams.get('next')).toBe('/psl/account');
    const done = await ctx.browser.post(authEndpoints.signupFinalize, { flowId, password: strongPassword });
    expect(done.json()).toEqual({ next: 'redirect', location: '/psl/account' });
  });
});

/** A landing card's 'Continue' for a signed-in person: where their login would have ended. */
describe.each(testDialects)('POST /api/me/continue on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.19.44' });

  it('goes on to the platform site with a fresh ainfo, or to the login of a platform the account is not on', async () => {
    const email = `continue${ctx.n}@example.ph`;
    await seedAccount(ctx.hub, { email });
    await signInWith(ctx.browser, email);
    const psl = await ctx.browser.post(meContinueEndpoints.continue, { platform: 'psl' });
    expect(psl.statusCode, psl.body).toBe(200);
    expect(psl.json().location).toMatch(/\/demo\/psl\/sso\/account\/auth\?ainfo=/);
    expect(psl.headers['cache-control']).toBe('no-store');
    // No second session for the same browser.
    expect(await ctx.db.selectFrom('sessions').select('id').execute()).toHaveLength(1);
    const biz = await ctx.browser.post(meContinueEndpoints.continue, { platform: 'biz' });
    expect(biz.json()).toEqual({ next: 'redirect', location: '/biz/login' });
  });

  it('needs the session and the hub’s own pages', async () => {
    expect((await ctx.browser.post(meContinueEndpoints.continue, { platform: 'psl' })).statusCode).toBe(401);
    const email = `continue${ctx.n}@example.ph`;
    await seedAccount(ctx.hub, { email });
    await signInWith(ctx.browser, email);
    const crossSite = await ctx.browser.post(
      meContinueEndpoints.continue,
      { platform: 'psl' },
      { origin: 'https://evil.test' },
    );
    expect(crossSite.statusCode).toBe(403);
  });
});
