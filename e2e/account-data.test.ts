import { readFileSync } from 'node:fs';
import { meDataEndpoints, meEndpoints } from '@hub/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { openDatabase } from '../apps/server/src/storage/database.js';
import { journeyPassword } from './support/auth.js';
import { runHubCli } from './support/demo-tool.js';
import { screenshotsAtWidths, seriousViolations } from './support/page-checks.js';
import { useHubBrowserAndMail } from './support/setup.js';
import { shotsIn } from './support/shots.js';
import { logInByApi, signUpByApi } from './support/switching.js';

/**
 * "Your data" as a person uses it, in Chromium against the built hub and its real SMTP sink:
 * download everything and compare it with the hub's database, ask for the deletion (wrong password,
 * then the right one, from the keyboard), keep the account, ask again and cancel it by signing in
 * elsewhere. The erasure itself, seven days later, is proved by the integration test
 * apps/server/src/me/data.test.ts on SQLite and PostgreSQL, which moves the hub's clock (a built
 * hub's clock is the real one).
 */
const setup = useHubBrowserAndMail();
const shoot = shotsIn('account-data');

const screenshots = (page: Page, name: string) => screenshotsAtWidths(page, shoot, name);

const banner = (page: Page, text: string) => page.locator('[data-banner]').getByText(text, { exact: true });
const isFocused = (page: Page, name: string | RegExp, role: 'button' | 'heading' | 'textbox' = 'button') =>
  page
    .getByRole(role, { name })
    .last()
    .evaluate((element) => element === document.activeElement);

/** Reads the hub's own database (SQLite in WAL mode: a second reader beside the running hub is fine). */
const fromDatabase = async (databaseUrl: string, email: string) => {
  const database = openDatabase(databaseUrl);
  try {
    const { db } = database;
    const account = await db
      .selectFrom('accounts')
      .selectAll()
      .where('email', '=', email)
      .executeTakeFirstOrThrow();
    const [platforms, sessions, tools, signIns] = await Promise.all([
      db.selectFrom('platform_memberships').select('platform').where('account_id', '=', account.id).execute(),
      db.selectFrom('sessions').select(['ip', 'created_at']).where('account_id', '=', account.id).execute(),
      db.selectFrom('tool_memberships').select('tid').where('account_id', '=', account.id).execute(),
      db
        .selectFrom('audit_events')
        .select(['event', 'at'])
        .where('account_id', '=', account.id)
        .where('event', 'in', ['login.success', 'login.failure', 'signup.completed'])
        .execute(),
    ]);
    return { account, platforms, sessions, tools, signIns };
  } finally {
    await database.close();
  }
};

describe('the account center, Your data', () => {
  it('downloads the data as the database holds it, schedules the deletion, keeps the account, and a sign-in cancels it', async () => {
    const { hub, browser, sink } = setup;
    const email = 'melchora.aquino@example.ph';
    const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    const laptop = await browser.newContext({ viewport: { width: 1280, height: 900 } });
    await signUpByApi(context, hub.url, sink, 'psl', email);
    await logInByApi(laptop, hub.url, 'psl', email);
    runHubCli(hub.databaseUrl, ['tools', 'add-member', '201', email]);

    const page = await context.newPage();
    await page.goto(`${hub.url}/account/data`);
    await page.getByRole('button', { name: 'Delete account' }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'data');

    // The download: a real file, with the server's name, holding what the database holds.
    const [download] = await Promise.all([
      page.waitForEvent('download'),
      page.getByRole('button', { name: 'Download your data' }).click(),
    ]);
    expect(download.suggestedFilename()).toMatch(/^account-hub-data-\d{4}-\d\d-\d\d\.json$/);
    const data = JSON.parse(readFileSync(await download.path(), 'utf8'));
    const held = await fromDatabase(hub.databaseUrl, email);
    expect(data.account).toMatchObject({
      id: held.account.id,
      email,
      home_platform: 'psl',
      created_at: Number(held.account.created_at),
      has_password: true,
      deletion_due_at: null,
    });
    expect(data.platforms.map((p: { platform: string }) => p.platform)).toEqual(
      held.platforms.map((p) => p.platform).sort(),
    );
    expect(data.tools.map((t: { tid: number }) => t.tid)).toEqual([201]);
    expect(held.tools.map((t) => t.tid)).toEqual([201]);
    expect(data.sessions.map((s: { created_at: number }) => s.created_at).sort()).toEqual(
      held.sessions.map((s) => Number(s.created_at)).sort(),
    );
    expect(data.sessions).toHaveLength(2);
    expect(data.sign_ins.map((s: { event: string }) => s.event).sort()).toEqual(
      held.signIns.map((s) => s.event).sort(),
    );
    expect(JSON.stringify(data)).not.toContain(journeyPassword);
    expect(JSON.stringify(data)).not.toContain('password_hash');

    // The deletion, from the keyboard: the step takes the focus, Escape closes it and gives it back.
    await page.getByRole('button', { name: 'Delete account' }).focus();
    await page.keyboard.press('Enter');
    const password = page.getByLabel(/^Password/, { exact: false }).and(page.locator('input'));
    await password.waitFor();
    expect(await password.evaluate((input) => input === document.activeElement)).toBe(true);
    await page.keyboard.press('Escape');
    await page.getByTestId('delete-confirm').waitFor({ state: 'detached' });
    expect(await isFocused(page, 'Delete account')).toBe(true);
    await page.keyboard.press('Enter');
    await page.keyboard.type('Not-my-password-1!');
    await page.keyboard.press('Enter');
    await page.getByText('Incorrect password.').waitFor();
    expect(await password.evaluate((input) => input === document.activeElement)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'data-confirm');

    await password.fill('');
    await page.keyboard.type(journeyPassword);
    const beforeMail = sink.messages.length;
    await page.keyboard.press('Enter');
    const pending = page.getByTestId('deletion-pending');
    await pending.waitFor();
    expect(await pending.textContent()).toMatch(/Your account will be deleted on .+\d{4}/);
    expect(await isFocused(page, /Your account will be deleted on/, 'heading')).toBe(true);
    await banner(page, 'Your account is scheduled for deletion.').waitFor();
    // Seven days from now, as the hub answers; the laptop was signed out; the notice was mailed.
    const state = await (await context.request.get(`${hub.url}${meDataEndpoints.deletion}`)).json();
    expect(state.dueAt - state.requestedAt).toBe(7 * 24 * 60 * 60 * 1000);
    const dateShown = await pending.locator('time').getAttribute('datetime');
    expect(dateShown).toBe(new Date(state.dueAt).toISOString());
    expect((await laptop.request.get(`${hub.url}${meEndpoints.summary}`)).status()).toBe(401);
    const notice = await sink.waitFor(email, { after: beforeMail, timeoutMs: 15_000 });
    expect(notice.subject).toBe('Your Account Hub account will be deleted');
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'data-pending');

    // "Keep my account".
    await page.getByRole('button', { name: 'Keep my account' }).click();
    await banner(page, 'Your account will not be deleted.').waitFor();
    await pending.waitFor({ state: 'detached' });
    expect(
      (await (await context.request.get(`${hub.url}${meDataEndpoints.deletion}`)).json()).dueAt,
    ).toBeNull();

    // Asked again, then a sign-in from another browser cancels it.
    await page.getByRole('button', { name: 'Delete account' }).click();
    await password.fill(journeyPassword);
    await page.keyboard.press('Enter');
    await pending.waitFor();
    const phone = await browser.newContext({ viewport: { width: 375, height: 900 } });
    await logInByApi(phone, hub.url, 'psl', email);
    await page.reload();
    await page.getByRole('button', { name: 'Delete account' }).waitFor();
    expect(await pending.count()).toBe(0);
    expect(
      (await (await context.request.get(`${hub.url}${meDataEndpoints.deletion}`)).json()).dueAt,
    ).toBeNull();

    await phone.close();
    await laptop.close();
    await context.close();
  });
});
