import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { logInToPasswordStep, signUp, typeCode } from './support/auth.js';
import { runHubCli } from './support/demo-tool.js';
import { addAuthenticator, openContextPage, signInWithAuthenticator } from './support/operator.js';
import { useHubBrowserAndMail } from './support/setup.js';
import { shotsIn } from './support/shots.js';

const setup = useHubBrowserAndMail();
const shoot = shotsIn('admin-console');
const operatorEmail = 'melchora.aquino@example.ph';
const personEmail = 'diego.silang@example.ph';

const openPage = (width = 1280) => openContextPage(setup.browser, width);

/** Runs one action of the account page through its reason dialog. */
const act = async (page: Page, action: string, reason: string) => {
  await page.getByRole('button', { name: action, exact: true }).click();
  await page.getByLabel('Reason (goes into the audit log)').fill(reason);
  await page.getByRole('button', { name: 'Confirm' }).click();
  await page.getByRole('status').getByText('Done.').waitFor();
};

describe('the operator console in Chromium', () => {
  it('an operator granted by the command line signs in with an authenticator code, finds an account, ends its sessions, locks and unlocks it, and finds each action with its reason in the audit log', async () => {
    // The person, signed in in their own browser.
    const personPage = await openPage(800);
    await signUp(personPage, setup.hub.url, setup.sink, 'psl', personEmail);

    // The operator: an account with an authenticator app, granted support from the command line.
    const setupPage = await openPage();
    await signUp(setupPage, setup.hub.url, setup.sink, 'psl', operatorEmail);
    const secret = await addAuthenticator(setupPage, setup.hub.url);
    await setupPage.context().close();
    runHubCli(setup.hub.databaseUrl, ['operators', 'grant', operatorEmail, '--role', 'support']);

    // Without a second factor in this session, and for the person, /admin is no page.
    expect((await personPage.goto(`${setup.hub.url}/admin`))?.status()).toBe(404);

    const page = await openPage();
    await signInWithAuthenticator(page, setup.hub.url, operatorEmail, secret);

    expect((await page.goto(`${setup.hub.url}/admin`))?.status()).toBe(200);
    await page.getByText('Operator console').first().waitFor();
    // The landing page: the last hour's charts (uPlot canvases), each with its text summary.
    await page.locator('[data-overview-chart="signIns"] canvas').waitFor();
    expect(await page.locator('[data-overview-summary]').count()).toBe(5);
    await page
      .locator('[data-overview-summary="signIns"]')
      .getByText(/in the last hour/)
      .waitFor();
    for (const width of [375, 800, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, `overview-${width}`);
    }
    await page.getByRole('tab', { name: 'Accounts' }).click();
    await page.getByLabel('Email, account id or name').fill('diego.s');
    await page.keyboard.press('Enter');
    await page.getByRole('button', { name: new RegExp(personEmail) }).click();
    await page.locator('[data-admin-session]').first().waitFor();
    for (const width of [375, 800, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, `account-${width}`);
    }

    await act(page, 'End sessions', 'the person lost their phone');
    const signedOut = await personPage.goto(`${setup.hub.url}/api/me`);
    expect(signedOut?.status()).toBe(401);
    await act(page, 'Lock sign-in', 'someone guesses the password');
    await page.getByText('Sign-in locked').first().waitFor();

    // The person is refused, with the clear message.
    await logInToPasswordStep(personPage, setup.hub.url, 'psl', personEmail).catch(() => undefined);
    await personPage.getByText('Sign-in to this account is locked. Please contact support.').waitFor();

    await act(page, 'Unlock sign-in', 'identity confirmed by phone');

    // A reset code from support: the person opens the mail's link in their own browser and enters the code.
    const mailsBefore = setup.sink.messages.length;
    await page.getByRole('button', { name: 'Send a password-reset code', exact: true }).click();
    await page.getByLabel('Reason (goes into the audit log)').fill('forgot the password, called support');
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.getByRole('status').getByText(`A password-reset code was sent to ${personEmail}.`).waitFor();
    const resetMail = await setup.sink.waitFor(personEmail, { after: mailsBefore, timeoutMs: 15_000 });
    const resetLink = /https?:\/\/\S+\?reset=[A-Za-z0-9_-]+/.exec(resetMail.text)?.[0];
    const resetCode = /^\s*(\d{6})\s*$/m.exec(resetMail.text)?.[1];
    expect(resetLink && resetCode).toBeTruthy();
    await personPage.goto(resetLink!);
    await personPage.getByText('Support sent a verification code to your email.', { exact: false }).waitFor();
    await typeCode(personPage, resetCode!);
    await personPage.waitForURL(/\/psl\/reset\/password\/finalize/);
    await page.getByRole('tab', { name: 'Audit log' }).click();
    for (const reason of [
      'the person lost their phone',
      'someone guesses the password',
      'identity confirmed by phone',
      'forgot the password, called support',
    ])
      await page.getByText(`Reason: ${reason}`).waitFor();
    // The time filter: a window that ends before the actions holds none of them.
    await page.getByLabel('To', { exact: true }).fill('2020-01-01T00:00');
    await page.getByRole('button', { name: 'Filter' }).click();
    await page.getByText('Reason: identity confirmed by phone').waitFor({ state: 'detached' });
    for (const width of [375, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, `audit-${width}`);
    }
    await page.getByRole('button', { name: 'Clear' }).click();
    await page.getByText('Reason: identity confirmed by phone').waitFor();
    // In Filipino, at 375 px: the overview and the audit log's filters.
    await page.setViewportSize({ width: 375, height: 900 });
    await page.goto(`${setup.hub.url}/admin?lng=fil`);
    await page.getByText('Console ng operator').first().waitFor();
    await page
      .locator('[data-overview-summary="signIns"]')
      .getByText(/sa nakaraang oras/)
      .waitFor();
    await shoot(page, 'overview-fil-375');
    await page.getByRole('tab', { name: 'Audit log' }).click();
    await page.getByLabel('Mula').waitFor();
    await shoot(page, 'audit-fil-375');
    await page.context().close();
    await personPage.context().close();
    // A journey of two browsers, a command-line process and three actions: longer than one screen's test.
  }, 180_000);
});
