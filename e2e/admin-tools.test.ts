import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, journeyPassword, signUp } from './support/auth.js';
import { runHubCli } from './support/demo-tool.js';
import { layoutProblems } from './support/i18n-check.js';
import { addAuthenticator, openContextPage, signInWithAuthenticator } from './support/operator.js';
import { seriousViolations } from './support/page-checks.js';
import { useHubBrowserAndMail } from './support/setup.js';
import { shotsIn } from './support/shots.js';

const shot = shotsIn('admin-tools');
const setup = useHubBrowserAndMail();
const operatorEmail = 'gabriela.silang@example.ph';
const personEmail = 'juan.luna@example.ph';
/** Where the new tool's sign-ins land: answered by the browser's route below, no server needed. */
const toolOrigin = 'http://localhost:3999';
const toolCallback = `${toolOrigin}/t/4501/sso/account/auth`;

const openPage = (width = 1280) => openContextPage(setup.browser, width);

/** Confirms a change in its reason dialog and waits for the console to say it is done. */
const giveReason = async (page: Page, reason: string) => {
  await page.getByLabel('Reason (goes into the audit log)').fill(reason);
  await page.getByRole('button', { name: 'Confirm' }).click();
};

/** The secret shown once: read, then dismissed (it is not shown again). */
const takeSecret = async (page: Page) => {
  const box = page.locator('[data-secret-value]');
  await box.waitFor();
  const secret = await box.inputValue();
  await page.getByRole('button', { name: 'I have stored it' }).click();
  await box.waitFor({ state: 'detached' });
  return secret;
};

/**
 * The screen at 375, 800 and 1280 px: never wider than the window, no control clipped, no serious
 * axe-core violation; with SHOTS_DIR set, a full-page screenshot of each.
 */
const shoot = async (page: Page, name: string) => {
  for (const width of [375, 800, 1280]) {
    await page.setViewportSize({ width, height: 900 });
    expect(await layoutProblems(page), `${name} at ${width} px`).toEqual({ page: 0, clipped: [] });
    await shot(page, `${name}-${width}`);
  }
  expect(await seriousViolations(page), name).toEqual([]);
};

describe('the console’s tools and clients in Chromium', () => {
  it('an admin registers a tool in the console and a person signs into it through its key; the admin rotates a client secret; both are in the audit log', async () => {
    // The operator: an account with an authenticator app, granted admin from the command line.
    const setupPage = await openPage();
    await signUp(setupPage, setup.hub.url, setup.sink, 'psl', operatorEmail);
    const secret = await addAuthenticator(setupPage, setup.hub.url);
    await setupPage.context().clearCookies();
    await signUp(setupPage, setup.hub.url, setup.sink, 'psl', personEmail);
    await setupPage.context().close();
    runHubCli(setup.hub.databaseUrl, ['operators', 'grant', operatorEmail, '--role', 'admin']);
    const client = JSON.parse(
      runHubCli(setup.hub.databaseUrl, [
        'clients',
        'add',
        '--name',
        'Clinic portal',
        '--redirect-uri',
        'https://clinic.example.ph/callback',
        '--json',
      ]),
    ) as { client_id: string; client_secret: string };

    const page = await openPage();
    await signInWithAuthenticator(page, setup.hub.url, operatorEmail, secret);
    expect((await page.goto(`${setup.hub.url}/admin`))?.status()).toBe(200);

    // Tools: register 4501 (its credential shown once), then its callback and its tsa key.
    await page.getByRole('tab', { name: 'Tools' }).click();
    await page.getByLabel('Tool id (tid)').fill('4501');
    await page.getByLabel('Name', { exact: true }).fill('Clinic scheduler');
    await page.getByRole('button', { name: 'Register a tool' }).click();
    await giveReason(page, 'new partner, ticket 77');
    const credential = await takeSecret(page);
    expect(credential).toMatch(/^hubtool_4501_/);
    await page.locator('[data-admin-tool-row="4501"]').click();
    await page.getByLabel('Environment').selectOption('local');
    await page.getByLabel('URL', { exact: true }).fill(toolCallback);
    await page.getByRole('button', { name: 'Add' }).first().click();
    await giveReason(page, 'their test server');
    await page.locator('[data-tool-callback]').waitFor();
    await page.getByLabel('TSA key', { exact: true }).fill('CLINIC_SCHED_RQX');
    await page.getByRole('button', { name: 'Add' }).nth(1).click();
    await giveReason(page, 'their key');
    await page.getByText('CLINIC_SCHED_RQX').first().waitFor();
    await shoot(page, 'tool');
    expect(await page.content()).not.toContain(credential);

    // A person signs into the new tool through its key and lands on its callback with an ainfo.
    const personPage = await openPage(375);
    await personPage
      .context()
      .route(`${toolOrigin}/**`, (route) =>
        route.fulfill({ contentType: 'text/plain', body: 'the clinic scheduler' }),
      );
    await personPage.goto(
      `${setup.hub.url}/sso/rqx?${new URLSearchParams({ from: 'CLINIC_SCHED_RQX', callback: 'local', platform: 'personal' })}`,
    );
    await personPage.getByLabel('Email, mobile number or username').fill(personEmail);
    await personPage.keyboard.press('Enter');
    await personPage.getByLabel(field('Password')).fill(journeyPassword);
    await personPage.keyboard.press('Enter');
    await personPage.waitForURL((url) => url.href.startsWith(toolCallback) && url.searchParams.has('ainfo'));
    await personPage.context().close();

    // Clients: rotate the secret of the client the command line registered (the new one shown once).
    await page.getByRole('tab', { name: 'Clients' }).click();
    const card = page.locator(`[data-admin-client="${client.client_id}"]`);
    await card.getByRole('button', { name: 'Rotate the secret' }).click();
    await giveReason(page, 'secret pasted in a chat');
    await page.locator('[data-secret-value]').waitFor();
    await shoot(page, 'secret-once');
    const rotated = await takeSecret(page);
    expect(rotated).toMatch(/^hubsecret_/);
    expect(rotated).not.toBe(client.client_secret);
    await shoot(page, 'clients');
    expect(await page.content()).not.toContain(rotated);

    await page.getByRole('tab', { name: 'Audit log' }).click();
    for (const reason of [
      'new partner, ticket 77',
      'their test server',
      'their key',
      'secret pasted in a chat',
    ])
      await page.getByText(`Reason: ${reason}`).waitFor();

    // The same screens in Filipino.
    await page.getByLabel('Language').selectOption('fil');
    await page.getByRole('tab', { name: 'Mga client' }).click();
    await page.getByRole('button', { name: 'Palitan ang secret' }).first().waitFor();
    await page.getByRole('tab', { name: 'Mga tool' }).click();
    await page.getByText('Magrehistro ng tool').first().waitFor();
    await shoot(page, 'tools-fil');
    await page.context().close();
  }, 180_000);
});
