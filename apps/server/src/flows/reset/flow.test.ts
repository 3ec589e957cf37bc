import { authEndpoints, encodeSainfo } from '@hub/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedAccount } from '../../test-support/accounts.js';
import { createTestHub, type TestHub } from '../../test-support/app.js';
import { browserFor, latestCode, strongPassword, type TestBrowser } from '../../test-support/client.js';
import { testDialects } from '../../test-support/databases.js';

const newPassword = 'Bagong-Password-2026';

describe.each(testDialects)('password reset on %s', (dialect) => {
  let hub: TestHub;
  let browser: TestBrowser;
  let n = 0;
  const email = () => `reset${n}@example.ph`;

  beforeAll(async () => {
    hub = await createTestHub(dialect);
  });
  afterAll(async () => hub?.close());
  beforeEach(() => {
    n += 1;
    browser = browserFor(hub, `100.64.0.${n}`);
  });

  const logIn = async (b: TestBrowser, password: string) => {
    const flowId = (await b.post(authEndpoints.loginIdentify, { platform: 'psl', account: email() })).json()
      .flowId;
    return b.post(authEndpoints.loginPassword, { flowId, password });
  };
  const reset = async (extra: Record<string, unknown> = {}, account = email()) => {
    const started = await browser.post(authEndpoints.resetStart, { platform: 'psl', account, ...extra });
    expect(started.statusCode).toBe(200);
    const flowId = started.json().flowId as string;
    const verified = await browser.post(authEndpoints.resetVerify, {
      flowId,
      code: await latestCode(hub, email()),
    });
    expect(verified.statusCode).toBe(200);
    const finalize = new URL(verified.json().location, 'http://x');
    expect(finalize.pathname).toBe('/psl/reset/password/finalize');
    return {
      flowId,
      done: await browser.post(authEndpoints.resetFinalize, { flowId, password: newPassword }),
    };
  };

  it("answers 'Account does not exist.' (with the full stop) for an unknown account", async () => {
    const res = await browser.post(authEndpoints.resetStart, {
      platform: 'psl',
      account: 'ghost@example.ph',
    });
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'account.not_found_reset',
      message: 'Account does not exist.',
      field: 'account',
    });
  });

  it('resets by code, returns to login, ends the other sessions, and the new password works', async () => {
    const accountId = await seedAccount(hub, { email: email() });
    const other = browserFor(hub);
    expect((await logIn(other, strongPassword)).statusCode).toBe(200);

    const { done } = await reset();
    expect(done.statusCode).toBe(200);
    expect(done.json().location).toBe('/psl/login');
    const live = await hub.database.db
      .selectFrom('sessions')
      .select('id')
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    expect((await logIn(browserFor(hub), strongPassword)).statusCode).toBe(401);
    expect((await logIn(browserFor(hub), newPassword)).statusCode).toBe(200);
    const events = await hub.database.db
      .selectFrom('audit_events')
      .select('event')
      .where('account_id', '=', accountId)
      .execute();
    expect(events.map((e) => e.event)).toEqual(
      expect.arrayContaining(['reset.code_sent', 'password.changed']),
    );
  });

  it('finds the account by username and mails the code to its email', async () => {
    await seedAccount(hub, { email: email(), username: `juan${n}` });
    const { done } = await reset({}, `JUAN${n}`);
    expect(done.statusCode).toBe(200);
  });

  it.each([
    ['switching1', '/psl/switching/option1'],
    ['switching2', '/psl/switching/option2'],
    ['tool_login', '/psl/tool/login'],
    ['foundation', '/psl/login'],
  ])('returns by rrf=%s to %s, carrying sainfo', async (rrf, path) => {
    await seedAccount(hub, { email: email() });
    const sainfo = encodeSainfo({ rrf: rrf as 'switching1', va: 'email' });
    const { done } = await reset({ rrf, context: { sainfo } });
    const target = new URL(done.json().location, 'http://x');
    expect(target.pathname).toBe(path);
    expect(target.searchParams.get('sainfo')).toBe(sainfo);
  });

  it('refuses a weak new password and a finalize before the code', async () => {
    await seedAccount(hub, { email: email() });
    const started = await browser.post(authEndpoints.resetStart, { platform: 'psl', account: email() });
    const flowId = started.json().flowId;
    expect(
      (await browser.post(authEndpoints.resetFinalize, { flowId, password: newPassword })).json().code,
    ).toBe('flow.not_found');
    await browser.post(authEndpoints.resetVerify, { flowId, code: await latestCode(hub, email()) });
    const weak = await browser.post(authEndpoints.resetFinalize, { flowId, password: 'short' });
    expect(weak.json()).toMatchObject({ code: 'password.too_weak', field: 'password' });
  });
});
