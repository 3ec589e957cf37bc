import { meEndpoints, meLogoutEndpoints } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { auditEvents } from '../test-support/audit.js';
import { demoToolUrl, seedDemoCatalogue } from '../test-support/catalogue.js';
import { browserFor, signInWith } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { expectRefusal } from '../test-support/refusals.js';

describe.each(testDialects)('POST /api/me/logout on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, {
    network: '198.19.42',
    seed: async (hub) => {
      await seedDemoCatalogue(hub);
      // Tool 203 asked to be told of logouts: it registered a logout callback.
      await hub.hub.tools.setCallback({
        tid: 203,
        env: 'local',
        name: 'logout',
        url: `${demoToolUrl}/t/203/signed-out`,
        position: 5,
      });
    },
  });

  const liveSessions = (accountId: string) =>
    ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('account_id', '=', accountId)
      .where('revoked_at', 'is', null)
      .execute();
  const signedIn = async (browser = ctx.browser) => {
    const email = `logout${ctx.n}@example.ph`;
    const id = await seedAccount(ctx.hub, { email });
    await signInWith(browser, email);
    expect(await liveSessions(id)).toHaveLength(1);
    return id;
  };

  it('ends this browser’s hub session, clears its cookie, lands on the hub’s home, and is audited', async () => {
    const id = await signedIn();
    const elsewhere = browserFor(ctx.hub, '198.19.42.200');
    await signInWith(elsewhere, `logout${ctx.n}@example.ph`);
    const out = await ctx.browser.post(meLogoutEndpoints.logout, {});
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ next: 'redirect', location: '/' });
    expect(out.headers['cache-control']).toBe('no-store');
    const cleared = out.cookies.find((c) => c.name === 'hub_session');
    expect(cleared).toMatchObject({ value: '', path: '/', httpOnly: true });
    expect(cleared?.maxAge).toBe(0);
    expectRefusal(await ctx.browser.get(meEndpoints.summary), 401, {
      code: 'session.required',
      message: 'Please sign in to continue.',
    });
    // Only this browser's session: the other stays signed in.
    expect(await liveSessions(id)).toHaveLength(1);
    expect((await elsewhere.get(meEndpoints.summary)).statusCode).toBe(200);
    const audit = await auditEvents(ctx.hub, { accountId: id, event: 'account.logout' });
    expect(audit.map((row) => JSON.parse(row.detail))).toEqual([
      { platform: 'psl', tool: null, toTool: false },
    ]);
  });

  it('runs single logout for the tool this browser keeps a session of: its registered logout callback', async () => {
    const id = await signedIn();
    const out = await ctx.browser.post(meLogoutEndpoints.logout, { tid: 203, callback: 'local' });
    expect(out.statusCode, out.body).toBe(200);
    expect(out.json()).toEqual({ next: 'redirect', location: `${demoToolUrl}/t/203/signed-out` });
    expect(await liveSessions(id)).toEqual([]);
  });

  it('never sends the browser anywhere the tool did not register', async () => {
    await signedIn();
    // An unknown tool, or a callback environment this deployment does not allow: the hub's home.
    const out = await ctx.browser.post(meLogoutEndpoints.logout, { tid: 999 });
    expect(out.json()).toEqual({ next: 'redirect', location: '/' });
    // Only the tool's registered URL, never one the request names.
    for (const body of [{ tid: 203, url: 'https://evil.test/' }, { cb: 'https://evil.test/' }]) {
      await signInWith(ctx.browser, `logout${ctx.n}@example.ph`);
      const again = await ctx.browser.post(meLogoutEndpoints.logout, body);
      expect(again.statusCode).toBe(400);
      expect(again.json().code).toBe('request.invalid');
    }
  });

  it('refuses a request from another site, and a browser without a session', async () => {
    const id = await signedIn();
    const crossSite = await ctx.browser.post(meLogoutEndpoints.logout, {}, { origin: 'https://evil.test' });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe('origin.forbidden');
    expect(await liveSessions(id)).toHaveLength(1);
    expect((await browserFor(ctx.hub).post(meLogoutEndpoints.logout, {})).json().code).toBe(
      'session.required',
    );
  });
});
