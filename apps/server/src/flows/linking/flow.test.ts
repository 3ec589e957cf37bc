import { authEndpoints, encodeSainfo, linkingEndpoints } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { createLinkQueries } from '../../storage/links.js';
import { seedAccount } from '../../test-support/accounts.js';
import { setUpTestHub } from '../../test-support/app.js';
import { auditEvents } from '../../test-support/audit.js';
import { browserFor, latestCode, strongPassword } from '../../test-support/client.js';
import { testDialects } from '../../test-support/databases.js';
import {
  expectRefusal,
  expectUnknownAndBlankAccountsRefused,
  expectWrongPasswordRefused,
} from '../../test-support/refusals.js';

const parentPassword = 'Owner-Password-77';

describe.each(testDialects)('linking to a parent account (switching option2) on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.18.0' });
  const childEmail = () => `child${ctx.n}@example.ph`;
  const parentEmail = () => `owner${ctx.n}@example.ph`;

  const signIn = async (account: string, platform = 'biz', b = ctx.browser, password = strongPassword) => {
    const first = await b.post(authEndpoints.loginIdentify, { platform, account });
    expect(first.statusCode, first.body).toBe(200);
    const done = await b.post(authEndpoints.loginPassword, { flowId: first.json().flowId, password });
    expect(done.statusCode, done.body).toBe(200);
  };
  /** A signed-in child and a business owner on Business, the two ends of a link. */
  const seedPair = async (parent: Parameters<typeof seedAccount>[1] = { email: parentEmail() }) => {
    const child = await seedAccount(ctx.hub, { email: childEmail(), platforms: ['biz'] });
    const owner = await seedAccount(ctx.hub, { platforms: ['biz'], password: parentPassword, ...parent });
    await signIn(childEmail());
    return { child, owner };
  };
  const check = (account: string, platform = 'biz', b = ctx.browser) =>
    b.post(linkingEndpoints.linkingIdentify, { platform, account });
  const confirm = (flowId: string, password = parentPassword, b = ctx.browser) =>
    b.post(linkingEndpoints.linkingPassword, { flowId, password });
  const linksOf = (child: string) =>
    ctx.db.selectFrom('account_links').selectAll().where('child_account_id', '=', child).execute();

  it("valid: links the signed-in account under the parent with the parent's password", async () => {
    const { child, owner } = await seedPair();
    const first = await check(parentEmail());
    expect(first.statusCode, first.body).toBe(200);
    expect(first.json()).toMatchObject({
      next: 'password',
      account: { kind: 'email', display: parentEmail() },
    });

    const done = await confirm(first.json().flowId);
    expect(done.statusCode, done.body).toBe(200);
    expect(done.json()).toMatchObject({ next: 'redirect', notice: 'account_linked' });
    expect(done.json().location).toMatch(
      new RegExp(`^${ctx.hub.config.platformUrls.biz}/sso/account/auth\\?ainfo=`),
    );
    expect(await linksOf(child)).toEqual([
      expect.objectContaining({ parent_account_id: owner, child_account_id: child, kind: 'parent' }),
    ]);
    const events = await auditEvents(ctx.hub, { accountId: child, event: 'linking.linked' });
    expect(events).toHaveLength(1);
  });

  it('needs a signed-in account', async () => {
    await seedAccount(ctx.hub, { email: parentEmail(), platforms: ['biz'] });
    const res = await check(parentEmail());
    expectRefusal(res, 401, { code: 'session.required', message: 'Please sign in to continue.' });
  });

  it("linked: 'Account already linked' once the account has a parent, and for the parent's own parent", async () => {
    const { child } = await seedPair();
    expect((await confirm((await check(parentEmail())).json().flowId)).statusCode).toBe(200);
    await seedAccount(ctx.hub, { email: `other${ctx.n}@example.ph`, platforms: ['biz'] });
    const again = await check(`other${ctx.n}@example.ph`);
    expectRefusal(again, 409, {
      code: 'account.already_linked',
      message: 'Account already linked',
      field: 'account',
    });
    // The parent may not be linked under its own child.
    const parentBrowser = browserFor(ctx.hub);
    await signIn(parentEmail(), 'biz', parentBrowser, parentPassword);
    const cycle = await check(childEmail(), 'biz', parentBrowser);
    expect(cycle.json().code).toBe('account.already_linked');
    expect(await linksOf(child)).toHaveLength(1);
  });

  it("added_user: 'You can’t link the work account in business account linking setup', either way round", async () => {
    await seedPair({ email: parentEmail(), uType: 2 });
    const res = await check(parentEmail());
    expectRefusal(res, 403, {
      code: 'account.work_account_link',
      message: 'You can’t link the work account in business account linking setup',
      field: 'account',
    });
    const worker = browserFor(ctx.hub);
    await seedAccount(ctx.hub, { email: `worker${ctx.n}@example.ph`, platforms: ['biz'], uType: 2 });
    await seedAccount(ctx.hub, { email: `boss${ctx.n}@example.ph`, platforms: ['biz'] });
    await signIn(`worker${ctx.n}@example.ph`, 'biz', worker);
    expect((await check(`boss${ctx.n}@example.ph`, 'biz', worker)).json().code).toBe(
      'account.work_account_link',
    );
  });

  it("!account: 'Account does not exist'; and 'Account is required' for none", async () => {
    await seedPair();
    await expectUnknownAndBlankAccountsRefused(check);
  });

  it("answers 'Account is not registered to' and the platform's product name", async () => {
    await seedPair({ email: parentEmail(), platforms: ['psl'] });
    const res = await check(parentEmail(), 'biz');
    expectRefusal(res, 403, {
      code: 'account.not_registered_to_platform',
      message: 'Account is not registered to Business',
      params: { platform: 'Business' },
      field: 'account',
    });
    await seedAccount(ctx.hub, { email: `bizonly${ctx.n}@example.ph`, platforms: ['biz'] });
    expect((await check(`bizonly${ctx.n}@example.ph`, 'psl')).json().message).toBe(
      'Account is not registered to Personal',
    );
  });

  it.each(['juan@', 'juan dela cruz', `${'a'.repeat(250)}@example.ph`])(
    "answers 'Account format is invalid' (no full stop) for %j",
    async (account) => {
      await seedPair();
      const res = await check(account);
      expectRefusal(res, 400, {
        code: 'account.format_invalid',
        message: 'Account format is invalid',
        field: 'account',
      });
    },
  );

  it("answers 'Account already exists' for the signed-in account itself", async () => {
    await seedPair();
    const res = await check(childEmail().toUpperCase());
    expectRefusal(res, 409, {
      code: 'account.already_exists',
      message: 'Account already exists',
      field: 'account',
    });
  });

  it('refuses a client account as a parent, whatever the sainfo claims', async () => {
    await seedPair({ email: parentEmail(), userType: 5 });
    const res = await ctx.browser.post(linkingEndpoints.linkingIdentify, {
      platform: 'biz',
      account: parentEmail(),
      context: { sainfo: encodeSainfo({ va: 'email', paid: 'x1', default: 1 }) },
    });
    expect(res.json().code).toBe('account.client_refused');
  });

  it("answers 'Incorrect password.' for a wrong parent password and links nothing", async () => {
    const { child } = await seedPair();
    const flowId = (await check(parentEmail())).json().flowId;
    // The signed-in child's own password is not the parent's.
    await expectWrongPasswordRefused((password) => confirm(flowId, password), strongPassword);
    expect(await linksOf(child)).toEqual([]);
    expect((await confirm(flowId)).statusCode).toBe(200);
  });

  it('creates one link when two flows link the same account at once', async () => {
    const { child } = await seedPair();
    await seedAccount(ctx.hub, {
      email: `second${ctx.n}@example.ph`,
      platforms: ['biz'],
      password: parentPassword,
    });
    const flows = [
      (await check(parentEmail())).json().flowId,
      (await check(`second${ctx.n}@example.ph`)).json().flowId,
    ];
    const answers = await Promise.all(flows.map((flowId) => confirm(flowId)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().code).toBe('account.already_linked');
    expect(await linksOf(child)).toHaveLength(1);
  });

  it('lets the database decide a race: of two concurrent inserts of a parent link, one lands', async () => {
    const { child, owner } = await seedPair();
    const other = await seedAccount(ctx.hub, { email: `second${ctx.n}@example.ph`, platforms: ['biz'] });
    const now = ctx.hub.clock.now();
    const results = await Promise.all(
      [owner, other].map((parent, i) =>
        ctx.db.transaction().execute((trx) =>
          createLinkQueries(ctx.db).insert(trx, {
            id: `race-${ctx.n}-${i}`,
            parent_account_id: parent,
            child_account_id: child,
            kind: 'parent',
            created_at: now,
          }),
        ),
      ),
    );
    expect(results.sort()).toEqual([false, true]);
    expect(await linksOf(child)).toHaveLength(1);
  });

  it('ends the flow when someone else signs in on the browser meanwhile', async () => {
    await seedPair();
    const flowId = (await check(parentEmail())).json().flowId;
    await seedAccount(ctx.hub, { email: `intruder${ctx.n}@example.ph`, platforms: ['biz'] });
    await signIn(`intruder${ctx.n}@example.ph`);
    expect((await confirm(flowId)).json().code).toBe('flow.not_found');
    expect((await confirm(flowId, parentPassword, browserFor(ctx.hub))).statusCode).toBe(404);
  });

  it('comes back from a password reset through rrf=switching2', async () => {
    await seedPair();
    const start = await ctx.browser.post(authEndpoints.resetStart, {
      platform: 'biz',
      account: parentEmail(),
      rrf: 'switching2',
    });
    const flowId = start.json().flowId;
    await ctx.browser.post(authEndpoints.resetVerify, {
      flowId,
      code: await latestCode(ctx.hub, parentEmail()),
    });
    const done = await ctx.browser.post(authEndpoints.resetFinalize, {
      flowId,
      password: 'New-Password-2026',
    });
    expect(new URL(done.json().location, 'http://x').pathname).toBe('/biz/switching/option2');
  });
});
