import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../apps/server/src/test-support/database-url.js';
import { type SmtpSink, startSmtpSink } from '../apps/server/src/test-support/smtp-sink.js';
import { field, journeyPassword, requestAndEnterCode } from './support/auth.js';
import { launchBrowser } from './support/browser.js';
import { type RunningHub, startHub } from './support/hub.js';
import { shownByExample, startRegisteredOidcExample } from './support/oidc-example.js';
import { freePort, type NodeProcess } from './support/process.js';
import { signUpByApi } from './support/switching.js';

/**
 * Issue #15's check, end to end: a relying party written only against the hub's published
 * interface (examples/oidc-client, openid-client v6) is registered by the operator's CLI
 * (`hub clients add`, run as a process on the hub's database) as a third-party client, and signs
 * people in through the hub's own screens in Chromium: a new user by sign-up (prompt=create, and
 * from the login's Sign up link), an existing user by login, each through the consent screen;
 * it verifies the ID token, fetches userinfo, refreshes and logs out (RP-initiated); a person who
 * forgot their password resets it in the middle of the client's sign-in and still ends there. On SQLite,
 * and on PostgreSQL when TEST_DATABASE_URL is set (a database of its own, dropped afterwards).
 */
const dialects = ['sqlite', ...(process.env.TEST_DATABASE_URL ? (['postgres'] as const) : [])] as const;

describe.each(dialects)('a relying party registered with hub clients add, on %s', (dialect) => {
  let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
  let sink: SmtpSink;
  let hub: RunningHub;
  let browser: Browser;
  let example: NodeProcess;
  let exampleUrl: string;
  let clientId: string;
  const stamp = `${dialect}-${Date.now()}`;

  beforeAll(async () => {
    [database, sink, browser] = await Promise.all([
      createTestDatabaseUrl(dialect),
      startSmtpSink(),
      launchBrowser(),
    ]);
    const examplePort = await freePort();
    exampleUrl = `http://localhost:${examplePort}`;
    hub = await startHub({
      DATABASE_URL: database.url,
      SMTP_URL: sink.url,
      MAIL_FROM: 'Account Hub <hub@example.ph>',
    });
    // As an operator registers a partner's tool: confidential, not first-party (consent asked).
    ({ example, clientId } = await startRegisteredOidcExample(examplePort, hub));
  });
  afterAll(async () => {
    await browser?.close();
    await example?.end('SIGTERM');
    await hub?.stop();
    await sink?.stop();
    await database?.drop();
  });

  /** The hub's sign-up screens from the email step: the code from the real mail, then the password. */
  const signUpOnScreens = async (page: Page, email: string) => {
    await requestAndEnterCode(page, sink, email, 'Email');
    await page.waitForURL(/\/registration\/finalize\?/);
    await page.getByLabel(field('Password')).fill(journeyPassword);
    await page.getByRole('button', { name: 'Submit' }).click();
  };

  /** An account made through the API (its own browser), for a journey that signs in with it. */
  const existingAccount = async (email: string) => {
    const seeding = await browser.newContext();
    await signUpByApi(seeding, hub.url, sink, 'psl', email);
    await seeding.close();
  };

  /** A fresh browser on the example, sent by its "Sign in" to the hub's screens; the caller closes it. */
  const signInFromExample = async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(exampleUrl);
    await page.getByTestId('oidc-sign-in').click();
    await page.waitForURL((url) => url.origin === hub.url && url.searchParams.has('oidc'));
    return { context, page };
  };

  /** The hub's identifier-first login: the account step, then the password step. */
  const logInOnScreens = async (page: Page, email: string, password = journeyPassword) => {
    await page.getByLabel('Email, mobile number or username').fill(email);
    await page.keyboard.press('Enter');
    await page.getByLabel(field('Password')).fill(password);
    await page.keyboard.press('Enter');
  };

  /** The consent screen names the client; Allow sends the browser back to the example. */
  const allow = async (page: Page) => {
    await page
      .locator('[data-screen="oidc_consent"]')
      .waitFor()
      .catch(async (error: Error) => {
        // Say where the browser was instead, and what it showed, rather than only that it waited.
        const shown = await page
          .locator('[role="alert"], [data-screen]')
          .allInnerTexts()
          .catch(() => []);
        throw new Error(`no consent screen at ${page.url()}: ${JSON.stringify(shown)} (${error.message})`);
      });
    await page.getByTestId('oidc-client-name').getByText('Independent Reviews').waitFor();
    await page.getByRole('button', { name: 'Allow' }).click();
    await page.waitForURL(`${exampleUrl}/`);
  };

  /** What the example verified: the ID token (issuer, audience, nonce) and userinfo for `email`. */
  const expectSignedIn = async (page: Page, email: string) => {
    const shown = await shownByExample(page);
    expect(shown.email).toBe(email);
    expect(shown.claims).toMatchObject({ iss: hub.url, aud: clientId, sub: shown.sub });
    expect(typeof shown.claims.nonce).toBe('string');
    expect(shown.userinfo).toMatchObject({
      sub: shown.sub,
      email,
      email_verified: true,
      platforms: ['psl'],
      account_type: expect.any(Number),
    });
    return shown;
  };

  /** Refresh, then RP-initiated logout: the hub asks, ends its session and returns to the example. */
  const refreshAndLogOut = async (page: Page, sub: string) => {
    await page.getByTestId('oidc-refresh').click();
    await expect.poll(async () => (await shownByExample(page)).refreshes).toBe('1');
    const refreshed = await shownByExample(page);
    expect(refreshed.sub).toBe(sub);
    expect(refreshed.userinfo).toMatchObject({ sub });

    await page.getByTestId('oidc-logout').click();
    await page.waitForURL((url) => url.origin === hub.url);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${exampleUrl}/signed-out`);
    await page.getByTestId('oidc-signed-out').waitFor();
    // The hub session ended with it: the next sign-in asks for the account again.
    await page.goto(exampleUrl);
    await page.getByTestId('oidc-sign-in').click();
    await page.waitForURL((url) => url.origin === hub.url && url.pathname === '/psl/login');
    await page.getByLabel('Email, mobile number or username').waitFor();
  };

  it('signs a new user up from the client (prompt=create), refreshes, reads userinfo and logs out', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    const email = `new-${stamp}@example.ph`;
    await page.goto(exampleUrl);
    await page.getByTestId('oidc-sign-up').click();
    await page.waitForURL(
      (url) => url.origin === hub.url && url.pathname === '/psl/registration' && url.searchParams.has('oidc'),
    );
    await signUpOnScreens(page, email);
    await allow(page);
    const shown = await expectSignedIn(page, email);
    await refreshAndLogOut(page, shown.sub);
    await context.close();
  });

  it('signs a new user up through the Sign up link of the login screen', async () => {
    const email = `via-login-${stamp}@example.ph`;
    const { context, page } = await signInFromExample();
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL((url) => url.pathname === '/psl/registration' && url.searchParams.has('oidc'));
    await signUpOnScreens(page, email);
    await allow(page);
    await expectSignedIn(page, email);
    await context.close();
  });

  it('signs an existing user in on the login screens; the consent is remembered next time', async () => {
    const email = `existing-${stamp}@example.ph`;
    await existingAccount(email);
    const { context, page } = await signInFromExample();
    await logInOnScreens(page, email);
    await allow(page);
    const shown = await expectSignedIn(page, email);
    await refreshAndLogOut(page, shown.sub);

    // Signed out, in again: the password is asked, the consent is not.
    await logInOnScreens(page, email);
    await page.waitForURL(`${exampleUrl}/`);
    expect((await expectSignedIn(page, email)).sub).toBe(shown.sub);
    await context.close();
  });

  it('ends at the client although an abandoned tool sign-in left its tool session in the browser', async () => {
    const email = `abandoned-tool-${stamp}@example.ph`;
    await existingAccount(email);
    const context = await browser.newContext();
    const page = await context.newPage();
    // What a tool sign-in that was started and left behind keeps in the browser (spec §3).
    await page.goto(`${hub.url}/manifest.webmanifest`); // same origin, no app to run
    await page.evaluate(() => localStorage.setItem('pm_tool_session', '{"tid":201,"platform":"psl"}'));
    await page.goto(exampleUrl);
    await page.getByTestId('oidc-sign-in').click();
    await page.waitForURL((url) => url.origin === hub.url && url.searchParams.has('oidc'));
    const uid = new URL(page.url()).searchParams.get('oidc');
    // The application-load check removes the stale session without dropping the interaction.
    await page.waitForFunction(() => localStorage.getItem('pm_tool_session') === null);
    expect(new URL(page.url()).searchParams.get('oidc')).toBe(uid);
    await logInOnScreens(page, email);
    await allow(page);
    await expectSignedIn(page, email);
    await context.close();
  });

  it('keeps the client sign-in through "Forgot password?": reset with the mailed code, log in, back at the client', async () => {
    const email = `reset-${stamp}@example.ph`;
    await existingAccount(email);
    const { context, page } = await signInFromExample();
    const uid = new URL(page.url()).searchParams.get('oidc');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(
      (url) => url.pathname === '/psl/reset/password' && url.searchParams.get('oidc') === uid,
    );
    await requestAndEnterCode(page, sink, email, 'Email, mobile number or username');
    await page.waitForURL(/\/psl\/reset\/password\/finalize\?/);
    const newPassword = 'Bagong-Simula-2027!';
    await page.getByLabel(field('New password')).fill(newPassword);
    await page.getByLabel(field('Re-enter password')).fill(newPassword);
    await page.keyboard.press('Enter');
    // The reset returns to the login of the same authorization request.
    await page.waitForURL((url) => url.pathname === '/psl/login' && url.searchParams.get('oidc') === uid);
    await logInOnScreens(page, email, newPassword);
    await allow(page);
    await expectSignedIn(page, email);
    await context.close();
  });
});
