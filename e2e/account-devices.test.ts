import { meEndpoints } from '@hub/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { runHubCli } from './support/demo-tool.js';
import { personOnTwoDevices } from './support/devices.js';
import { screenshotsAtWidths, seriousViolations } from './support/page-checks.js';
import { useHubBrowserAndMail } from './support/setup.js';
import { shotsIn } from './support/shots.js';

const setup = useHubBrowserAndMail();
const shoot = shotsIn('account-devices');

const screenshots = (page: Page, name: string) => screenshotsAtWidths(page, shoot, name);

describe('the account center, Devices and Platforms & tools', () => {
  it('shows both browsers, ends the other one, lists the sign-ins, and removes a tool’s access', async () => {
    const { hub } = setup;
    const email = 'andres.bonifacio@example.ph';
    const { phone, laptop, wrongCode } = await personOnTwoDevices(setup, email);
    expect(wrongCode).toBe('password.incorrect');

    // The Devices page: both sessions, this one first and marked.
    const page = await phone.newPage();
    await page.goto(`${hub.url}/account/sessions`);
    const sessions = page.getByTestId('session');
    await sessions.nth(1).waitFor();
    expect(await sessions.count()).toBe(2);
    const current = page.locator('[data-testid="session"][data-current]');
    expect(await current.textContent()).toContain('Chrome on Android');
    expect(await current.textContent()).toContain('This device');
    const other = sessions.filter({ hasText: 'Firefox on Windows' });
    expect(await other.textContent()).toContain('Signed in');
    // The history: the sign-up, the failed attempt and the laptop's sign-in, newest first.
    const history = page.getByTestId('sign-in');
    await history.nth(2).waitFor();
    expect(await history.count()).toBe(3);
    expect(await history.nth(0).textContent()).toMatch(/Signed in with a password.*Firefox on Windows/);
    expect(await history.nth(1).textContent()).toMatch(/Wrong password.*Firefox on Windows/);
    expect(await history.nth(2).textContent()).toMatch(/Account created.*Chrome on Android/);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'devices');

    // End the laptop's session, from the keyboard: its next request is refused.
    await page.getByRole('button', { name: 'Sign out Firefox on Windows' }).focus();
    await page.keyboard.press('Enter');
    await page.getByRole('status').filter({ hasText: 'Signed out of Firefox on Windows.' }).waitFor();
    await sessions.filter({ hasText: 'Firefox on Windows' }).waitFor({ state: 'detached' });
    expect(await sessions.count()).toBe(1);
    const refused = await laptop.request.get(`${hub.url}${meEndpoints.summary}`);
    expect(refused.status()).toBe(401);
    expect((await refused.json()).code).toBe('session.required');
    const laptopPage = await laptop.newPage();
    await laptopPage.goto(`${hub.url}/account/sessions`);
    await laptopPage.waitForURL(/\/psl\/login\?next=%2Faccount%2Fsessions/);

    // Platforms & tools: the platform, the two tools; Chat's access removed from the keyboard.
    await page.setViewportSize({ width: 375, height: 900 });
    await page.getByRole('link', { name: 'Platforms & tools' }).click();
    await page.waitForURL(/\/account\/access$/);
    const tools = page.getByTestId('tool');
    await tools.nth(1).waitFor();
    expect(await tools.count()).toBe(2);
    expect(await page.getByTestId('platform-list').textContent()).toContain('Personal');
    expect(await tools.filter({ hasText: 'Partner Desk' }).textContent()).toContain('Its operator decides');
    expect(await page.getByRole('button', { name: 'Remove access for Partner Desk' }).count()).toBe(0);
    expect(await page.getByRole('link', { name: 'Use your account on Business' }).count()).toBe(1);
    expect(await seriousViolations(page)).toEqual([]);
    await screenshots(page, 'access');

    await page.getByRole('button', { name: 'Remove access for Chat' }).focus();
    await page.keyboard.press('Enter');
    // The confirmation takes the focus: Enter confirms.
    const confirm = page.getByRole('button', { name: 'Remove access', exact: true });
    await confirm.waitFor();
    expect(await confirm.evaluate((button) => button === document.activeElement)).toBe(true);
    expect(await seriousViolations(page)).toEqual([]);
    await shoot(page, 'access-confirm-375');
    await page.keyboard.press('Enter');
    await page
      .getByRole('status')
      .filter({ hasText: 'Chat no longer has access to your account.' })
      .waitFor();
    await tools.filter({ hasText: 'Chat' }).waitFor({ state: 'detached' });
    expect(await tools.count()).toBe(1);
    const access = await phone.request.get(`${hub.url}/api/me/access`);
    expect((await access.json()).tools.map((t: { tid: number }) => t.tid)).toEqual([302]);
    expect(runHubCli(hub.databaseUrl, ['tools', 'members', '201'])).not.toContain(email);

    await phone.close();
    await laptop.close();
  });
});
