import { authEndpoints } from '@hub/core';
import { describe, expect, it } from 'vitest';
import { policy } from '../policy.js';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub, type TestHub } from '../test-support/app.js';
import { auditEvents } from '../test-support/audit.js';
import { browserFor, signInWith } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import { describeDevice } from './device.js';

const chromeOnWindows =
  'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Safari/537.36';
const safariOnIphone =
  'Mozilla/5.0 (iPhone; CPU iPhone OS 18_1 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/18.1 Mobile/15E148 Safari/604.1';

/** Every mail delivered to `to` so far, oldest first. */
const mailsTo = async (hub: TestHub, to: string) => {
  await hub.mailWorker.runOnce();
  return hub.devMailbox?.list({ to }) ?? [];
};
const noticesIn = <M extends { subject: string }>(mails: M[], subject: RegExp) =>
  mails.filter((mail) => subject.test(mail.subject));

describe('the device a user agent names', () => {
  it('reads the browser and system, and nothing from an empty or odd agent', () => {
    expect(describeDevice(chromeOnWindows)).toEqual({ browser: 'Chrome', os: 'Windows' });
    expect(describeDevice(safariOnIphone)).toEqual({ browser: 'Safari', os: 'iPhone' });
    expect(describeDevice(undefined)).toBeNull();
    expect(describeDevice('curl/8.5.0')).toBeNull();
  });
});

describe.each(testDialects)('new-device notices on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.19.91' });
  const email = () => `device${ctx.n}@example.ph`;

  it('mails one notice for a sign-in from a new browser, and none for the same browser again', async () => {
    await seedAccount(ctx.hub, { email: email() });
    // The first known browser of the account: recorded, nothing to tell.
    await signInWith(ctx.browser, email());
    expect(noticesIn(await mailsTo(ctx.hub, email()), /new sign-in/i)).toHaveLength(0);
    expect(ctx.browser.cookies.get('hub_device')).toMatch(/^[A-Za-z0-9_-]{32,64}$/);

    const stranger = browserFor(ctx.hub, '198.19.92.1');
    stranger.userAgent = chromeOnWindows;
    await signInWith(stranger, email());
    const first = noticesIn(await mailsTo(ctx.hub, email()), /new sign-in/i);
    expect(first).toHaveLength(1);
    expect(first[0]?.text).toContain('Chrome on Windows');
    expect(first[0]?.text).toContain(`${ctx.hub.config.publicUrl}/account/sessions`);
    expect(first[0]?.html).toContain('Review your devices');

    // The same browser again (its device cookie kept): no second notice.
    await signInWith(stranger, email());
    await signInWith(ctx.browser, email());
    expect(noticesIn(await mailsTo(ctx.hub, email()), /new sign-in/i)).toHaveLength(1);
  });

  it("writes the notice in the person's language (Filipino), not the new browser's", async () => {
    await seedAccount(ctx.hub, { email: email() });
    ctx.browser.cookies.set('hub_lng', 'fil');
    await signInWith(ctx.browser, email());
    const stranger = browserFor(ctx.hub, '198.19.92.2');
    stranger.userAgent = safariOnIphone;
    await signInWith(stranger, email());
    const mails = noticesIn(await mailsTo(ctx.hub, email()), /bagong pag-sign in/i);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain('Safari sa iPhone');
    expect(mails[0]?.html).toContain('lang="fil"');
  });

  it('sends no more than the hourly share of notices to one account', async () => {
    await seedAccount(ctx.hub, { email: email() });
    await signInWith(ctx.browser, email());
    for (let i = 0; i < 8; i += 1) await signInWith(browserFor(ctx.hub, `198.19.93.${i + 1}`), email());
    expect(noticesIn(await mailsTo(ctx.hub, email()), /new sign-in/i)).toHaveLength(5);
  });

  it("commits a known browser's sign-in whole: its session, its time and language, a deletion cancelled", async () => {
    const id = await seedAccount(ctx.hub, { email: email() });
    await signInWith(ctx.browser, email());
    const device = () =>
      ctx.db
        .selectFrom('known_devices')
        .select(['last_seen_at', 'language'])
        .where('account_id', '=', id)
        .executeTakeFirstOrThrow();
    const seenFirst = await device();
    // The person asked for their account's deletion, then signs in again from the same browser, in
    // Filipino now: no notice, and everything the sign-in writes is there when its answer comes.
    await ctx.db
      .updateTable('accounts')
      .set({ deletion_requested_at: ctx.hub.clock.now(), deletion_due_at: ctx.hub.clock.now() + 86_400_000 })
      .where('id', '=', id)
      .execute();
    ctx.hub.clock.advance(60_000);
    ctx.browser.cookies.set('hub_lng', 'fil');
    const sessionsBefore = (
      await ctx.db.selectFrom('sessions').select('id').where('account_id', '=', id).execute()
    ).length;
    await signInWith(ctx.browser, email());
    expect(await device()).toEqual({ last_seen_at: seenFirst.last_seen_at + 60_000, language: 'fil' });
    const sessions = await ctx.db.selectFrom('sessions').select('id').where('account_id', '=', id).execute();
    expect(sessions).toHaveLength(sessionsBefore + 1);
    const account = await ctx.db
      .selectFrom('accounts')
      .select(['deletion_requested_at', 'deletion_due_at'])
      .where('id', '=', id)
      .executeTakeFirstOrThrow();
    expect(account).toEqual({ deletion_requested_at: null, deletion_due_at: null });
    expect(await auditEvents(ctx.hub, { accountId: id, event: 'account.deletion_cancelled' })).toHaveLength(
      1,
    );
    expect(noticesIn(await mailsTo(ctx.hub, email()), /new sign-in|bagong pag-sign in/i)).toHaveLength(0);
    // The session answers as the browser's own.
    const me = await ctx.browser.get('/api/me');
    expect(me.statusCode).toBe(200);
  });

  it('keeps a bounded number of browsers per account, forgetting the longest unused', async () => {
    const id = await seedAccount(ctx.hub, { email: email() });
    await signInWith(ctx.browser, email());
    // Clients that keep no cookies: each sign-in is a browser never seen before.
    for (let i = 0; i < policy.knownDevicesPerAccount + 3; i += 1) {
      ctx.hub.clock.advance(1000);
      await signInWith(browserFor(ctx.hub, `198.19.95.${i + 1}`), email());
      if (i === 3) {
        // The person's own browser, used again meanwhile, stays among the most recent.
        ctx.hub.clock.advance(1000);
        await signInWith(ctx.browser, email());
      }
    }
    const rows = await ctx.db
      .selectFrom('known_devices')
      .select(['device_hash'])
      .where('account_id', '=', id)
      .execute();
    expect(rows).toHaveLength(policy.knownDevicesPerAccount);
    const before = noticesIn(await mailsTo(ctx.hub, email()), /new sign-in/i).length;
    ctx.hub.clock.advance(2 * 60 * 60 * 1000);
    await signInWith(ctx.browser, email());
    expect(noticesIn(await mailsTo(ctx.hub, email()), /new sign-in/i)).toHaveLength(before);
  });
});

describe.each(testDialects)('the wrong-password notice on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '198.19.94' });
  const email = () => `limit${ctx.n}@example.ph`;

  it('mails the person once when wrong passwords reach the limit', async () => {
    await seedAccount(ctx.hub, { email: email() });
    for (let i = 0; i < policy.freePasswordFailures + 2; i += 1) {
      ctx.hub.clock.advance(policy.passwordDelayMaxMs);
      const first = await ctx.browser.post(authEndpoints.loginIdentify, {
        platform: 'psl',
        account: email(),
      });
      await ctx.browser.post(authEndpoints.loginPassword, {
        flowId: first.json().flowId,
        password: 'Wrong-1-pass!',
      });
    }
    const mails = noticesIn(await mailsTo(ctx.hub, email()), /wrong passwords/i);
    expect(mails).toHaveLength(1);
    expect(mails[0]?.text).toContain(`${ctx.hub.config.publicUrl}/account/security`);
  });
});
