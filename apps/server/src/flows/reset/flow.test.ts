import { authEndpoints, encodeSainfo } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { seedAccount } from '../../test-support/accounts.js';
import { setUpTestHub } from '../../test-support/app.js';
import { auditEvents } from '../../test-support/audit.js';
import { browserFor, latestCode, strongPassword, type TestBrowser } from '../../test-support/client.js';
import { testDialects } from '../../test-support/databases.js';
import { expectRefusal } from '../../test-support/refusals.js';

const newPassword = 'Bagong-Password-2026';

describe.each(testDialects)('password reset on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '100.64.0' });
  const email = () => `reset${ctx.n}@example.ph`;

  const logIn = async (b: TestBrowser, password: string) => {
    const flowId = (await b.post(authEndpoints.loginIdentify, { platform: 'psl', account: email() })).json()
      .flowId;
    return b.post(authEndpoints.loginPassword, { flowId, password });
  };
  const reset = async (extra: Record<string, unknown> = {}, account = email()) => {
    const started = await ctx.browser.post(authEndpoints.resetStart, { platform: 'psl', account, ...extra });
    expect(started.statusCode).toBe(200);
    const flowId = started.json().flowId as string;
    const verified = await ctx.browser.post(authEndpoints.resetVerify, {
      flowId,
      code: await latestCode(ctx.hub, email()),
    });
    expect(verified.statusCode).toBe(200);
    const finalize = new URL(verified.json().location, 'http://x');
    expect(finalize.pathname).toBe('/psl/reset/password/finalize');
    return {
      flowId,
      done: await ctx.browser.post(authEndpoints.resetFinalize, { flowId, password: newPassword }),
    };
  };

  it("answers 'Account does not exist.' (with the full stop) for an unknown account", async () => {
    const res = await ctx.browser.post(authEndpoints.resetStart, {
      platform: 'psl',
      account: 'ghost@example.ph',
    });
    expectRefusal(res, 404, {
      code: 'account.not_found',
      message: 'Account does not exist.',
      field: 'account',
    });
  });

  it('resets by code, returns to login, ends the other sessions, and the new password works', async () => {
    const accountId = await seedAccount(ctx.hub, { email: email() });
    const other = browserFor(ctx.hub);
    expect((await logIn(other, strongPassword)).statusCode).toBe(200);

    const { done } = await reset();
    expect(done.statusCode).toBe(200);
    expect(done.json().location).toBe('/psl/login');
    const live = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    expect((await logIn(browserFor(ctx.hub), strongPassword)).statusCode).toBe(401);
    expect((await logIn(browserFor(ctx.hub), newPassword)).statusCode).toBe(200);
    const events = await auditEvents(ctx.hub, { accountId });
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining(['reset.code_sent', 'password.changed']),
    );
  });

  it('finds the account by username and mails the code to its email', async () => {
    await seedAccount(ctx.hub, { email: email(), username: `juan${ctx.n}` });
    const { done } = await reset({}, `JUAN${ctx.n}`);
    expect(done.statusCode).toBe(200);
  });

  it.each([
    ['switching1', '/psl/switching/option1'],
    ['switching2', '/psl/switching/option2'],
    ['tool_login', '/psl/tool/login'],
    ['foundation', '/psl/login'],
  ])('returns by rrf=%s to %s, carrying sainfo', async (rrf, path) => {
    await seedAccount(ctx.hub, { email: email() });
    const sainfo = encodeSainfo({ rrf: rrf as 'switching1', va: 'email' });
    const { done } = await reset({ rrf, context: { sainfo } });
    const target = new URL(done.json().location, 'http://x');
    expect(target.pathname).toBe(path);
    expect(target.searchParams.get('sainfo')).toBe(sainfo);
  });

  it('refuses a weak new password and a finalize before the code', async () => {
    await seedAccount(ctx.hub, { email: email() });
    const started = await ctx.browser.post(authEndpoints.resetStart, { platform: 'psl', account: email() });
    const flowId = started.json().flowId;
    expect(
      (await ctx.browser.post(authEndpoints.resetFinalize, { flowId, password: newPassword })).json().code,
    ).toBe('flow.not_found');
    await ctx.browser.post(authEndpoints.resetVerify, { flowId, code: await latestCode(ctx.hub, email()) });
    const weak = await ctx.browser.post(authEndpoints.resetFinalize, { flowId, password: 'short' });
    expect(weak.json()).toMatchObject({ code: 'password.too_weak', field: 'password' });
  });
});
