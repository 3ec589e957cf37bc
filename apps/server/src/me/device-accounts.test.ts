import {
  decodeSainfo,
  deviceAccountEndpoints,
  encodeToolSession,
  meEndpoints,
  SECOND_STEP_PARAM,
  secondFactorEndpoints,
  type ToolSession,
} from '@hub/core';
import type { LightMyRequestResponse } from 'fastify';
import { describe, expect, it } from 'vitest';
import { policy } from '../policy.js';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { auditEvents } from '../test-support/audit.js';
import { demoToolUrl, seedDemoCatalogue } from '../test-support/catalogue.js';
import { browserFor, signInWith, type TestBrowser } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { seedSecondFactor } from '../test-support/second-factors.js';

/** A refusal with its catalogue code (the message is the catalogue's, checked in core). */
const expectRefusal = (res: LightMyRequestResponse, status: number, body: { code: string }) => {
  expect(res.statusCode, res.body).toBe(status);
  expect(res.json().code).toBe(body.code);
};

describe.each(testDialects)('Continue as and the accounts of one browser on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { seed: seedDemoCatalogue, network: '10.32.1' });
  const email = (tag = '') => `device${tag}${ctx.n}@example.ph`;

  /** The tool session a tool's /sso/rqx link starts, as the login screen's `from`. */
  const fromOf = async (query: Record<string, string>, b: TestBrowser = ctx.browser) => {
    const res = await b.post('/api/sso/rqx', { callback: 'local', ...query });
    expect(res.statusCode, res.body).toBe(200);
    return encodeToolSession(res.json().toolSession as ToolSession);
  };
  const continueAs = (account: string, from: string | undefined, platform = 'psl', b = ctx.browser) =>
    b.post(deviceAccountEndpoints.continueAs, { account, platform, ...(from ? { context: { from } } : {}) });
  const accounts = async (b = ctx.browser) => (await b.get(deviceAccountEndpoints.list)).json().accounts;

  it('signs a live session in to three tools with no password, each with its own ainfo', async () => {
    const id = await seedAccount(ctx.hub, { email: email() });
    await signInWith(ctx.browser, email());
    for (const [key, tid] of [
      ['PCHT_SSO_RQX', 201],
      ['MP_SSO_RQX', 101],
      ['PFJOB_SSO_RQX', undefined],
    ] as const) {
      const done = await continueAs(id, await fromOf({ from: key }));
      expect(done.statusCode, done.body).toBe(200);
      const location = new URL(done.json().location);
      expect(location.origin).toBe(demoToolUrl);
      if (tid) expect(location.pathname).toContain(`/t/${tid}/`);
      expect(location.searchParams.get('ainfo')).toBeTruthy();
      // The session's own sign-in: no new session is made.
      expect(done.cookies.find((c) => c.name === 'hub_session')).toBeUndefined();
    }
    const sessions = await ctx.db.selectFrom('sessions').select('id').where('account_id', '=', id).execute();
    expect(sessions).toHaveLength(1);
  });

  it('still refuses a restricted tool to a non-member, and lets a member in', async () => {
    const id = await seedAccount(ctx.hub, { email: email() });
    await signInWith(ctx.browser, email());
    const from = await fromOf({ from: 'PARTNER_DESK_RQX' });
    const refused = await continueAs(id, from);
    expect(refused.statusCode, refused.body).toBe(200);
    expect(refused.json().location).toContain('refused=not_registered_to_tool');
    expect(refused.json().location).not.toContain('ainfo=');
    await ctx.hub.hub.tools.addMember(302, id, ctx.hub.clock.now());
    expect(new URL((await continueAs(id, from)).json().location).searchParams.get('ainfo')).toBeTruthy();
  });

  it('holds the platform rules: a company account does not continue to Personal', async () => {
    const id = await seedAccount(ctx.hub, { email: email(), platforms: ['biz'], userType: 2 });
    await signInWith(ctx.browser, email(), { platform: 'biz' });
    expectRefusal(await continueAs(id, undefined, 'psl'), 403, { code: 'account.company_on_personal' });
    expect((await continueAs(id, undefined, 'biz')).json().location).toContain('ainfo=');
  });

  it('stops a one-factor session at the second step of a tool that requires two', async () => {
    const id = await seedAccount(ctx.hub, { email: email() });
    await signInWith(ctx.browser, email());
    await ctx.db.updateTable('tools').set({ require_second_factor: 1 }).where('tid', '=', 201).execute();
    try {
      const parked = await continueAs(id, await fromOf({ from: 'PCHT_SSO_RQX' }));
      expect(parked.statusCode, parked.body).toBe(200);
      expect(parked.json().location).not.toContain('ainfo=');
      expect(parked.json().location).toMatch(/^\/psl\/login\?/);
    } finally {
      await ctx.db.updateTable('tools').set({ require_second_factor: 0 }).where('tid', '=', 201).execute();
    }
  });

  it('asks for the password when the tool demands a fresh sign-in (prompt=login, max_age)', async () => {
    const id = await seedAccount(ctx.hub, { email: email() });
    await signInWith(ctx.browser, email());
    const signedInAt = ctx.hub.clock.now();
    ctx.hub.clock.advance(120_000);
    const fresh = { code: 'session.fresh_sign_in_required' };
    expectRefusal(await continueAs(id, await fromOf({ from: 'PCHT_SSO_RQX', prompt: 'login' })), 403, fresh);
    expectRefusal(await continueAs(id, await fromOf({ from: 'PCHT_SSO_RQX', max_age: '60' })), 403, fresh);
    const within = await continueAs(id, await fromOf({ from: 'PCHT_SSO_RQX', max_age: '600' }));
    // The ainfo says when the person last proved who they are, for the tool to check itself.
    const ainfo = new URL(within.json().location).searchParams.get('ainfo') ?? '';
    const claims = JSON.parse(Buffer.from(ainfo.split('.')[1] ?? '', 'base64url').toString());
    expect(claims.auth_time).toBe(Math.floor(signedInAt / 1000));
    // An OpenID Connect interaction reaches its login screen only when the client wants a new sign-in.
    expectRefusal(
      await ctx.browser.post(deviceAccountEndpoints.continueAs, {
        account: id,
        platform: 'psl',
        context: { oidc: 'x' },
      }),
      403,
      fresh,
    );
    // A malformed demand is refused, not dropped.
    const bad = await ctx.browser.post('/api/sso/rqx', {
      from: 'PCHT_SSO_RQX',
      callback: 'local',
      max_age: 'soon',
    });
    expect(bad.statusCode).toBe(400);
    // A signed-in direct checkout completes at once, but not past a fresh-sign-in demand.
    const checkout = await ctx.browser.post('/api/sso/rqx', {
      from: 'MP_DIRECT_CHECKOUT_RQX',
      callback: 'local',
      platform: 'personal',
      account: email(),
      prompt: 'login',
    });
    expect(checkout.json().location).toMatch(/^\/psl\/login\?/);
  });

  /** The platforms an account is a member of. */
  const platformsOf = async (id: string) =>
    (await ctx.hub.hub.accounts.memberships(id)).map((m) => m.platform).sort();

  it('sends an account of the other platform to switching, where Continue as links it', async () => {
    const id = await seedAccount(ctx.hub, { email: email(), platforms: ['biz'] });
    await signInWith(ctx.browser, email(), { platform: 'biz' });
    const from = await fromOf({ from: 'PCHT_SSO_RQX' });
    // On the Personal login: not signed in there, on to switching option1 (as the password form would).
    const toSwitching = await continueAs(id, from);
    expect(toSwitching.statusCode, toSwitching.body).toBe(200);
    const location = new URL(toSwitching.json().location, 'http://hub');
    expect(location.pathname).toBe('/psl/switching/option1');
    expect(decodeSainfo(location.searchParams.get('sainfo'))).toMatchObject({ ok: true });
    expect(location.searchParams.get('from')).toBe(from);
    expect(await platformsOf(id)).toEqual(['biz']);
    // On switching option1: linked, then on to the tool with account type 3 and the screen's notice.
    const linked = await ctx.browser.post(deviceAccountEndpoints.continueAs, {
      account: id,
      platform: 'psl',
      context: { from, sainfo: location.searchParams.get('sainfo') },
      switching: true,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    expect(linked.json()).toMatchObject({ next: 'redirect', notice: 'account_linked' });
    const ainfo = new URL(linked.json().location).searchParams.get('ainfo') ?? '';
    const claims = JSON.parse(Buffer.from(ainfo.split('.')[1] ?? '', 'base64url').toString());
    expect(claims.account_type).toBe(3);
    expect(await platformsOf(id)).toEqual(['biz', 'psl']);
    expect(await auditEvents(ctx.hub, { accountId: id, event: 'switching.linked' })).toHaveLength(1);
    // No new session, no password: the session's own sign-in.
    expect(linked.cookies.find((c) => c.name === 'hub_session')).toBeUndefined();
    // Linked now: the login's Continue as goes straight on, and switching again links nothing.
    expect((await continueAs(id, from)).json().location).toContain('ainfo=');
    const again = await ctx.browser.post(deviceAccountEndpoints.continueAs, {
      account: id,
      platform: 'psl',
      context: { from },
      switching: true,
    });
    expect(again.json().notice).toBeUndefined();
    expect(again.json().location).toContain('ainfo=');
    expect(await auditEvents(ctx.hub, { accountId: id, event: 'switching.linked' })).toHaveLength(1);
  });

  it('links by Continue as only after the second factor a one-factor session has not proved', async () => {
    const id = await seedAccount(ctx.hub, { email: email(), platforms: ['biz'] });
    await signInWith(ctx.browser, email(), { platform: 'biz' });
    // Enrolled after this session signed in: the session proved the password only.
    const { code } = await seedSecondFactor(ctx.hub, id);
    const parked = await ctx.browser.post(deviceAccountEndpoints.continueAs, {
      account: id,
      platform: 'psl',
      switching: true,
    });
    expect(parked.statusCode, parked.body).toBe(200);
    const step = new URL(parked.json().location, 'http://hub');
    expect(step.pathname).toBe('/psl/login');
    expect(parked.json().notice).toBeUndefined();
    expect(await platformsOf(id)).toEqual(['biz']);
    const done = await ctx.browser.post(secondFactorEndpoints.verify, {
      flowId: step.searchParams.get(SECOND_STEP_PARAM),
      method: 'totp',
      code: code(),
    });
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ next: 'redirect', notice: 'account_linked' });
    expect(await platformsOf(id)).toEqual(['biz', 'psl']);
  });

  it('holds the rules on switching too: a restricted tool, a company account on Personal, fresh sign-in', async () => {
    const company = await seedAccount(ctx.hub, { email: email('c'), platforms: ['biz'], userType: 2 });
    await signInWith(ctx.browser, email('c'), { platform: 'biz' });
    const switching = (account: string, from?: string) =>
      ctx.browser.post(deviceAccountEndpoints.continueAs, {
        account,
        platform: 'psl',
        switching: true,
        ...(from ? { context: { from } } : {}),
      });
    expectRefusal(await switching(company), 403, { code: 'account.company_on_personal' });
    expectRefusal(await continueAs(company, undefined), 403, { code: 'account.company_on_personal' });
    expect(await platformsOf(company)).toEqual(['biz']);
    const person = await seedAccount(ctx.hub, { email: email('p'), platforms: ['biz'] });
    await signInWith(ctx.browser, email('p'), { platform: 'biz' });
    const refused = await switching(person, await fromOf({ from: 'PARTNER_DESK_RQX' }));
    expect(refused.json().location).toContain('refused=not_registered_to_tool');
    expect(refused.json().location).not.toContain('ainfo=');
    ctx.hub.clock.advance(120_000);
    const fresh = { code: 'session.fresh_sign_in_required' };
    expectRefusal(
      await switching(person, await fromOf({ from: 'PCHT_SSO_RQX', prompt: 'login' })),
      403,
      fresh,
    );
  });

  it('keeps two accounts on one browser, switches between them and signs one or all out', async () => {
    const personal = await seedAccount(ctx.hub, { email: email('p') });
    const work = await seedAccount(ctx.hub, { email: email('w'), platforms: ['biz'] });
    await signInWith(ctx.browser, email('p'));
    await signInWith(ctx.browser, email('w'), { platform: 'biz' });
    expect(await accounts()).toEqual([
      expect.objectContaining({ id: work, display: email('w'), current: true }),
      expect.objectContaining({ id: personal, display: email('p'), current: false }),
    ]);
    const switched = await ctx.browser.post(deviceAccountEndpoints.switch, { account: personal });
    expect(switched.statusCode, switched.body).toBe(200);
    expect((await ctx.browser.get(meEndpoints.summary)).json().account.display).toBe(email('p'));
    // Continue as the other account switches to it on the way.
    const back = await continueAs(work, undefined, 'biz');
    expect(back.json().location).toContain('ainfo=');
    expect((await ctx.browser.get(meEndpoints.summary)).json().account.display).toBe(email('w'));
    // Another browser cannot switch to an account by its id.
    const stranger = browserFor(ctx.hub, '10.32.2.1');
    expectRefusal(await stranger.post(deviceAccountEndpoints.switch, { account: personal }), 401, {
      code: 'session.required',
    });
    expect(await accounts(stranger)).toEqual([]);
    // Signing the current one out leaves the other.
    expect((await ctx.browser.post('/api/me/logout', {})).statusCode).toBe(200);
    expect(await accounts()).toEqual([expect.objectContaining({ id: personal, current: false })]);
    expect((await continueAs(personal, undefined)).json().location).toContain('ainfo=');
    // Sign out of all accounts: every session this browser held ends.
    await signInWith(ctx.browser, email('w'), { platform: 'biz' });
    const all = await ctx.browser.post(deviceAccountEndpoints.signOutAll, {});
    expect(all.statusCode, all.body).toBe(200);
    const live = await ctx.db
      .selectFrom('sessions')
      .select('id')
      .where('account_id', 'in', [personal, work])
      .where('revoked_at', 'is', null)
      .execute();
    expect(live).toEqual([]);
    expect(await accounts()).toEqual([]);
  });

  it(`keeps at most ${policy.deviceAccountsMax} accounts, signing out the one used least recently`, async () => {
    const ids: string[] = [];
    for (let i = 0; i <= policy.deviceAccountsMax; i += 1) {
      ids.push(await seedAccount(ctx.hub, { email: email(`n${i}`) }));
      await signInWith(ctx.browser, email(`n${i}`));
    }
    const kept = (await accounts()).map((a: { id: string }) => a.id);
    expect(kept).toHaveLength(policy.deviceAccountsMax);
    expect(kept).not.toContain(ids[0]);
    expect(kept[0]).toBe(ids.at(-1));
    // The session that left the list is ended on the server (the single sign-out), not just forgotten.
    const live = async (id: string) =>
      ctx.db
        .selectFrom('sessions')
        .select('id')
        .where('account_id', '=', id)
        .where('revoked_at', 'is', null)
        .execute();
    expect(await live(ids[0]!)).toEqual([]);
    for (const id of ids.slice(1)) expect(await live(id)).toHaveLength(1);
    expect(await auditEvents(ctx.hub, { accountId: ids[0]!, event: 'session.ended' })).toEqual([
      expect.objectContaining({ detail: expect.stringContaining('"scope":"evicted"') }),
    ]);
    // Signing in again as an account the browser holds replaces its own entry: nobody is evicted.
    await signInWith(ctx.browser, email('n3'));
    for (const id of ids.slice(1)) expect(await live(id)).not.toEqual([]);
  });
});
