import { authEndpoints, decodeSainfo } from '@hub/core';
import * as argon2 from '@node-rs/argon2';
import { describe, expect, it } from 'vitest';
import { hashIsCurrent } from '../../services/passwords.js';
import { seedAccount } from '../../test-support/accounts.js';
import { setUpTestHub } from '../../test-support/app.js';
import { auditEvents } from '../../test-support/audit.js';
import { strongPassword } from '../../test-support/client.js';
import { testDialects } from '../../test-support/databases.js';
import {
  expectClientRefusedOnBothPlatforms,
  expectUnknownAndBlankAccountsRefused,
  expectWrongPasswordRefused,
} from '../../test-support/refusals.js';
import { passwordDelayMs } from './flow.js';

describe('passwordDelayMs', () => {
  it('is free for 10 failures, then grows from 30 s and stops at an hour', () => {
    expect(passwordDelayMs(9)).toBe(0);
    expect(passwordDelayMs(10)).toBe(30_000);
    expect(passwordDelayMs(11)).toBe(60_000);
    expect(passwordDelayMs(40)).toBe(3_600_000);
  });
});

describe.each(testDialects)('login on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '192.0.2' });
  const email = () => `login${ctx.n}@example.ph`;

  const identify = (account: string, platform = 'psl') =>
    ctx.browser.post(authEndpoints.loginIdentify, { platform, account });
  const password = (flowId: string, value: string) =>
    ctx.browser.post(authEndpoints.loginPassword, { flowId, password: value });

  it('logs in identifier first and exits to the platform site with ainfo and a session', async () => {
    await seedAccount(ctx.hub, { email: email() });
    const first = await identify(` ${email().toUpperCase()} `);
    expect(first.statusCode).toBe(200);
    expect(first.json()).toMatchObject({ next: 'password', account: { kind: 'email' } });
    const done = await password(first.json().flowId, strongPassword);
    expect(done.statusCode).toBe(200);
    expect(done.json().location).toMatch(
      new RegExp(`^${ctx.hub.config.platformUrls.psl}/sso/account/auth\\?ainfo=`),
    );
    expect(done.cookies.find((c) => c.name === 'hub_session')).toMatchObject({
      httpOnly: true,
      sameSite: 'Lax',
    });
    const events = await auditEvents(ctx.hub, { event: 'login.success' });
    expect(events.length).toBeGreaterThan(0);
  });

  it('finds a mobile number typed with its leading 0, and shows it with +63', async () => {
    await seedAccount(ctx.hub, { email: email(), mobile: '9171234567' });
    const res = await identify('09171234567');
    expect(res.json()).toMatchObject({
      next: 'password',
      account: { kind: 'mobile_num', display: '+639171234567' },
    });
  });

  it("answers 'Account does not exist' for an unknown account and 'Account is required' for none", async () => {
    await expectUnknownAndBlankAccountsRefused(identify);
  });

  it('refuses a client account on both platforms and a company account on Personal only', async () => {
    await seedAccount(ctx.hub, {
      email: `client${ctx.n}@example.ph`,
      userType: 5,
      platforms: ['psl', 'biz'],
    });
    await expectClientRefusedOnBothPlatforms(identify, `client${ctx.n}@example.ph`);
    await seedAccount(ctx.hub, { email: `company${ctx.n}@example.ph`, userType: 2, platforms: ['biz'] });
    expect((await identify(`company${ctx.n}@example.ph`, 'psl')).json().code).toBe(
      'account.company_on_personal',
    );
    expect((await identify(`company${ctx.n}@example.ph`, 'biz')).json().next).toBe('password');
  });

  it('sends an account of the other platform to switching option1 with a sainfo', async () => {
    await seedAccount(ctx.hub, { email: email(), platforms: ['psl'] });
    const res = await ctx.browser.post(authEndpoints.loginIdentify, {
      platform: 'biz',
      account: email(),
      context: { from: '{"tid":5}' },
    });
    const target = new URL(res.json().location, 'http://x');
    expect(target.pathname).toBe('/biz/switching/option1');
    expect(target.searchParams.get('from')).toBe('{"tid":5}');
    const sainfo = decodeSainfo(target.searchParams.get('sainfo'));
    expect(sainfo.ok && sainfo.value).toMatchObject({ va: 'email', step: 1 });
  });

  it("answers 'Incorrect password.' and keeps the flow at the password step", async () => {
    await seedAccount(ctx.hub, { email: email() });
    const flowId = (await identify(email())).json().flowId;
    await expectWrongPasswordRefused((value) => password(flowId, value));
    expect((await password(flowId, strongPassword)).statusCode).toBe(200);
    expect((await password(flowId, strongPassword)).json().code).toBe('flow.not_found');
  });

  it('hashes a right password made with older parameters again, once, and leaves a wrong one alone', async () => {
    const id = await seedAccount(ctx.hub, { email: email() });
    // A hash as hubs made them before 2026-12: m = 19 MiB, t = 2.
    const older = await argon2.hash(strongPassword, { algorithm: 2, memoryCost: 19456, timeCost: 2 });
    await ctx.hub.database.db
      .updateTable('accounts')
      .set({ password_hash: older })
      .where('id', '=', id)
      .execute();
    const stored = async () =>
      ctx.hub.database.db
        .selectFrom('accounts')
        .select(['password_hash', 'password_changed_at'])
        .where('id', '=', id)
        .executeTakeFirstOrThrow();
    const before = await stored();
    await expectWrongPasswordRefused(async (value) =>
      password((await identify(email())).json().flowId, value),
    );
    expect((await stored()).password_hash).toBe(older);
    expect((await password((await identify(email())).json().flowId, strongPassword)).statusCode).toBe(200);
    const upgraded = await stored();
    expect(hashIsCurrent(upgraded.password_hash!)).toBe(true);
    expect(upgraded.password_changed_at).toBe(before.password_changed_at);
    expect((await password((await identify(email())).json().flowId, strongPassword)).statusCode).toBe(200);
    expect((await stored()).password_hash).toBe(upgraded.password_hash);
  });

  it('takes a password with # (it travels in the body, never the URL)', async () => {
    await seedAccount(ctx.hub, { email: email(), password: 'Hash#tag-2026' });
    const flowId = (await identify(email())).json().flowId;
    expect((await password(flowId, 'Hash#tag-2026')).statusCode).toBe(200);
  });

  it('delays the 11th consecutive wrong password, grows the delay, and resets on success', async () => {
    const id = await seedAccount(ctx.hub, { email: email() });
    const flowId = (await identify(email())).json().flowId;
    for (let i = 0; i < 10; i++) expect((await password(flowId, `Wrong-${i}-pass`)).statusCode).toBe(401);
    const blocked = await password(flowId, strongPassword);
    expect(blocked.statusCode).toBe(429);
    expect(blocked.json()).toMatchObject({ code: 'rate_limited', params: { seconds: 30 }, retryAfter: 30 });
    ctx.hub.clock.advance(30_000);
    expect((await password(flowId, 'Wrong-again-1')).statusCode).toBe(401);
    expect((await password(flowId, strongPassword)).json().retryAfter).toBe(60);
    ctx.hub.clock.advance(60_000);
    expect((await password(flowId, strongPassword)).statusCode).toBe(200);
    const account = await ctx.hub.hub.accounts.findById(id);
    expect(account).toMatchObject({ failed_password_count: 0, password_blocked_until: null });
  });

  it('limits account look-ups per client IP and lets them again in the next minute', async () => {
    ctx.hub.clock.set(Math.ceil(ctx.hub.clock.now() / 60_000) * 60_000);
    for (let i = 0; i < 60; i++) expect((await identify(`nobody${i}@example.ph`)).statusCode).toBe(404);
    const refused = await identify('nobody@example.ph');
    expect(refused.statusCode).toBe(429);
    expect(refused.json().retryAfter).toBe(60);
    ctx.hub.clock.advance(60_000);
    expect((await identify('nobody@example.ph')).statusCode).toBe(404);
  });
});
