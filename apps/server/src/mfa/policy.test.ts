import {
  authEndpoints,
  encodeToolSession,
  meContinueEndpoints,
  SECOND_STEP_PARAM,
  secondFactorEndpoints,
  type ToolSession,
} from '@hub/core';
import { decodeJwt } from 'jose';
import { describe, expect, it } from 'vitest';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { seedDemoCatalogue } from '../test-support/catalogue.js';
import { latestCode, strongPassword } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { totpCodeAt } from '../test-support/second-factors.js';

const ainfoOf = (location: string) => decodeJwt(new URL(location).searchParams.get('ainfo')!);

describe.each(testDialects)('a required second factor on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, {
    env: { REQUIRE_SECOND_FACTOR: 'biz' },
    seed: seedDemoCatalogue,
    network: '203.0.113',
  });
  const email = () => `required${ctx.n}@example.ph`;
  const logIn = async (platform: 'psl' | 'biz', context?: Record<string, string>) => {
    const first = await ctx.browser.post(authEndpoints.loginIdentify, {
      platform,
      account: email(),
      ...(context ? { context } : {}),
    });
    expect(first.json()).toMatchObject({ next: 'password' });
    return ctx.browser.post(authEndpoints.loginPassword, {
      flowId: first.json().flowId,
      password: strongPassword,
    });
  };

  /** The enrolment a required second factor leads to, through to the exit. */
  const enrolThrough = async (flowId: string) => {
    const status = await ctx.browser.get(`${secondFactorEndpoints.stepStatus}?flowId=${flowId}`);
    expect(status.json()).toEqual({ methods: [], enrol: true });
    // The enrolling flow takes no code as a second factor: there is none yet.
    expect(
      (await ctx.browser.post(secondFactorEndpoints.verify, { flowId, method: 'totp', code: '123456' }))
        .statusCode,
    ).toBe(404);
    const started = await ctx.browser.post(secondFactorEndpoints.enrol, { flowId });
    expect(started.statusCode, started.body).toBe(200);
    const { secret } = started.json();
    const wrong = await ctx.browser.post(secondFactorEndpoints.enrolConfirm, { flowId, code: '000000' });
    expect(wrong.json().code).toBe(
      totpCodeAt(secret, ctx.hub.clock.now()) === '000000' ? undefined : 'second_factor.code_incorrect',
    );
    const done = await ctx.browser.post(secondFactorEndpoints.enrolConfirm, {
      flowId,
      code: totpCodeAt(secret, ctx.hub.clock.now()),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().recoveryCodes).toHaveLength(10);
    return done.json().location as string;
  };

  it('leads a Business sign-in without a second factor through setting one up (REQUIRE_SECOND_FACTOR=biz)', async () => {
    const id = await seedAccount(ctx.hub, { email: email(), platforms: ['psl', 'biz'] });
    expect((await logIn('psl')).json().next).toBe('redirect');
    const parked = await logIn('biz');
    expect(parked.json()).toMatchObject({ next: 'second_factor', methods: [], enrol: true });
    const location = await enrolThrough(parked.json().flowId);
    expect(location).toMatch(new RegExp(`^${ctx.hub.config.platformUrls.biz}/sso/account/auth`));
    expect(ainfoOf(location).amr).toEqual(['pwd', 'otp', 'mfa']);
    expect((await ctx.hub.hub.secondFactors.find(id))?.totp_confirmed_at).not.toBeNull();
    // From now on every sign-in of the account asks for it (Personal too).
    expect((await logIn('psl')).json()).toMatchObject({
      next: 'second_factor',
      methods: ['totp', 'recovery'],
    });
  });

  /** The second step a redirect answer leads to: the login screen of `platform`, on that step. */
  const secondStepOf = (location: string, platform: 'psl' | 'biz') => {
    const url = new URL(location, ctx.hub.config.publicUrl);
    expect(url.pathname).toBe(`/${platform}/login`);
    expect(url.origin).toBe(new URL(ctx.hub.config.publicUrl).origin);
    const flowId = url.searchParams.get(SECOND_STEP_PARAM);
    expect(flowId).toBeTruthy();
    return flowId as string;
  };
  const sessionAmr = async (accountId: string) =>
    (await ctx.db.selectFrom('sessions').select('amr').where('account_id', '=', accountId).execute()).map(
      (row) => row.amr,
    );

  it('does not let a one-factor session Continue into a platform that requires two', async () => {
    const id = await seedAccount(ctx.hub, { email: email(), platforms: ['psl', 'biz'] });
    expect((await logIn('psl')).json().next).toBe('redirect');
    const answer = await ctx.browser.post(meContinueEndpoints.continue, { platform: 'biz' });
    expect(answer.statusCode, answer.body).toBe(200);
    expect(answer.json().location).not.toContain('ainfo=');
    const location = await enrolThrough(secondStepOf(answer.json().location, 'biz'));
    expect(location).toMatch(new RegExp(`^${ctx.hub.config.platformUrls.biz}/sso/account/auth`));
    expect(ainfoOf(location).amr).toEqual(expect.arrayContaining(['pwd', 'otp', 'mfa']));
    // The session now holds both factors: the next Continue goes straight through.
    expect(await sessionAmr(id)).toEqual([expect.stringContaining('mfa')]);
    const again = await ctx.browser.post(meContinueEndpoints.continue, { platform: 'biz' });
    expect(ainfoOf(again.json().location).amr).toContain('mfa');
  });

  it('does not let a sign-up complete on a platform that requires two factors without setting one up', async () => {
    const account = `new${email()}`;
    const started = await ctx.browser.post(authEndpoints.signupStart, { platform: 'biz', account });
    const flowId = started.json().flowId as string;
    expect(
      (
        await ctx.browser.post(authEndpoints.signupVerify, {
          flowId,
          code: await latestCode(ctx.hub, account),
        })
      ).statusCode,
    ).toBe(200);
    const done = await ctx.browser.post(authEndpoints.signupFinalize, { flowId, password: strongPassword });
    expect(done.statusCode, done.body).toBe(200);
    const location = await enrolThrough(secondStepOf(done.json().location, 'biz'));
    expect(ainfoOf(location).amr).toEqual(['pwd', 'otp', 'mfa']);
  });

  it('requires it for a tool marked so (hub tools update --second-factor required)', async () => {
    await seedAccount(ctx.hub, { email: email() });
    await ctx.db.updateTable('tools').set({ require_second_factor: 1 }).where('tid', '=', 201).execute();
    try {
      const decided = await ctx.browser.post('/api/sso/rqx', { from: 'PCHT_SSO_RQX', callback: 'local' });
      const from = encodeToolSession(decided.json().toolSession as ToolSession);
      const parked = await logIn('psl', { from });
      expect(parked.json()).toMatchObject({ next: 'second_factor', enrol: true });
      const location = await enrolThrough(parked.json().flowId);
      expect(ainfoOf(location)).toMatchObject({ aud: 'tool:201', amr: ['pwd', 'otp', 'mfa'] });
    } finally {
      await ctx.db.updateTable('tools').set({ require_second_factor: 0 }).where('tid', '=', 201).execute();
    }
  });

  it('does not let a one-factor session into a tool that requires two through the SSO handler', async () => {
    await seedAccount(ctx.hub, { email: email() });
    // Signed in on Personal with the password alone (Personal does not require a second factor).
    expect((await logIn('psl')).json().next).toBe('redirect');
    await ctx.db.updateTable('tools').set({ require_second_factor: 1 }).where('tid', '=', 101).execute();
    try {
      // A direct checkout signs in the account this browser's session holds, at once (sso/rqx.ts).
      const answer = await ctx.browser.post('/api/sso/rqx', {
        from: 'MP_DIRECT_CHECKOUT_RQX',
        callback: 'local',
        platform: 'personal',
        account: email(),
      });
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.json().next).toBe('redirect');
      expect(answer.json().location).not.toContain('ainfo=');
      const location = await enrolThrough(secondStepOf(answer.json().location, 'psl'));
      expect(ainfoOf(location)).toMatchObject({ aud: 'tool:101' });
      expect(ainfoOf(location).amr).toEqual(expect.arrayContaining(['pwd', 'otp', 'mfa']));
    } finally {
      await ctx.db.updateTable('tools').set({ require_second_factor: 0 }).where('tid', '=', 101).execute();
    }
  });
});
