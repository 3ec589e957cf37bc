import { authEndpoints, encodeSainfo, switchingEndpoints } from '@hub/core';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { seedAccount } from '../../test-support/accounts.js';
import { createTestHub, type TestHub } from '../../test-support/app.js';
import { browserFor, latestCode, strongPassword, type TestBrowser } from '../../test-support/client.js';
import { testDialects } from '../../test-support/databases.js';
import { insertLink } from './links.js';

const parentPassword = 'Owner-Password-77';

describe.each(testDialects)('linking to a parent account (switching option2) on %s', (dialect) => {
  let hub: TestHub;
  let browser: TestBrowser;
  let n = 0;
  const childEmail = () => `child${n}@example.ph`;
  const parentEmail = () => `owner${n}@example.ph`;

  beforeAll(async () => {
    hub = await createTestHub(dialect);
  });
  afterAll(async () => hub?.close());
  beforeEach(() => {
    n += 1;
    browser = browserFor(hub, `198.18.0.${n}`);
  });

  const signIn = async (account: string, platform = 'biz', b = browser, password = strongPassword) => {
    const first = await b.post(authEndpoints.loginIdentify, { platform, account });
    expect(first.statusCode, first.body).toBe(200);
    const done = await b.post(authEndpoints.loginPassword, { flowId: first.json().flowId, password });
    expect(done.statusCode, done.body).toBe(200);
  };
  /** A signed-in child and a business owner on Business, the two ends of a link. */
  const seedPair = async (parent: Parameters<typeof seedAccount>[1] = { email: parentEmail() }) => {
    const child = await seedAccount(hub, { email: childEmail(), platforms: ['biz'] });
    const owner = await seedAccount(hub, { platforms: ['biz'], password: parentPassword, ...parent });
    await signIn(childEmail());
    return { child, owner };
  };
  const check = (account: string, platform = 'biz', b = browser) =>
    b.post(switchingEndpoints.linkingIdentify, { platform, account });
  const confirm = (flowId: string, password = parentPassword, b = browser) =>
    b.post(switchingEndpoints.linkingPassword, { flowId, password });
  const linksOf = (child: string) =>
    hub.database.db.selectFrom('account_links').selectAll().where('child_account_id', '=', child).execute();

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
      new RegExp(`^${hub.config.platformUrls.biz}/sso/account/auth\\?ainfo=`),
    );
    expect(await linksOf(child)).toEqual([
      expect.objectContaining({ parent_account_id: owner, child_account_id: child, kind: 'parent' }),
    ]);
    const events = await hub.database.db
      .selectFrom('audit_events')
      .select('event')
      .where('account_id', '=', child)
      .where('event', '=', 'linking.linked')
      .execute();
    expect(events).toHaveLength(1);
  });

  it('needs a signed-in account', async () => {
    await seedAccount(hub, { email: parentEmail(), platforms: ['biz'] });
    const res = await check(parentEmail());
    expect(res.statusCode).toBe(401);
    expect(res.json()).toEqual({ code: 'session.required', message: 'Please sign in to continue.' });
  });

  it("linked: 'Account already linked' once the account has a parent, and for the parent's own parent", async () => {
    const { child } = await seedPair();
    expect((await confirm((await check(parentEmail())).json().flowId)).statusCode).toBe(200);
    await seedAccount(hub, { email: `other${n}@example.ph`, platforms: ['biz'] });
    const again = await check(`other${n}@example.ph`);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toEqual({
      code: 'account.already_linked',
      message: 'Account already linked',
      field: 'account',
    });
    // The parent may not be linked under its own child.
    const parentBrowser = browserFor(hub);
    await signIn(parentEmail(), 'biz', parentBrowser, parentPassword);
    const cycle = await check(childEmail(), 'biz', parentBrowser);
    expect(cycle.json().code).toBe('account.already_linked');
    expect(await linksOf(child)).toHaveLength(1);
  });

  it("added_user: 'You can’t link the work account in business account linking setup', either way round", async () => {
    await seedPair({ email: parentEmail(), uType: 2 });
    const res = await check(parentEmail());
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'account.work_account_link',
      message: 'You can’t link the work account in business account linking setup',
      field: 'account',
    });
    const worker = browserFor(hub);
    await seedAccount(hub, { email: `worker${n}@example.ph`, platforms: ['biz'], uType: 2 });
    await seedAccount(hub, { email: `boss${n}@example.ph`, platforms: ['biz'] });
    await signIn(`worker${n}@example.ph`, 'biz', worker);
    expect((await check(`boss${n}@example.ph`, 'biz', worker)).json().code).toBe('account.work_account_link');
  });

  it("!account: 'Account does not exist'; and 'Account is required' for none", async () => {
    await seedPair();
    const res = await check('nobody@example.ph');
    expect(res.statusCode).toBe(404);
    expect(res.json()).toEqual({
      code: 'account.not_found',
      message: 'Account does not exist',
      field: 'account',
    });
    expect((await check(' ')).json()).toMatchObject({
      code: 'account.required',
      message: 'Account is required',
    });
  });

  it("answers 'Account is not registered to' and the platform's product name", async () => {
    await seedPair({ email: parentEmail(), platforms: ['psl'] });
    const res = await check(parentEmail(), 'biz');
    expect(res.statusCode).toBe(403);
    expect(res.json()).toEqual({
      code: 'account.not_registered_to_platform',
      message: 'Account is not registered to Business',
      field: 'account',
    });
    await seedAccount(hub, { email: `bizonly${n}@example.ph`, platforms: ['biz'] });
    expect((await check(`bizonly${n}@example.ph`, 'psl')).json().message).toBe(
      'Account is not registered to Personal',
    );
  });

  it.each(['juan@', 'juan dela cruz', `${'a'.repeat(250)}@example.ph`])(
    "answers 'Account format is invalid' (no full stop) for %j",
    async (account) => {
      await seedPair();
      const res = await check(account);
      expect(res.statusCode).toBe(400);
      expect(res.json()).toEqual({
        code: 'account.format_invalid_linking',
        message: 'Account format is invalid',
        field: 'account',
      });
    },
  );

  it("answers 'Account already exists' for the signed-in account itself", async () => {
    await seedPair();
    const res = await check(childEmail().toUpperCase());
    expect(res.statusCode).toBe(409);
    expect(res.json()).toEqual({
      code: 'account.already_exists_linking',
      message: 'Account already exists',
      field: 'account',
    });
  });

  it('refuses a client account as a parent, whatever the sainfo claims', async () => {
    await seedPair({ email: parentEmail(), userType: 5 });
    const res = await browser.post(switchingEndpoints.linkingIdentify, {
      platform: 'biz',
      account: parentEmail(),
      context: { sainfo: encodeSainfo({ va: 'email', paid: 'x1', default: 1 }) },
    });
    expect(res.json().code).toBe('account.client_refused');
  });

  it("answers 'Incorrect password.' for a wrong parent password and links nothing", async () => {
    const { child } = await seedPair();
    const flowId = (await check(parentEmail())).json().flowId;
    const wrong = await confirm(flowId, strongPassword);
    expect(wrong.statusCode).toBe(401);
    expect(wrong.json().code).toBe('password.incorrect');
    expect((await confirm(flowId, '')).json().code).toBe('password.required');
    expect(await linksOf(child)).toEqual([]);
    expect((await confirm(flowId)).statusCode).toBe(200);
  });

  it('creates one link when two flows link the same account at once', async () => {
    const { child } = await seedPair();
    await seedAccount(hub, { email: `second${n}@example.ph`, platforms: ['biz'], password: parentPassword });
    const flows = [
      (await check(parentEmail())).json().flowId,
      (await check(`second${n}@example.ph`)).json().flowId,
    ];
    const answers = await Promise.all(flows.map((flowId) => confirm(flowId)));
    expect(answers.map((r) => r.statusCode).sort()).toEqual([200, 409]);
    expect(answers.find((r) => r.statusCode === 409)?.json().code).toBe('account.already_linked');
    expect(await linksOf(child)).toHaveLength(1);
  });

  it('lets the database decide a race: of two concurrent inserts of a parent link, one lands', async () => {
    const { child, owner } = await seedPair();
    const other = await seedAccount(hub, { email: `second${n}@example.ph`, platforms: ['biz'] });
    const now = hub.clock.now();
    const results = await Promise.all(
      [owner, other].map((parent, i) =>
        hub.database.db.transaction().execute((trx) =>
          insertLink(trx, {
            id: `race-${n}-${i}`,
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
    await seedAccount(hub, { email: `intruder${n}@example.ph`, platforms: ['biz'] });
    await signIn(`intruder${n}@example.ph`);
    expect((await confirm(flowId)).json().code).toBe('flow.not_found');
    expect((await confirm(flowId, parentPassword, browserFor(hub))).statusCode).toBe(404);
  });

  it('comes back from a password reset through rrf=switching2', async () => {
    await seedPair();
    const start = await browser.post(authEndpoints.resetStart, {
      platform: 'biz',
      account: parentEmail(),
      rrf: 'switching2',
    });
    const flowId = start.json().flowId;
    await browser.post(authEndpoints.resetVerify, { flowId, code: await latestCode(hub, parentEmail()) });
    const done = await browser.post(authEndpoints.resetFinalize, { flowId, password: 'New-Password-2026' });
    expect(new URL(done.json().location, 'http://x').pathname).toBe('/biz/switching/option2');
  });
});
