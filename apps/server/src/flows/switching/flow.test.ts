import {
  authEndpoints,
  encodeSainfo,
  encodeToolSession,
  switchingEndpoints,
  type ToolSession,
} from '@hub/core';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { describe, expect, it } from 'vitest';
import { seedAccount } from '../../test-support/accounts.js';
import { setUpTestHub } from '../../test-support/app.js';
import { auditEvents } from '../../test-support/audit.js';
import { demoToolUrl, seedDemoCatalogue } from '../../test-support/catalogue.js';
import { browserFor, latestCode, strongPassword } from '../../test-support/client.js';
import { testDialects } from '../../test-support/databases.js';
import {
  expectClientRefusedOnBothPlatforms,
  expectUnknownAndBlankAccountsRefused,
  expectWrongPasswordRefused,
} from '../../test-support/refusals.js';

describe.each(testDialects)('switching option1 on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { seed: seedDemoCatalogue, network: '192.0.2' });
  const email = () => `switch${ctx.n}@example.ph`;

  const identify = (account: string, platform = 'biz', context?: Record<string, string>, b = ctx.browser) =>
    b.post(switchingEndpoints.switchingIdentify, { platform, account, ...(context ? { context } : {}) });
  const sync = (flowId: string, password = strongPassword, b = ctx.browser) =>
    b.post(switchingEndpoints.switchingPassword, { flowId, password });
  const flowOf = async (account = email(), platform = 'biz', context?: Record<string, string>) => {
    const res = await identify(account, platform, context);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().flowId as string;
  };
  const membershipsOf = (accountId: string) =>
    ctx.db
      .selectFrom('platform_memberships')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('platform')
      .execute();
  const verifiedAinfo = async (token: string, audience: string) => {
    const jwks = createLocalJWKSet((await ctx.hub.app.inject('/.well-known/jwks.json')).json());
    const { payload } = await jwtVerify(token, jwks, {
      issuer: ctx.hub.config.publicUrl,
      audience,
      currentDate: new Date(ctx.hub.clock.now()),
    });
    return payload;
  };

  it("links a Personal account to Business, says 'Account successfully linked' and exits to the Business site", async () => {
    const id = await seedAccount(ctx.hub, { email: email(), platforms: ['psl'] });
    const first = await identify(email().toUpperCase());
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({
      next: 'password',
      account: { kind: 'email', display: email().toUpperCase() },
    });

    const done = await sync(first.json().flowId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().notice).toBe('account_linked');
    const exit = new URL(done.json().location);
    expect(`${exit.origin}${exit.pathname}`).toBe(`${ctx.hub.config.platformUrls.biz}/sso/account/auth`);
    const payload = await verifiedAinfo(exit.searchParams.get('ainfo')!, 'platform:biz');
    expect(payload).toMatchObject({ aid: id, account_type: 'biz', platform: 'biz' });
    expect(done.cookies.some((c) => c.name === 'hub_session' && c.httpOnly)).toBe(true);

    expect(await membershipsOf(id)).toEqual([
      expect.objectContaining({ platform: 'biz', is_default: 0 }),
      expect.objectContaining({ platform: 'psl', is_default: 1 }),
    ]);
    const events = await auditEvents(ctx.hub, { accountId: id });
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['switching.linked', 'login.success']));
    expect(JSON.stringify(events)).not.toContain(strongPassword);
  });

  it('returns to the tool that sent the user, with account type 3 in the ainfo', async () => {
    const id = await seedAccount(ctx.hub, { email: email(), platforms: ['psl'] });
    const rqx = await ctx.browser.post('/api/sso/rqx', {
      from: 'PCHT_SSO_RQX',
      callback: 'local',
      platform: 'business',
    });
    expect(rqx.statusCode, rqx.body).toBe(200);
    const toolSession = rqx.json().toolSession as ToolSession;
    const from = encodeToolSession(toolSession);
    const sainfo = encodeSainfo({ va: 'email', step: 1, srf: 'default', rrf: 'foundation' });

    const done = await sync(await flowOf(email(), 'biz', { from, sainfo }));
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json().notice).toBe('account_linked');
    const target = new URL(done.json().location);
    expect(`${target.origin}${target.pathname}`).toBe(`${demoToolUrl}/t/201/sso/account/auth`);
    expect(target.searchParams.get('ref')).toBe('auth');
    const payload = await verifiedAinfo(target.searchParams.get('ainfo')!, 'tool:201');
    expect(payload).toMatchObject({ aid: id, account_type: 3, platform: 'biz' });
    expect((await membershipsOf(id)).map((m) => m.platform)).toEqual(['biz', 'psl']);
  });

  it("answers 'Account does not exist' for an unknown account and 'Account is required' for none", async () => {
    await expectUnknownAndBlankAccountsRefused(identify);
  });

  it('refuses a client account on both platforms and a company account on Personal, from the records', async () => {
    await seedAccount(ctx.hub, { email: `client${ctx.n}@example.ph`, userType: 5, platforms: ['psl'] });
    await expectClientRefusedOnBothPlatforms(identify, `client${ctx.n}@example.ph`);
    await seedAccount(ctx.hub, { email: `company${ctx.n}@example.ph`, userType: 2, platforms: ['biz'] });
    // A sainfo that claims otherwise changes nothing: the hub's record decides.
    const claim = encodeSainfo({ va: 'email', aid: 'someone-else', default: 'psl' });
    const refused = await identify(`company${ctx.n}@example.ph`, 'psl', { sainfo: claim });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('account.company_on_personal');
    expect((await identify(`company${ctx.n}@example.ph`, 'biz')).json().next).toBe('password');
  });

  it("answers 'Incorrect password.', links nothing, and lets the right password through once", async () => {
    const id = await seedAccount(ctx.hub, { email: email(), platforms: ['psl'] });
    const flowId = await flowOf();
    await expectWrongPasswordRefused((password) => sync(flowId, password));
    expect((await membershipsOf(id)).map((m) => m.platform)).toEqual(['psl']);
    const failures = await auditEvents(ctx.hub, { accountId: id, event: 'switching.failure' });
    expect(failures).toHaveLength(1);
    expect((await sync(flowId)).statusCode).toBe(200);
    expect((await sync(flowId)).json().code).toBe('flow.not_found');
  });

  it('counts wrong passwords on the account, shared with login', async () => {
    await seedAccount(ctx.hub, { email: email(), platforms: ['psl'] });
    const flowId = await flowOf();
    for (let i = 0; i < 10; i++) expect((await sync(flowId, `Wrong-${i}-pass`)).statusCode).toBe(401);
    const login = await ctx.browser.post(authEndpoints.loginIdentify, { platform: 'psl', account: email() });
    const blocked = await ctx.browser.post(authEndpoints.loginPassword, {
      flowId: login.json().flowId,
      password: strongPassword,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'rate_limited', retryAfter: 30 });
    ctx.hub.clock.advance(30_000);
    expect((await sync(flowId)).statusCode).toBe(200);
  });

  it('creates one membership when two flows link the same account at once', async () => {
    const id = await seedAccount(ctx.hub, { email: email(), platforms: ['psl'] });
    const flows = [await flowOf(), await flowOf()];
    const answers = await Promise.all(flows.map((flowId) => sync(flowId)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await ctx.db
      .selectFrom('platform_memberships')
      .selectAll()
      .where('account_id', '=', id)
      .where('platform', '=', 'biz')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps the flow to the browser that started it, and to pages of the hub', async () => {
    await seedAccount(ctx.hub, { email: email(), platforms: ['psl'] });
    const flowId = await flowOf();
    expect((await sync(flowId, strongPassword, browserFor(ctx.hub))).json().code).toBe('flow.not_found');
    const elsewhere = await ctx.browser.post(
      switchingEndpoints.switchingPassword,
      { flowId, password: strongPassword },
      { origin: 'https://evil.example' },
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().code).toBe('origin.forbidden');
    ctx.hub.clock.advance(15 * 60 * 1000);
    expect((await sync(flowId)).json().code).toBe('flow.expired');
  });

  it('comes back from a password reset through rrf=switching1 with its sainfo and from', async () => {
    await seedAccount(ctx.hub, { email: email(), platforms: ['psl'] });
    const sainfo = encodeSainfo({ va: 'email', step: 1, rrf: 'switching1' });
    const start = await ctx.browser.post(authEndpoints.resetStart, {
      platform: 'biz',
      account: email(),
      rrf: 'switching1',
      context: { sainfo, from: '{"tid":201}' },
    });
    const flowId = start.json().flowId;
    await ctx.browser.post(authEndpoints.resetVerify, { flowId, code: await latestCode(ctx.hub, email()) });
    const done = await ctx.browser.post(authEndpoints.resetFinalize, {
      flowId,
      password: 'New-Password-2026',
    });
    const back = new URL(done.json().location, 'http://x');
    expect(back.pathname).toBe('/biz/switching/option1');
    expect(back.searchParams.get('sainfo')).toBe(sainfo);
    expect(back.searchParams.get('from')).toBe('{"tid":201}');
    expect((await sync(await flowOf(), 'New-Password-2026')).statusCode).toBe(200);
  });
});
