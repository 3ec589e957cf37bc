import { randomUUID } from 'node:crypto';
import {
  authEndpoints,
  encodeToolSession,
  type MeAccess,
  meAccessEndpoints,
  type ToolSession,
} from '@hub/core';
import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { localDemoCredential } from '../sso/credentials.js';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { auditEvents } from '../test-support/audit.js';
import { seedDemoCatalogue } from '../test-support/catalogue.js';
import { browserFor, signInWith, strongPassword, type TestBrowser } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { expectRefusal } from '../test-support/refusals.js';
import {
  authorizationRequest,
  pathOf,
  registerRelyingParty,
  relyingPartyConfig,
} from '../test-support/relying-party.js';

const toolPath = (tid: number | string) => meAccessEndpoints.removeTool.replace(':tid', String(tid));
const appPath = (clientId: string) => meAccessEndpoints.removeApp.replace(':clientId', clientId);

describe.each(testDialects)('the Platforms & tools API on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { seed: seedDemoCatalogue, network: '198.19.43' });
  const email = () => `acc${ctx.n}@example.ph`;

  /** Signs `browser` in through a tool's /sso/rqx session; the tool's callback URL with the ainfo. */
  const signInThroughTool = async (browser: TestBrowser, from: string) => {
    const rqx = await browser.post('/api/sso/rqx', { from, callback: 'local' });
    expect(rqx.statusCode, rqx.body).toBe(200);
    const toolSession = rqx.json().toolSession as ToolSession;
    const first = await browser.post(authEndpoints.loginIdentify, {
      platform: 'psl',
      account: email(),
      context: { from: encodeToolSession(toolSession) },
    });
    const done = await browser.post(authEndpoints.loginPassword, {
      flowId: first.json().flowId,
      password: strongPassword,
    });
    expect(done.statusCode, done.body).toBe(200);
    return new URL(done.json().location);
  };
  const redeem = (ainfo: string, tid: number) =>
    ctx.hub.app.inject({
      method: 'POST',
      url: '/api/tools/ainfo/redeem',
      payload: { ainfo },
      headers: { authorization: `Bearer ${localDemoCredential(tid)}` },
    });
  const accessOf = async (browser: TestBrowser) => {
    const res = await browser.get(meAccessEndpoints.access);
    expect(res.statusCode, res.body).toBe(200);
    return res.json() as MeAccess;
  };

  it('lists the platforms, the linked accounts and the tools the account belongs to or signed in to', async () => {
    const me = await seedAccount(ctx.hub, { email: email(), platforms: ['biz', 'psl'] });
    const parent = await seedAccount(ctx.hub, { email: `parent${ctx.n}@example.ph`, platforms: ['biz'] });
    const worker = await seedAccount(ctx.hub, {
      email: `worker${ctx.n}@example.ph`,
      platforms: ['biz'],
      uType: 2,
    });
    const now = ctx.hub.clock.now();
    await ctx.hub.hub.links.insert(ctx.db, {
      id: randomUUID(),
      parent_account_id: parent,
      child_account_id: me,
      kind: 'parent',
      created_at: now,
    });
    await ctx.hub.hub.links.insert(ctx.db, {
      id: randomUUID(),
      parent_account_id: me,
      child_account_id: worker,
      kind: 'work',
      created_at: now,
    });
    await ctx.hub.hub.tools.addMember(302, me, now);
    ctx.hub.clock.advance(1000);
    await signInThroughTool(ctx.browser, 'PFSHP_SSO_RQX');

    const res = await ctx.browser.get(meAccessEndpoints.access);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.json()).toEqual({
      platforms: [
        { platform: 'psl', home: false, isDefault: false, since: now },
        { platform: 'biz', home: true, isDefault: true, since: now },
      ],
      mayLinkParent: false,
      links: {
        parent: { account: { kind: 'email', display: `parent${ctx.n}@example.ph` }, since: now },
        businessOwner: null,
        children: [],
        workAccounts: [{ account: { kind: 'email', display: `worker${ctx.n}@example.ph` }, since: now }],
      },
      tools: [
        {
          tid: 302,
          name: 'Partner Desk',
          open: false,
          member: true,
          memberSince: now,
          lastSignInAt: null,
          removable: false,
        },
        expect.objectContaining({
          tid: 202,
          open: true,
          member: true,
          memberSince: now + 1000,
          lastSignInAt: now + 1000,
          removable: true,
        }),
      ],
      apps: [],
    });
    // The work account sees its business owner, and may not link to a parent.
    const workerBrowser = browserFor(ctx.hub, '198.19.43.200');
    await signInWith(workerBrowser, `worker${ctx.n}@example.ph`, { platform: 'biz' });
    const theirs = await accessOf(workerBrowser);
    expect(theirs.links.businessOwner).toEqual({ account: { kind: 'email', display: email() }, since: now });
    expect(theirs.mayLinkParent).toBe(false);
    expect(theirs.tools).toEqual([]);
  });

  it("removes an open tool's access: its membership goes and its unredeemed ainfo stops working; audited", async () => {
    const me = await seedAccount(ctx.hub, { email: email() });
    const callback = await signInThroughTool(ctx.browser, 'PFSHP_SSO_RQX');
    const ainfo = callback.searchParams.get('ainfo')!;
    expect((await accessOf(ctx.browser)).tools.map((t) => t.tid)).toEqual([202]);

    const res = await ctx.browser.send('DELETE', toolPath(202));
    expect(res.statusCode, res.body).toBe(200);
    expect(res.json()).toEqual({ removed: true });
    expect(await ctx.hub.hub.tools.isMember(202, me)).toBe(false);
    // The tool's redeem is refused as for any token that can no longer be redeemed.
    const refused = await redeem(ainfo, 202);
    expect([refused.statusCode, refused.json().code]).toEqual([409, 'token.redeemed']);
    expect((await accessOf(ctx.browser)).tools).toEqual([]);
    expect(await auditEvents(ctx.hub, { accountId: me, event: 'tool.access_removed' })).toEqual([
      { event: 'tool.access_removed', detail: JSON.stringify({ tool: 202, membership: true, tokens: 1 }) },
    ]);
    expectRefusal(await ctx.browser.send('DELETE', toolPath(202)), 404, {
      code: 'tool.access_not_found',
      message: 'This tool has no access to your account.',
    });
    // Signing in through the open tool again makes the account a member again, as for anyone.
    await signInThroughTool(ctx.browser, 'PFSHP_SSO_RQX');
    expect(await ctx.hub.hub.tools.isMember(202, me)).toBe(true);
  });

  it("leaves a restricted tool's membership to its operator, and knows nothing of tools the account never used", async () => {
    const me = await seedAccount(ctx.hub, { email: email() });
    await ctx.hub.hub.tools.addMember(302, me, ctx.hub.clock.now());
    const other = await seedAccount(ctx.hub, { email: `other${ctx.n}@example.ph` });
    await ctx.hub.hub.tools.addMember(201, other, ctx.hub.clock.now());
    await signInWith(ctx.browser, email());

    expectRefusal(await ctx.browser.send('DELETE', toolPath(302)), 403, {
      code: 'tool.access_managed',
      message: 'Who can use Partner Desk is decided by its operator. Ask them to remove your access.',
      params: { tool: 'Partner Desk' },
    });
    expect(await ctx.hub.hub.tools.isMember(302, me)).toBe(true);
    // Another account's tool, a tool of nobody, a tool that does not exist: the same 404.
    for (const tid of [201, 202, 999_999])
      expect((await ctx.browser.send('DELETE', toolPath(tid))).json().code, String(tid)).toBe(
        'tool.access_not_found',
      );
    expect(await ctx.hub.hub.tools.isMember(201, other)).toBe(true);
    expect((await ctx.browser.send('DELETE', toolPath('x'))).json().code).toBe('request.invalid');
    const forged = await ctx.browser.post(toolPath(302), {}, { origin: 'https://evil.example' });
    expect(forged.statusCode).toBe(404);
    const cookie = [...ctx.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    const crossSite = await ctx.hub.app.inject({
      method: 'DELETE',
      url: toolPath(302),
      headers: { origin: 'https://evil.example', cookie },
    });
    expect(crossSite.json().code).toBe('origin.forbidden');
    expect((await browserFor(ctx.hub).get(meAccessEndpoints.access)).statusCode).toBe(401);
  });
});

describe.each(testDialects)('removing an OpenID Connect application on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.19.44' });

  it('lists the application the person signed in to and revokes it: its refresh token stops working', async () => {
    const email = `rp${ctx.n}@example.ph`;
    const accountId = await seedAccount(ctx.hub, { email });
    const { clientId } = await registerRelyingParty(ctx.hub, { name: 'Review Center' });
    const config = await relyingPartyConfig(ctx.hub, clientId);

    // Signed in to the hub first; the authorization then needs no password.
    await signInWith(ctx.browser, email);
    const { url, verifier, state } = await authorizationRequest(config);
    let res = await ctx.browser.get(pathOf(url.href));
    while (res.statusCode === 303 && pathOf(String(res.headers.location)).startsWith('/oidc/'))
      res = await ctx.browser.get(pathOf(String(res.headers.location)));
    const tokens = await client.authorizationCodeGrant(config, new URL(String(res.headers.location)), {
      pkceCodeVerifier: verifier,
      expectedState: state,
    });
    expect(tokens.refresh_token).toBeTruthy();

    expect((await ctx.browser.get(meAccessEndpoints.access)).json().apps).toEqual([
      { clientId, name: 'Review Center', scopes: ['openid', 'email'], firstParty: true },
    ]);
    const removed = await ctx.browser.send('DELETE', appPath(clientId));
    expect(removed.statusCode, removed.body).toBe(200);
    await expect(client.refreshTokenGrant(config, tokens.refresh_token!)).rejects.toMatchObject({
      error: 'invalid_grant',
    });
    await expect(client.fetchUserInfo(config, tokens.access_token, accountId)).rejects.toThrow();
    expect((await ctx.browser.get(meAccessEndpoints.access)).json().apps).toEqual([]);
    expect(await auditEvents(ctx.hub, { accountId, event: 'oidc.consent_revoked' })).toEqual([
      { event: 'oidc.consent_revoked', detail: JSON.stringify({ client: clientId }) },
    ]);
    expectRefusal(await ctx.browser.send('DELETE', appPath(clientId)), 404, {
      code: 'oidc.consent_not_found',
      message: 'This app has no access to your account.',
    });
  });
});
