import { authEndpoints, defaultPlatformEndpoints } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { seedAccount } from '../../test-support/accounts.js';
import { setUpTestHub } from '../../test-support/app.js';
import { auditEvents } from '../../test-support/audit.js';
import { browserFor, strongPassword } from '../../test-support/client.js';
import { testDialects } from '../../test-support/databases.js';
import { expectRefusal } from '../../test-support/refusals.js';

describe.each(testDialects)('default platform (switching option3) on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.19.0' });
  const email = () => `both${ctx.n}@example.ph`;

  const signedIn = async (platforms: Array<'psl' | 'biz'> = ['psl', 'biz'], b = ctx.browser) => {
    const id = await seedAccount(ctx.hub, { email: email(), platforms });
    const first = await b.post(authEndpoints.loginIdentify, { platform: platforms[0], account: email() });
    await b.post(authEndpoints.loginPassword, { flowId: first.json().flowId, password: strongPassword });
    return id;
  };
  const choose = (platform: string, b = ctx.browser) =>
    b.post(defaultPlatformEndpoints.defaultPlatformStart, { platform });
  const flowOf = async (platform: string) => {
    const res = await choose(platform);
    expect(res.statusCode, res.body).toBe(200);
    return new URL(res.json().location, 'http://x').searchParams.get('flow')!;
  };
  const confirm = (flowId: string, password = strongPassword, b = ctx.browser) =>
    b.post(defaultPlatformEndpoints.defaultPlatformConfirm, { flowId, password });
  const defaultsOf = async (accountId: string) =>
    (
      await ctx.db
        .selectFrom('platform_memberships')
        .select('platform')
        .where('account_id', '=', accountId)
        .where('is_default', '=', 1)
        .execute()
    ).map((m) => m.platform);

  it('shows the platforms, and makes the chosen one the only default once the password confirms it', async () => {
    const id = await signedIn();
    const state = await ctx.browser.get(defaultPlatformEndpoints.defaultPlatformState);
    expect(state.statusCode).toBe(200);
    expect(state.headers['cache-control']).toBe('no-store');
    expect(state.json()).toEqual({
      account: { kind: 'email', display: email() },
      platforms: [
        { platform: 'psl', isDefault: true, linkedAt: expect.any(Number) },
        { platform: 'biz', isDefault: false, linkedAt: expect.any(Number) },
      ],
    });

    const start = await choose('biz');
    expect(start.statusCode).toBe(200);
    const target = new URL(start.json().location, 'http://x');
    expect(target.pathname).toBe('/biz/switching/option3/finalize');
    const flowId = target.searchParams.get('flow')!;
    const status = await ctx.browser.get(
      `${defaultPlatformEndpoints.defaultPlatformStatus}?flowId=${flowId}`,
    );
    expect(status.json()).toEqual({
      state: 'chosen',
      platform: 'biz',
      current: 'psl',
      account: { kind: 'email', display: email() },
    });

    const wrong = await confirm(flowId, 'Wrong-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('password.incorrect');
    expect(await defaultsOf(id)).toEqual(['psl']);

    const done = await confirm(flowId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().location).toMatch(
      new RegExp(`^${ctx.hub.config.platformUrls.biz}/sso/account/auth\\?ainfo=`),
    );
    expect(await defaultsOf(id)).toEqual(['biz']);
    expect((await ctx.hub.hub.accounts.findById(id))?.home_platform).toBe('biz');
    expect((await confirm(flowId)).json().code).toBe('flow.not_found');
    const events = await auditEvents(ctx.hub, { accountId: id, event: 'default_platform.changed' });
    expect(events.map((e) => JSON.parse(e.detail))).toEqual([{ platform: 'biz', previous: 'psl' }]);
  });

  it("refuses a platform the account is not registered to: 'Account is not registered to Business'", async () => {
    await signedIn(['psl']);
    const res = await choose('biz');
    expectRefusal(res, 403, {
      code: 'account.not_registered_to_platform',
      message: 'Account is not registered to Business',
      params: { platform: 'Business' },
      field: 'platform',
    });
  });

  it('needs a signed-in account, and keeps the flow to its browser and its account', async () => {
    expect((await ctx.browser.get(defaultPlatformEndpoints.defaultPlatformState)).json().code).toBe(
      'session.required',
    );
    expect((await choose('biz')).statusCode).toBe(401);
    await signedIn();
    const flowId = await flowOf('biz');
    const stranger = browserFor(ctx.hub);
    ctx.n += 1;
    await signedIn(['psl', 'biz'], stranger);
    expect((await confirm(flowId, strongPassword, stranger)).json().code).toBe('flow.not_found');
    const elsewhere = await ctx.browser.post(
      defaultPlatformEndpoints.defaultPlatformConfirm,
      { flowId, password: strongPassword },
      { origin: 'https://evil.example' },
    );
    expect(elsewhere.json().code).toBe('origin.forbidden');
  });

  it('leaves exactly one default when two choices are confirmed at once', async () => {
    const id = await signedIn();
    const flows = [await flowOf('biz'), await flowOf('psl'), await flowOf('biz')];
    const answers = await Promise.all(flows.map((flowId) => confirm(flowId)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200, 200]);
    const defaults = await defaultsOf(id);
    expect(defaults).toHaveLength(1);
    expect((await ctx.hub.hub.accounts.findById(id))?.home_platform).toBe(defaults[0]);
  });
});
