import {
  authEndpoints,
  encodeSainfo,
  encodeToolSession,
  switchingEndpoints,
  type ToolSession,
} from '@hub/core';
import { createLocalJWKSet, jwtVerify } from 'jose';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedLocalCatalogue } from '../../sso/catalogue.js';
import { seedAccount } from '../../test-support/accounts.js';
import { createTestHub, type TestHub } from '../../test-support/app.js';
import { browserFor, latestCode, strongPassword, type TestBrowser } from '../../test-support/client.js';
import { testDialects } from '../../test-support/databases.js';

const demo = 'http://localhost:3001';

describe.each(testDialects)('switching option1 on %s', (dialect) => {
  let hub: TestHub;
  let browser: TestBrowser;
  let n = 0;
  const email = () => `switch${n}@example.ph`;

  beforeAll(async () => {
    hub = await createTestHub(dialect);
    await seedLocalCatalogue(hub.database.db, demo, hub.clock.now());
  });
  afterAll(async () => hub?.close());
  beforeEach(() => {
    n += 1;
    browser = browserFor(hub, `192.0.2.${n}`);
  });

  const identify = (account: string, platform = 'biz', context?: Record<string, string>, b = browser) =>
    b.post(switchingEndpoints.switchingIdentify, { platform, account, ...(context ? { context } : {}) });
  const sync = (flowId: string, password = strongPassword, b = browser) =>
    b.post(switchingEndpoints.switchingPassword, { flowId, password });
  const flowOf = async (account = email(), platform = 'biz', context?: Record<string, string>) => {
    const res = await identify(account, platform, context);
    expect(res.statusCode, res.body).toBe(200);
    return res.json().flowId as string;
  };
  const membershipsOf = (accountId: string) =>
    hub.database.db
      .selectFrom('platform_memberships')
      .selectAll()
      .where('account_id', '=', accountId)
      .orderBy('platform')
      .execute();
  const verifiedAinfo = async (token: string, audience: string) => {
    const jwks = createLocalJWKSet((await hub.app.inject('/.well-known/jwks.json')).json());
    const { payload } = await jwtVerify(token, jwks, {
      issuer: hub.config.publicUrl,
      audience,
      currentDate: new Date(hub.clock.now()),
    });
    return payload;
  };

  it("links a Personal account to Business, says 'Account successfully linked' and exits to the Business site", async () => {
    const id = await seedAccount(hub, { email: email(), platforms: ['psl'] });
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
    expect(`${exit.origin}${exit.pathname}`).toBe(`${hub.config.platformUrls.biz}/sso/account/auth`);
    const payload = await verifiedAinfo(exit.searchParams.get('ainfo')!, 'platform:biz');
    expect(payload).toMatchObject({ aid: id, account_type: 'biz', platform: 'biz' });
    expect(done.cookies.some((c) => c.name === 'hub_session' && c.httpOnly)).toBe(true);

    expect(await membershipsOf(id)).toEqual([
      expect.objectContaining({ platform: 'biz', is_default: 0 }),
      expect.objectContaining({ platform: 'psl', is_default: 1 }),
    ]);
    const events = await hub.database.db
      .selectFrom('audit_events')
      .select(['event', 'detail'])
      .where('account_id', '=', id)
      .execute();
    expect(events.map((e) => e.event)).toEqual(expect.arrayContaining(['switching.linked', 'login.success']));
    expect(JSON.stringify(events)).not.toContain(strongPassword);
  });

  it('returns to the tool that sent the user, with account type 3 in the ainfo', async () => {
    const id = await seedAccount(hub, { email: email(), platforms: ['psl'] });
    const rqx = await browser.post('/api/sso/rqx', {
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
    expect(`${target.origin}${target.pathname}`).toBe(`${demo}/t/201/sso/account/auth`);
    expect(target.searchParams.get('ref')).toBe('auth');
    const payload = await verifiedAinfo(target.searchParams.get('ainfo')!, 'tool:201');
    expect(payload).toMatchObject({ aid: id, account_type: 3, platform: 'biz' });
    expect((await membershipsOf(id)).map((m) => m.platform)).toEqual(['biz', 'psl']);
  });

  it("answers 'Account does not exist' for an unknown account and 'Account is required' for none", async () => {
    const unknown = await identify('nobody@example.ph');
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json()).toEqual({
      code: 'account.not_found',
      message: 'Account does not exist',
      field: 'account',
    });
    expect((await identify('  ')).json()).toMatchObject({
      code: 'account.required',
      message: 'Account is required',
    });
  });

  it('refuses a client account on both platforms and a company account on Personal, from the records', async () => {
    await seedAccount(hub, { email: `client${n}@example.ph`, userType: 5, platforms: ['psl'] });
    for (const platform of ['psl', 'biz']) {
      const res = await identify(`client${n}@example.ph`, platform);
      expect(res.statusCode).toBe(403);
      expect(res.json().message).toBe('Clients are unable to use their accounts in this particular system.');
    }
    await seedAccount(hub, { email: `company${n}@example.ph`, userType: 2, platforms: ['biz'] });
    // A sainfo that claims otherwise changes nothing: the hub's record decides.
    const claim = encodeSainfo({ va: 'email', aid: 'someone-else', default: 'psl' });
    const refused = await identify(`company${n}@example.ph`, 'psl', { sainfo: claim });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('account.company_on_personal');
    expect((await identify(`company${n}@example.ph`, 'biz')).json().next).toBe('password');
  });

  it("answers 'Incorrect password.', links nothing, and lets the right password through once", async () => {
    const id = await seedAccount(hub, { email: email(), platforms: ['psl'] });
    const flowId = await flowOf();
    const wrong = await sync(flowId, 'Wrong-password-1');
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json()).toEqual({
      code: 'password.incorrect',
      message: 'Incorrect password.',
      field: 'password',
    });
    expect((await sync(flowId, '')).json().code).toBe('password.required');
    expect((await membershipsOf(id)).map((m) => m.platform)).toEqual(['psl']);
    const failures = await hub.database.db
      .selectFrom('audit_events')
      .select('event')
      .where('account_id', '=', id)
      .where('event', '=', 'switching.failure')
      .execute();
    expect(failures).toHaveLength(1);
    expect((await sync(flowId)).statusCode).toBe(200);
    expect((await sync(flowId)).json().code).toBe('flow.not_found');
  });

  it('counts wrong passwords on the account, shared with login', async () => {
    await seedAccount(hub, { email: email(), platforms: ['psl'] });
    const flowId = await flowOf();
    for (let i = 0; i < 10; i++) expect((await sync(flowId, `Wrong-${i}-pass`)).statusCode).toBe(401);
    const login = await browser.post(authEndpoints.loginIdentify, { platform: 'psl', account: email() });
    const blocked = await browser.post(authEndpoints.loginPassword, {
      flowId: login.json().flowId,
      password: strongPassword,
    });
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'rate_limited', retryAfter: 30 });
    hub.clock.advance(30_000);
    expect((await sync(flowId)).statusCode).toBe(200);
  });

  it('creates one membership when two flows link the same account at once', async () => {
    const id = await seedAccount(hub, { email: email(), platforms: ['psl'] });
    const flows = [await flowOf(), await flowOf()];
    const answers = await Promise.all(flows.map((flowId) => sync(flowId)));
    expect(answers.map((r) => r.statusCode)).toEqual([200, 200]);
    const rows = await hub.database.db
      .selectFrom('platform_memberships')
      .selectAll()
      .where('account_id', '=', id)
      .where('platform', '=', 'biz')
      .execute();
    expect(rows).toHaveLength(1);
  });

  it('keeps the flow to the browser that started it, and to pages of the hub', async () => {
    await seedAccount(hub, { email: email(), platforms: ['psl'] });
    const flowId = await flowOf();
    expect((await sync(flowId, strongPassword, browserFor(hub))).json().code).toBe('flow.not_found');
    const elsewhere = await browser.post(
      switchingEndpoints.switchingPassword,
      { flowId, password: strongPassword },
      { origin: 'https://evil.example' },
    );
    expect(elsewhere.statusCode).toBe(403);
    expect(elsewhere.json().code).toBe('origin.forbidden');
    hub.clock.advance(15 * 60 * 1000);
    expect((await sync(flowId)).json().code).toBe('flow.expired');
  });

  it('comes back from a password reset through rrf=switching1 with its sainfo and from', async () => {
    await seedAccount(hub, { email: email(), platforms: ['psl'] });
    const sainfo = encodeSainfo({ va: 'email', step: 1, rrf: 'switching1' });
    const start = await browser.post(authEndpoints.resetStart, {
      platform: 'biz',
      account: email(),
      rrf: 'switching1',
      context: { sainfo, from: '{"tid":201}' },
    });
    const flowId = start.json().flowId;
    await browser.post(authEndpoints.resetVerify, { flowId, code: await latestCode(hub, email()) });
    const done = await browser.post(authEndpoints.resetFinalize, { flowId, password: 'New-Password-2026' });
    const back = new URL(done.json().location, 'http://x');
    expect(back.pathname).toBe('/biz/switching/option1');
    expect(back.searchParams.get('sainfo')).toBe(sainfo);
    expect(back.searchParams.get('from')).toBe('{"tid":201}');
    expect((await sync(await flowOf(), 'New-Password-2026')).statusCode).toBe(200);
  });
});
