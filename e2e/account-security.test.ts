import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../apps/server/src/test-support/smtp-sink.js';
import {
  codeFromMail,
  field,
  journeyPassword,
  logInToPasswordStep,
  signUp,
  typeCode,
} from './support/auth.js';
import { launchBrowser, widths } from './support/browser.js';
import { type RunningHub, startHub } from './support/hub.js';
import { axeViolations } from './support/page-checks.js';
import { shotsIn, takingShots } from './support/shots.js';
import { type SocialStandIns, startSocialStandIns } from './support/social.js';

/**
 * The "Sign-in & security" page as a person uses it, in Chromium against the built hub: the mail
 * comes through the real SMTP sink, Google through the loopback stand-in. (useHubBrowserAndMail
 * takes no provider configuration, so this file starts the same three itself, as social.test does.)
 */
let hub: RunningHub;
let sink: SmtpSink;
let browser: Browser;
let providers: SocialStandIns;

beforeAll(async () => {
  sink = await startSmtpSink();
  providers = await startSocialStandIns();
  [hub, browser] = await Promise.all([
    startHub({ SMTP_URL: sink.url, MAIL_FROM: 'Account Hub <hub@example.ph>', ...providers.hubEnv }),
    launchBrowser(),
  ]);
  providers.registerHub(hub.url);
});
afterAll(async () => {
  await browser?.close();
  await hub?.stop();
  await providers?.stop();
  await sink?.stop();
});

/** A fresh browser (its own cookies) that may reach nothing but loopback. */
const openPage = async (width: number): Promise<Page> => {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => route.abort());
  return context.newPage();
};

/** What this browser's next call to the hub gets: the account center's own read. */
const meStatus = (page: Page) =>
  page.evaluate(async () => (await fetch('/api/me', { credentials: 'same-origin' })).status);

const expectNoAxeViolations = async (page: Page) => {
  expect(await axeViolations(page)).toEqual([]);
};

const banner = (page: Page, text: string) => page.locator('[data-banner]').getByText(text, { exact: true });

const newPassword = 'Bagong-Hub-Password-7!';

const shoot = shotsIn('account-security');

/** With SHOTS_DIR set: a full-page screenshot of the page as it is now, at 375 px, then back to its width. */
const shot = async (page: Page, name: string) => {
  if (!takingShots()) return;
  const size = page.viewportSize();
  await page.setViewportSize({ width: 375, height: 900 });
  await shoot(page, `${name}-375`);
  if (size) await page.setViewportSize(size);
};

describe('sign-in and security in Chromium', () => {
  it('changes the password ending the other browser’s session, then the email with a code from the mail', async () => {
    const email = 'jose.rizal@example.ph';
    const newEmail = 'pepe.rizal@example.ph';
    const first = await openPage(1280);
    await signUp(first, hub.url, sink, 'psl', email);
    const second = await openPage(800);
    await logInToPasswordStep(second, hub.url, 'psl', email);
    await second.getByLabel(field('Password')).fill(journeyPassword);
    await second.keyboard.press('Enter');
    await second.waitForURL(/\/demo\/psl\/sso\/account\/auth\?ainfo=/);
    await second.goto(`${hub.url}/account/security`);
    await second.getByRole('heading', { name: 'Password' }).waitFor();

    await first.goto(`${hub.url}/account/security`);
    await first.getByRole('button', { name: 'Change password' }).click();
    await first.getByLabel(field('Current password')).fill('Not-the-password-1');
    await first.getByLabel(field('New password')).fill(newPassword);
    await first.getByTestId('strength-meter').and(first.locator('[data-strength="Strong"]')).waitFor();
    await first.getByLabel(/Sign out of my other devices/).check();
    await expectNoAxeViolations(first);
    await shot(first, 'password-form');
    await first.getByRole('button', { name: 'Change password' }).click();
    await first.getByText('Incorrect password.').waitFor();
    await first.getByLabel(field('Current password')).fill(journeyPassword);
    const beforeNotice = sink.messages.length;
    await first.keyboard.press('Enter');
    await banner(first, 'Password successfully updated').waitFor();
    await first.getByText('You were signed out of 1 other device.').waitFor();
    // The other browser's next request is refused; this one's still answers.
    expect(await meStatus(second)).toBe(401);
    expect(await meStatus(first)).toBe(200);
    const notice = await sink.waitFor(email, { after: beforeNotice, timeoutMs: 15_000 });
    expect(notice.subject).toBe('Your Account Hub password was changed');
    expect(notice.text).toContain('Your other devices were signed out.');

    // The email: the new address gets the code, the old one the notice.
    const before = sink.messages.length;
    await first.getByRole('button', { name: 'Change email' }).click();
    await first.getByLabel(field('New email')).fill(newEmail);
    await first.getByLabel(field('Current password')).fill(newPassword);
    await first.keyboard.press('Enter');
    await first.getByLabel('Digit 1 of 6').waitFor();
    await first.getByText(`Enter the code we sent to ${newEmail}.`, { exact: false }).waitFor();
    await expectNoAxeViolations(first);
    await shot(first, 'email-code');
    await typeCode(first, await codeFromMail(sink, newEmail, before));
    await banner(first, `Your email is now ${newEmail}.`).waitFor();
    await first.locator('[data-panel="email"]').getByText(newEmail, { exact: true }).waitFor();
    const moved = await sink.waitFor(email, { after: before, timeoutMs: 15_000 });
    expect(moved.subject).toBe('Your Account Hub email address was changed');

    // The new address and password sign in; the old address no longer does.
    const third = await openPage(375);
    await logInToPasswordStep(third, hub.url, 'psl', newEmail);
    await third.getByLabel(field('Password')).fill(newPassword);
    await third.keyboard.press('Enter');
    await third.waitForURL(/\/demo\/psl\/sso\/account\/auth\?ainfo=/);
    await third.goto(`${hub.url}/psl/login`);
    await third.getByLabel('Email, mobile number or username').fill(email);
    await third.keyboard.press('Enter');
    await third.getByText('Account does not exist').first().waitFor();

    for (const context of [first, second, third]) await context.context().close();
  });

  it('links Google through the provider and unlinks it, and looks right at every width', async () => {
    const email = 'gregoria.dejesus@example.ph';
    const page = await openPage(1280);
    await signUp(page, hub.url, sink, 'psl', email);
    await page.goto(`${hub.url}/account/security`);
    providers.google.next({ sub: 'google-gregoria', email: 'oryang@gmail.example', email_verified: true });
    await page.getByRole('link', { name: 'Link Google' }).click();
    await page.waitForURL(`${hub.url}/account/security`);
    await banner(page, 'Google is now linked to your account.').waitFor();
    const google = page.locator('[data-provider="google"]');
    await google.getByText(/^Linked as oryang@gmail\.example since /).waitFor();

    for (const width of widths) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, `security-${width}`);
      // Nothing sticks out sideways at any width.
      expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(width);
    }
    await expectNoAxeViolations(page);

    await google.getByRole('button', { name: 'Unlink Google' }).click();
    await google.getByRole('button', { name: 'Yes, unlink Google' }).click();
    await banner(page, 'Google is no longer linked to your account.').waitFor();
    await google.getByText('Not linked').waitFor();
    await page.context().close();
  });
});
