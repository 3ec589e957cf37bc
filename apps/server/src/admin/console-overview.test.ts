import { adminEndpoints, authEndpoints } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { recordAudit } from '../services/audit.js';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { browserFor, signInWith, type TestBrowser } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { consoleGet, seedOperator } from '../test-support/operators.js';
import type { ActionBy } from './actions.js';

const _cli: ActionBy = { operatorId: null, via: 'cli', reason: 'set up by the test', from: null };
const actionPath = (id: string, action: string) =>
  adminEndpoints.action.replace(':id', id).replace(':action', action);

/** The console's overview, its reset-code action and the audit log's operator and time filters. */
describe.each(testDialects)('the operator console (overview, reset code, audit filters) on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.19.71' });
  let ip = 0;
  const nextBrowser = () => {
    ip += 1;
    return browserFor(ctx.hub, `198.19.72.${ip}`);
  };
  const get = (browser: TestBrowser, url: string) => consoleGet(ctx.hub, browser, url);

  const operator = async (role: 'viewer' | 'support') => {
    ctx.n += 1;
    return seedOperator(ctx.hub, { email: `op${ctx.n}-${role}@example.ph`, role, browser: nextBrowser() });
  };

  it("shows the last hour a minute at a time: this minute's sign-ins, failures and the outbox", async () => {
    const viewer = await operator('viewer');
    const before = (await get(viewer.browser, adminEndpoints.overview)).json();
    expect(before.minutes).toHaveLength(60);
    expect(before.scope).toBe('process');
    ctx.n += 1;
    const email = `overview${ctx.n}@example.ph`;
    await seedAccount(ctx.hub, { email });
    const browser = nextBrowser();
    const flow = await browser.post(authEndpoints.loginIdentify, { platform: 'psl', account: email });
    const wrong = await browser.post(authEndpoints.loginPassword, {
      flowId: flow.json().flowId,
      password: 'Not-The-Password-1',
    });
    expect(wrong.statusCode).toBe(401);
    await signInWith(nextBrowser(), email);
    const res = await get(viewer.browser, adminEndpoints.overview);
    expect(res.statusCode).toBe(200);
    expect(res.headers['cache-control']).toBe('no-store');
    const after = res.json();
    // The counts are this process's, by wall-clock minute, and earlier tests of the file count too.
    // The hour as a whole only grows while the test runs; its last two minutes can lose the older
    // one's counts when a minute ends between the two reads. The sign-in and the failure just made
    // are in those two minutes, and in the hour on top of what it held before.
    const sum = (
      o: { minutes: { failures: number; signIns: number }[] },
      k: 'failures' | 'signIns',
      last = 60,
    ) => o.minutes.slice(-last).reduce((n, m) => n + m[k], 0);
    for (const k of ['failures', 'signIns'] as const) {
      expect(sum(after, k, 2)).toBeGreaterThanOrEqual(1);
      expect(sum(after, k)).toBeGreaterThanOrEqual(sum(before, k) + 1);
    }
    expect(after.outbox.pending).toBeGreaterThanOrEqual(0);
    expect(after.minutes.at(-1).backlog).toBe(after.outbox.pending);
    // A person without a role sees none of it.
    const person = nextBrowser();
    await signInWith(person, email);
    expect((await get(person, adminEndpoints.overview)).statusCode).toBe(403);
  });

  it('sends a reset code: the spec mail with a link, no code in any answer, the link opens in another browser', async () => {
    ctx.n += 1;
    const email = `resetme${ctx.n}@example.ph`;
    const id = await seedAccount(ctx.hub, { email });
    const viewer = await operator('viewer');
    expect(
      (await viewer.browser.post(actionPath(id, 'send-reset-code'), { reason: 'asked' })).statusCode,
    ).toBe(403);
    const support = await operator('support');
    const sent = await support.browser.post(actionPath(id, 'send-reset-code'), {
      reason: 'lost the password, called support',
    });
    expect(sent.statusCode, sent.body).toBe(200);
    expect(sent.json()).toMatchObject({ sentTo: email });
    await ctx.hub.mailWorker.runOnce();
    const mail = ctx.hub.devMailbox?.latestFor(email);
    expect(mail?.subject).toMatch(/password reset code/);
    const code = mail?.text.match(/^ {4}(\d{6})$/m)?.[1];
    const link = mail?.text.match(/https?:\/\/\S+\/psl\/reset\/password\?reset=([A-Za-z0-9_-]+)/);
    expect(code).toBeDefined();
    expect(link).not.toBeNull();
    expect(sent.body).not.toContain(code);
    const audit = await get(support.browser, `${adminEndpoints.audit}?account=${id}&operator=${support.id}`);
    expect(audit.json().events).toEqual([
      expect.objectContaining({
        event: 'admin.reset_code_sent',
        detail: expect.objectContaining({
          reason: 'lost the password, called support',
          operator: support.id,
        }),
      }),
    ]);
    expect(audit.body).not.toContain(code);

    // The person opens the link in a browser of their own: a wrong code counts, the right one binds it.
    const flowId = link![1]!;
    const browser = nextBrowser();
    const wrongCode = code === '000000' ? '111111' : '000000';
    expect((await browser.post(authEndpoints.resetVerify, { flowId, code: wrongCode })).json().code).toBe(
      'code.incorrect',
    );
    const verified = await browser.post(authEndpoints.resetVerify, { flowId, code });
    expect(verified.statusCode, verified.body).toBe(200);
    expect(new URL(verified.json().location, 'http://x').pathname).toBe('/psl/reset/password/finalize');
    // Bound now: another browser holding the link cannot finish it.
    const other = await nextBrowser().post(authEndpoints.resetFinalize, {
      flowId,
      password: 'Gabriela-1899',
    });
    expect(other.json().code).toBe('flow.not_found');
    const done = await browser.post(authEndpoints.resetFinalize, {
      flowId,
      password: 'Gabriela-Silang-1899',
    });
    expect(done.statusCode, done.body).toBe(200);
    await signInWith(nextBrowser(), email, { password: 'Gabriela-Silang-1899' });
  });

  it('refuses a reset code for an account without an email, and for a locked one', async () => {
    const support = await operator('support');
    ctx.n += 1;
    const noEmail = await seedAccount(ctx.hub, {
      email: `noemail${ctx.n}@example.ph`,
      username: `noemail${ctx.n}`,
    });
    await ctx.db
      .updateTable('accounts')
      .set({ email: null, email_normalized: null })
      .where('id', '=', noEmail)
      .execute();
    const res = await support.browser.post(actionPath(noEmail, 'send-reset-code'), { reason: 'asked' });
    expect(res.statusCode).toBe(409);
    expect(res.json().code).toBe('admin.no_email');
    ctx.n += 1;
    const locked = await seedAccount(ctx.hub, { email: `locked${ctx.n}@example.ph` });
    await support.browser.post(actionPath(locked, 'lock'), { reason: 'fraud' });
    const refused = await support.browser.post(actionPath(locked, 'send-reset-code'), { reason: 'asked' });
    expect(refused.json().code).toBe('account.locked');
  });

  it('filters the audit log by operator (the indexed column) and by time', async () => {
    const a = await operator('support');
    const b = await operator('support');
    ctx.n += 1;
    const target = await seedAccount(ctx.hub, { email: `audited${ctx.n}@example.ph` });
    await a.browser.post(actionPath(target, 'end-sessions'), { reason: 'by a' });
    const between = ctx.hub.clock.now();
    ctx.hub.clock.advance(60_000);
    await b.browser.post(actionPath(target, 'end-sessions'), { reason: 'by b' });
    const row = await ctx.db
      .selectFrom('audit_events')
      .select(['operator'])
      .where('account_id', '=', target)
      .where('event', '=', 'admin.sessions_ended')
      .orderBy('id')
      .execute();
    expect(row.map((r) => r.operator)).toEqual([a.id, b.id]);
    const reasons = async (query: string) =>
      (await get(a.browser, `${adminEndpoints.audit}?account=${target}&${query}`))
        .json()
        .events.map((e: { detail: { reason: string } }) => e.detail.reason);
    expect(await reasons(`operator=${b.id}`)).toEqual(['by b']);
    expect(await reasons(`operator=${a.id}`)).toEqual(['by a']);
    expect(await reasons(`to=${between + 1}`)).toEqual(['by a']);
    expect(await reasons(`from=${between + 1}`)).toEqual(['by b']);
  });

  it('filters the audit log by tool (the indexed column), whether the row names it `tool` or `tid`', async () => {
    const viewer = await operator('viewer');
    ctx.n += 1;
    const person = await seedAccount(ctx.hub, { email: `tooled${ctx.n}@example.ph` });
    const at = ctx.hub.clock.now();
    const row = (event: 'login.success' | 'sso.tool_refused', detail: Record<string, number | string>) =>
      recordAudit(ctx.db, { event, outcome: 'success', accountId: person, from: null, detail }, at);
    await row('login.success', { platform: 'psl', method: 'password', tool: 7001 });
    await row('sso.tool_refused', { platform: 'psl', method: 'password', tool: 7002 });
    await row('login.success', { platform: 'psl', method: 'password', tid: 7001 });
    const events = async (query: string) => {
      const answer = await get(viewer.browser, `${adminEndpoints.audit}?account=${person}&${query}`);
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().events.map((e: { event: string }) => e.event);
    };
    expect(await events('tool=7001')).toEqual(['login.success', 'login.success']);
    expect(await events('tool=7002')).toEqual(['sso.tool_refused']);
    expect(await events('tool=7003')).toEqual([]);
    for (const bad of ['tool=abc', 'tool=-1', 'tool=1.5']) {
      const refused = await get(viewer.browser, `${adminEndpoints.audit}?${bad}`);
      expect(refused.statusCode, bad).toBe(400);
    }
  });
});
