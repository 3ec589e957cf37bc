import { meDataEndpoints, meEndpoints } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { DAY_MS, policy } from '../policy.js';
import { createAccountDataQueries } from '../storage/account-data.js';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { browserFor, signInWith, strongPassword } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { expectRefusal } from '../test-support/refusals.js';

/** Every table and its text-like columns, to scan the whole database for what an erasure must remove. */
const textColumnsOf = async (ctx: ReturnType<typeof setUpTestHub>) => {
  const tables = await ctx.db.introspection.getTables();
  return tables.map((t) => ({
    name: t.name,
    columns: t.columns.filter((c) => /char|text|uuid|json/i.test(c.dataType)).map((c) => c.name),
  }));
};

describe.each(testDialects)('your data (download, deletion) on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.19.41' });
  const emailOf = (label: string) => `${label}${ctx.n}@example.ph`;

  it('downloads everything held about the account, and nothing of another or any secret', async () => {
    const email = emailOf('data');
    const id = await seedAccount(ctx.hub, { email, platforms: ['psl', 'biz'] });
    await seedAccount(ctx.hub, { email: emailOf('other') });
    await signInWith(ctx.browser, email);
    const second = browserFor(ctx.hub, '198.19.41.200');
    await signInWith(second, email, { platform: 'biz' });
    await second
      .post('/api/login/identify', { platform: 'psl', account: email })
      .then((r) =>
        second.post('/api/login/password', { flowId: r.json().flowId, password: 'Wrong-password-1' }),
      );

    const res = await ctx.browser.get(meDataEndpoints.download);
    expect(res.statusCode, res.body).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    expect(res.headers['content-disposition']).toMatch(
      /^attachment; filename="account-hub-data-\d{4}-\d\d-\d\d\.json"$/,
    );
    const data = res.json();
    const row = await ctx.db
      .selectFrom('accounts')
      .selectAll()
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(data.account).toMatchObject({
      id,
      email: row.email,
      home_platform: row.home_platform,
      user_type: row.user_type,
      created_at: row.created_at,
      has_password: true,
    });
    expect(data.platforms.map((p: { platform: string }) => p.platform)).toEqual(['biz', 'psl']);
    const sessions = await ctx.db.selectFrom('sessions').selectAll().where('account_id', '=', id).execute();
    expect(data.sessions).toHaveLength(sessions.length);
    expect(data.sessions.map((s: { ip: string }) => s.ip).sort()).toEqual(sessions.map((s) => s.ip).sort());
    const outcomes = data.sign_ins.map((s: { event: string }) => s.event);
    expect(outcomes).toContain('login.success');
    expect(outcomes).toContain('login.failure');
    const text = JSON.stringify(data);
    expect(text).not.toContain(emailOf('other'));
    expect(text).not.toContain(row.password_hash!);
    expect(text).not.toContain('password_hash');
    for (const session of sessions) expect(text).not.toContain(session.id);
    const audit = await ctx.db
      .selectFrom('audit_events')
      .select('event')
      .where('account_id', '=', id)
      .where('event', '=', 'account.data_exported')
      .execute();
    expect(audit).toHaveLength(1);
  });

  it('mails the deletion notice in the language of the request: Filipino from Accept-Language (issue #18)', async () => {
    const email = emailOf('aalis');
    await seedAccount(ctx.hub, { email });
    await signInWith(ctx.browser, email);
    const asked = await ctx.browser.post(
      meDataEndpoints.deletion,
      { password: strongPassword },
      { 'accept-language': 'fil-PH,fil;q=0.9,en;q=0.8' },
    );
    expect(asked.statusCode, asked.body).toBe(200);
    const [mail] = await ctx.db
      .selectFrom('mail_outbox')
      .selectAll()
      .where('to_address', '=', email)
      .execute();
    expect(mail?.subject).toBe('Buburahin na ang iyong Account Hub account');
    expect(mail?.text_body).toContain(
      'Hiniling mong burahin ang iyong Account Hub account. Buburahin ito sa ',
    );
    expect(mail?.text_body).toMatch(/sa \w+, \w+ \d{1,2}, \d{4} nang \d{1,2}:\d\d [AP]M UTC, kasama/);
    expect(mail?.text_body).not.toMatch(/\b(Your|You asked|deleted|Changed your mind)\b/);
    // Kept for the next test's clean slate: the button cancels.
    expect((await ctx.browser.send('DELETE', meDataEndpoints.deletion)).statusCode).toBe(200);
  });

  it('asks for the password, ends the other sessions, mails a notice, and a sign-in or the button cancels', async () => {
    const email = emailOf('leaving');
    const id = await seedAccount(ctx.hub, { email });
    await signInWith(ctx.browser, email);
    const other = browserFor(ctx.hub, '198.19.41.201');
    await signInWith(other, email);

    expectRefusal(await ctx.browser.post(meDataEndpoints.deletion, { password: 'Not-my-password-1' }), 401, {
      code: 'password.incorrect',
      message: expect.any(String),
      field: 'password',
    });
    const asked = await ctx.browser.post(meDataEndpoints.deletion, { password: strongPassword });
    expect(asked.statusCode, asked.body).toBe(200);
    const now = ctx.hub.clock.now();
    expect(asked.json()).toEqual({ dueAt: now + 7 * DAY_MS, requestedAt: now, hasPassword: true });
    expect((await other.get(meEndpoints.summary)).statusCode).toBe(401);
    expect((await ctx.browser.get(meDataEndpoints.deletion)).json().dueAt).toBe(now + 7 * DAY_MS);
    const mail = await ctx.db.selectFrom('mail_outbox').selectAll().where('to_address', '=', email).execute();
    expect(mail.map((m) => m.subject)).toContain('Your Account Hub account will be deleted');
    const again = await ctx.browser.post(meDataEndpoints.deletion, { password: strongPassword });
    expect(again.statusCode).toBe(409);
    expect(again.json().code).toBe('account.deletion_pending');

    // Signing in within the grace period keeps the account.
    await signInWith(other, email);
    expect((await ctx.browser.get(meDataEndpoints.deletion)).json()).toMatchObject({ dueAt: null });

    // The account center's button cancels too.
    await ctx.browser.post(meDataEndpoints.deletion, { password: strongPassword });
    const cancelled = await ctx.browser.send('DELETE', meDataEndpoints.deletion);
    expect(cancelled.statusCode, cancelled.body).toBe(200);
    expect(cancelled.json()).toMatchObject({ dueAt: null });
    const events = await ctx.db
      .selectFrom('audit_events')
      .select('event')
      .where('account_id', '=', id)
      .where('event', 'like', 'account.deletion%')
      .orderBy('id')
      .execute();
    expect(events.map((e) => e.event)).toEqual([
      'account.deletion_requested',
      'account.deletion_requested',
      'account.deletion_cancelled',
      'account.deletion_requested',
      'account.deletion_cancelled',
    ]);
  });

  it('holds parallel wrong passwords to the login limit', async () => {
    const email = emailOf('guess');
    await seedAccount(ctx.hub, { email });
    await signInWith(ctx.browser, email);
    const answers = await Promise.all(
      Array.from({ length: 16 }, (_, i) =>
        ctx.browser.post(meDataEndpoints.deletion, { password: `Wrong-guess-${i}` }),
      ),
    );
    const statuses = answers.map((a) => a.statusCode);
    expect(statuses.filter((s) => s === 401).length).toBeLessThanOrEqual(10);
    expect(
      statuses.every((s) => s === 401 || s === 429),
      statuses.join(),
    ).toBe(true);
  });

  it('erases the account seven days later: no row names it, its audit rows stay pseudonymised', async () => {
    const email = emailOf('erased');
    const id = await seedAccount(ctx.hub, { email, platforms: ['psl', 'biz'] });
    await signInWith(ctx.browser, email);
    await ctx.browser.post(meDataEndpoints.deletion, { password: strongPassword });
    const before = await ctx.db
      .selectFrom('audit_events')
      .select('id')
      .where('account_id', '=', id)
      .execute();
    expect(before.length).toBeGreaterThan(0);

    ctx.hub.clock.advance(7 * DAY_MS - 60_000);
    await ctx.hub.cleanupJob.runOnce();
    expect(
      await ctx.db.selectFrom('accounts').select('id').where('id', '=', id).executeTakeFirst(),
    ).toBeDefined();

    ctx.hub.clock.advance(2 * 60_000);
    const outcomes = await ctx.hub.cleanupJob.runOnce();
    expect(outcomes?.find((o) => o.table === 'accounts')?.rows).toBe(1);
    const naming = async (needle: string) => {
      const tables: string[] = [];
      for (const { name, columns } of await textColumnsOf(ctx)) {
        if (name === 'audit_events' || name.startsWith('kysely_')) continue;
        if ((await createAccountDataQueries(ctx.db).countMentions(name, columns, needle)) > 0)
          tables.push(name);
      }
      return tables;
    };
    // Only the note that asks for the flows' second sweep names it, until the next run.
    expect(await naming(id)).toEqual(['erased_account_flows']);
    expect(await naming(email)).toEqual([]);
    ctx.hub.clock.advance(policy.cleanupIntervalMs);
    await ctx.hub.cleanupJob.runOnce();
    expect(await naming(id)).toEqual([]);
    const kept = await ctx.db
      .selectFrom('audit_events')
      .select(['account_id', 'ip'])
      .where(
        'id',
        'in',
        before.map((b) => b.id),
      )
      .execute();
    expect(kept).toHaveLength(before.length);
    expect(new Set(kept.map((k) => k.account_id)).size).toBe(1);
    expect(kept[0]!.account_id).toMatch(/^erased:[0-9a-f]{32}$/);
    expect(kept.every((k) => k.ip === null)).toBe(true);
    const signIn = await browserFor(ctx.hub).post('/api/login/identify', { platform: 'psl', account: email });
    expect(signIn.statusCode).toBe(404);
  });

  it('lets an account without a password confirm by a recent sign-in only', async () => {
    const email = emailOf('nopass');
    const id = await seedAccount(ctx.hub, { email });
    await signInWith(ctx.browser, email);
    await ctx.db.updateTable('accounts').set({ password_hash: null }).where('id', '=', id).execute();
    ctx.hub.clock.advance(policy.deletionFreshSignInMs + 1000);
    expectRefusal(await ctx.browser.post(meDataEndpoints.deletion, {}), 403, {
      code: 'account.fresh_sign_in_required',
      message: 'For your security, please log out, sign in again and then delete your account.',
    });
    expect(
      (
        await ctx.db
          .selectFrom('accounts')
          .select('deletion_due_at')
          .where('id', '=', id)
          .executeTakeFirstOrThrow()
      ).deletion_due_at,
    ).toBeNull();
  });

  it('refuses another site and a browser without a session', async () => {
    expect((await browserFor(ctx.hub).get(meDataEndpoints.download)).statusCode).toBe(401);
    const email = emailOf('origin');
    await seedAccount(ctx.hub, { email });
    await signInWith(ctx.browser, email);
    const res = await ctx.hub.app.inject({
      method: 'POST',
      url: meDataEndpoints.deletion,
      payload: { password: strongPassword },
      headers: {
        origin: 'https://evil.example',
        cookie: [...ctx.browser.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      },
    });
    expect(res.statusCode).toBe(403);
  });
});
