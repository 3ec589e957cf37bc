import { adminEndpoints, authEndpoints, meAccessEndpoints } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { MINUTE_MS, policy } from '../policy.js';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { browserFor, signInWith, type TestBrowser } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { consoleGet, grantedFromCli, seedOperator } from '../test-support/operators.js';
import { seedSecondFactor } from '../test-support/second-factors.js';
import { grantRole, revokeRole } from './operators.js';

const cli = grantedFromCli;
const accountPath = (id: string) => adminEndpoints.account.replace(':id', id);
const actionPath = (id: string, action: string) =>
  adminEndpoints.action.replace(':id', id).replace(':action', action);

describe.each(testDialects)('the operator console API on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.19.61' });
  let ip = 0;
  const nextBrowser = () => {
    ip += 1;
    return browserFor(ctx.hub, `198.19.62.${ip}`);
  };

  const get = (browser: TestBrowser, url: string) => consoleGet(ctx.hub, browser, url);

  /** An operator of `role`, granted from the command line, signed in with a second factor. */
  const operator = async (role: 'viewer' | 'support' | 'admin') => {
    ctx.n += 1;
    return seedOperator(ctx.hub, { email: `op${ctx.n}-${role}@example.ph`, role, browser: nextBrowser() });
  };

  /** A person with an account and a signed-in browser. */
  const person = async () => {
    ctx.n += 1;
    const email = `person${ctx.n}@example.ph`;
    const id = await seedAccount(ctx.hub, { email });
    const browser = nextBrowser();
    await signInWith(browser, email);
    return { id, email, browser };
  };

  it('refuses without a session (401), a signed-in account without a role (403) and another site (403)', async () => {
    expect((await get(nextBrowser(), adminEndpoints.me)).statusCode).toBe(401);
    const { browser } = await person();
    const res = await get(browser, adminEndpoints.me);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('admin.forbidden');
    const { browser: op } = await operator('admin');
    expect((await get(op, adminEndpoints.me)).json()).toMatchObject({ role: 'admin' });
    const crossSite = await ctx.hub.app.inject({
      method: 'GET',
      url: adminEndpoints.me,
      headers: {
        origin: 'https://evil.example',
        cookie: [...op.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    expect(crossSite.statusCode).toBe(403);
    expect(crossSite.json().code).toBe('origin.forbidden');
  });

  it('answers /admin with 404 to a browser without a console role', async () => {
    const page = (browser: TestBrowser) => get(browser, '/admin');
    expect([404, 503]).toContain((await page(nextBrowser())).statusCode);
    expect([404, 503]).toContain((await page((await person()).browser)).statusCode);
    const { browser } = await operator('viewer');
    // 200 with a built web app, 503 without one: never the 404 of a page that is not there.
    expect([200, 503]).toContain((await page(browser)).statusCode);
  });

  it('asks an operator signed in with a password alone for a second factor', async () => {
    const { id, email } = await person();
    await grantRole(ctx.hub.hub, id, 'admin', cli);
    const browser = nextBrowser();
    await signInWith(browser, email);
    const res = await get(browser, adminEndpoints.me);
    expect(res.statusCode).toBe(403);
    expect(res.json().code).toBe('admin.second_factor_required');
  });

  it('holds each role to its own: a viewer reads, support acts, only an admin grants, never to themself', async () => {
    const target = await person();
    const viewer = await operator('viewer');
    expect((await get(viewer.browser, accountPath(target.id))).statusCode).toBe(200);
    const refused = await viewer.browser.post(actionPath(target.id, 'end-sessions'), { reason: 'asked' });
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('admin.forbidden');

    const support = await operator('support');
    expect(
      (await support.browser.post(actionPath(target.id, 'end-sessions'), { reason: 'asked' })).statusCode,
    ).toBe(200);
    const grant = await support.browser.post(adminEndpoints.operators, {
      account: support.id,
      role: 'admin',
      reason: 'promote me',
    });
    expect(grant.statusCode).toBe(403);

    const admin = await operator('admin');
    const self = await admin.browser.post(adminEndpoints.operators, {
      account: admin.id,
      role: 'viewer',
      reason: 'x',
    });
    expect(self.statusCode).toBe(403);
    expect(self.json().code).toBe('admin.forbidden');
    const granted = await admin.browser.post(adminEndpoints.operators, {
      account: viewer.id,
      role: 'support',
      reason: 'joins the support team',
    });
    expect(granted.statusCode, granted.body).toBe(200);
    expect(
      (await viewer.browser.post(actionPath(target.id, 'end-sessions'), { reason: 'x' })).statusCode,
    ).toBe(200);
  });

  it('closes the console at once to an operator whose role is revoked, whose account is locked or deleted', async () => {
    const a = await operator('support');
    expect((await get(a.browser, adminEndpoints.me)).statusCode).toBe(200);
    await revokeRole(ctx.hub.hub, a.id, cli);
    expect((await get(a.browser, adminEndpoints.me)).statusCode).toBe(403);

    const b = await operator('support');
    const admin = await operator('admin');
    const locked = await admin.browser.post(actionPath(b.id, 'lock'), { reason: 'laptop stolen' });
    expect(locked.statusCode, locked.body).toBe(200);
    expect([401, 403]).toContain((await get(b.browser, adminEndpoints.me)).statusCode);

    const c = await operator('viewer');
    await ctx.db
      .updateTable('accounts')
      .set({ deletion_due_at: ctx.hub.clock.now() })
      .where('id', '=', c.id)
      .execute();
    expect((await get(c.browser, adminEndpoints.me)).statusCode).toBe(403);
  });

  it("ends an operator's session left idle past the console's idle time", async () => {
    const { browser } = await operator('viewer');
    ctx.hub.clock.advance(10 * MINUTE_MS);
    expect((await get(browser, adminEndpoints.me)).statusCode).toBe(200);
    ctx.hub.clock.advance(16 * MINUTE_MS);
    expect((await get(browser, adminEndpoints.me)).statusCode).toBe(401);
    ctx.hub.clock.advance(MINUTE_MS);
    expect((await get(browser, adminEndpoints.me)).statusCode).toBe(401);
  });

  it('locks an account (its sessions end, every sign-in is refused) and unlocks it, each with its reason in the audit log', async () => {
    const target = await person();
    const support = await operator('support');
    const noReason = await support.browser.post(actionPath(target.id, 'lock'), { reason: '  ' });
    expect(noReason.statusCode).toBe(400);
    expect(noReason.json().code).toBe('admin.reason_required');

    const locked = await support.browser.post(actionPath(target.id, 'lock'), {
      reason: 'someone guesses the password',
    });
    expect(locked.json()).toMatchObject({ locked: true, changed: true, ended: 1 });
    expect((await target.browser.get('/api/me')).statusCode).toBe(401);
    const identify = await nextBrowser().post(authEndpoints.loginIdentify, {
      platform: 'psl',
      account: target.email,
    });
    expect(identify.statusCode).toBe(403);
    expect(identify.json()).toMatchObject({ code: 'account.locked', field: 'account' });

    await support.browser.post(actionPath(target.id, 'unlock'), { reason: 'the person confirmed by phone' });
    await signInWith(nextBrowser(), target.email);

    const page = await get(
      support.browser,
      `${adminEndpoints.audit}?account=${target.id}&operator=${support.id}`,
    );
    expect(page.statusCode).toBe(200);
    expect(
      page
        .json()
        .events.map((e: { event: string; detail: { reason: string } }) => [e.event, e.detail.reason]),
    ).toEqual([
      ['admin.account_unlocked', 'the person confirmed by phone'],
      ['admin.account_locked', 'someone guesses the password'],
    ]);
    const csv = await get(support.browser, `${adminEndpoints.audit}?account=${target.id}&format=csv`);
    expect(csv.headers['content-type']).toMatch(/^text\/csv/);
    expect(csv.body).toContain('"admin.account_locked"');
    expect(csv.body).toContain('"someone guesses the password"');
  });

  it('refuses a locked account at the end of every sign-in, whatever the first factor (the pipeline step)', async () => {
    const target = await person();
    const flow = await nextBrowser().post(authEndpoints.loginIdentify, {
      platform: 'psl',
      account: target.email,
    });
    await ctx.db
      .updateTable('accounts')
      .set({ sign_in_locked_at: ctx.hub.clock.now() })
      .where('id', '=', target.id)
      .execute();
    const res = await ctx.hub.signIn
      .complete(
        {
          ip: '198.19.62.250',
          requestId: undefined,
          userAgent: undefined,
          cookies: {},
          session: async () => undefined,
          tools: { find: async () => undefined } as never,
        },
        { accountId: target.id, platform: 'psl', authMethod: 'password', context: {} },
      )
      .catch((error: { code?: string }) => error.code);
    expect(res).toBe('account.locked');
    expect(flow.statusCode).toBe(200);
  });

  it('finds accounts by a prefix of their email, id or name, a page at a time', async () => {
    const admin = await operator('viewer');
    const ids: string[] = [];
    for (let i = 0; i < 23; i += 1) ids.push(await seedAccount(ctx.hub, { email: `zsearch${i}@example.ph` }));
    await ctx.db
      .insertInto('profiles')
      .values({
        account_id: ids[3]!,
        first_name: 'Andres',
        last_name: 'Bonifacio',
        middle_name: null,
        suffix: null,
        contact_info: '{}',
        other_info: '{}',
        profile: '{}',
        created_at: 0,
      })
      .execute();
    const first = (await get(admin.browser, `${adminEndpoints.accounts}?q=ZSEARCH`)).json();
    expect(first.accounts).toHaveLength(20);
    expect(first.more).toBe(true);
    const second = (await get(admin.browser, `${adminEndpoints.accounts}?q=zsearch&page=1`)).json();
    expect(second.accounts).toHaveLength(3);
    expect(second.more).toBe(false);
    expect((await get(admin.browser, `${adminEndpoints.accounts}?q=zsearch1@`)).json().accounts).toHaveLength(
      1,
    );
    const byName = (await get(admin.browser, `${adminEndpoints.accounts}?q=andres%20bon`)).json().accounts;
    expect(byName).toEqual([expect.objectContaining({ id: ids[3], name: 'Andres Bonifacio' })]);
    expect((await get(admin.browser, `${adminEndpoints.accounts}?q=bonif`)).json().accounts).toHaveLength(1);
    const byId = (await get(admin.browser, `${adminEndpoints.accounts}?q=${ids[5]!.slice(0, 13)}`)).json()
      .accounts;
    expect(byId.map((a: { id: string }) => a.id)).toContain(ids[5]);
    // LIKE's wildcards are only themselves.
    expect((await get(admin.browser, `${adminEndpoints.accounts}?q=%25`)).json().accounts).toEqual([]);
  });

  it("reads an account's page without spending the person's own reads a minute", async () => {
    const target = await person();
    const viewer = await operator('viewer');
    // The person has read their devices, history and tools all but once this minute.
    for (let i = 1; i < policy.throttle.meDevicesReadPerAccount.points; i += 1)
      await ctx.hub.hub.throttle.consume('meDevicesReadPerAccount', target.id);
    for (let i = 0; i < 3; i += 1)
      expect((await get(viewer.browser, accountPath(target.id))).statusCode).toBe(200);
    const own = await target.browser.get(meAccessEndpoints.access);
    expect(own.statusCode, own.body).toBe(200);
    expect((await target.browser.get(meAccessEndpoints.access)).statusCode).toBe(429);
  });

  it('never answers a password hash, a code, a TOTP secret or a recovery code', async () => {
    ctx.n += 1;
    const email = `secret${ctx.n}@example.ph`;
    const id = await seedAccount(ctx.hub, { email });
    const { secret, recoveryCodes } = await seedSecondFactor(ctx.hub, id);
    const admin = await operator('admin');
    const account = await ctx.hub.hub.accounts.findById(id);
    const answers = [
      await get(admin.browser, accountPath(id)),
      await get(admin.browser, `${adminEndpoints.accounts}?q=${email}`),
      await get(admin.browser, `${adminEndpoints.audit}?account=${id}`),
      await get(admin.browser, `${adminEndpoints.audit}?format=csv`),
      await get(admin.browser, adminEndpoints.operators),
      await admin.browser.post(actionPath(id, 'export'), { reason: 'the person asked for a copy' }),
      await admin.browser.post(actionPath(id, 'reset-factors'), { reason: 'lost their phone' }),
    ];
    const page = answers[0]!.json();
    expect(page.account).toMatchObject({ id, email, hasPassword: true });
    expect(page.secondFactors).toMatchObject({ methods: ['totp', 'recovery'], recoveryCodesLeft: 10 });
    for (const answer of answers) {
      expect(answer.statusCode, answer.body).toBe(200);
      expect(answer.body).not.toContain(account!.password_hash!);
      expect(answer.body).not.toContain('$argon2');
      expect(answer.body).not.toContain(secret);
      for (const code of recoveryCodes) expect(answer.body).not.toContain(code);
      expect(answer.body).not.toMatch(/totp_secret|password_hash|code_hash/);
    }
    expect((await ctx.hub.hub.secondFactors.find(id))?.totp_secret ?? null).toBeNull();
  });
});
