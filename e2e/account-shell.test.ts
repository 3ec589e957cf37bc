import { labels } from '@hub/core';
import type { BrowserContext, Page } from 'playwright-core';
import { afterAll, describe, expect, it } from 'vitest';
import { field, journeyPassword, requestAndEnterCode } from './support/auth.js';
import { seriousViolations } from './support/page-checks.js';
import { horizontalOverflow, waitForScreen } from './support/pages.js';
import { useHubBrowserAndMail } from './support/setup.js';
import { shotsIn } from './support/shots.js';

const setup = useHubBrowserAndMail();
const email = 'andres.bonifacio@example.ph';
const shoot = shotsIn('account-shell');
const contexts: BrowserContext[] = [];
afterAll(async () => {
  for (const context of contexts) await context.close();
});

const openPage = async (width: number): Promise<{ page: Page; errors: Error[] }> => {
  const context = await setup.browser.newContext({
    viewport: { width, height: 900 },
    serviceWorkers: 'block',
  });
  contexts.push(context);
  const page = await context.newPage();
  const errors: Error[] = [];
  page.on('pageerror', (error) => errors.push(error));
  return { page, errors };
};

// The legal pages' header has one for mobile and one from tablet up: the one shown.
const menuButton = (page: Page) => page.locator('header [data-testid="account-menu-button"]:visible');
const status = (page: Page, path: string) =>
  page.evaluate(async (url) => (await fetch(url, { credentials: 'same-origin' })).status, path);

/** One person's journey through the account center's shell, in one browser. */
describe('the account center: header, profile, next and log out, in Chromium', () => {
  let page: Page;
  let errors: Error[];

  it('sends a signed-out visitor of /account to log in, and signs them up from there back to /account', async () => {
    ({ page, errors } = await openPage(1280));
    await page.goto(`${setup.hub.url}/account`);
    await page.waitForURL(/\/psl\/login\?next=%2Faccount$/);
    await waitForScreen(page, 'login');
    // Signed out, the header is as it always was.
    expect(await menuButton(page).count()).toBe(0);
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL(/\/psl\/registration\?next=%2Faccount$/);
    await requestAndEnterCode(page, setup.sink, email, 'Email');
    await page.waitForURL(/\/registration\/finalize\?.*next=%2Faccount/);
    await page.getByLabel(field('Password')).fill(journeyPassword);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.waitForURL(`${setup.hub.url}/account`);
    await waitForScreen(page, 'account');
    await page.getByTestId('account-who').waitFor();
    expect(await page.getByTestId('account-who').textContent()).toBe(email);
  });

  it('shows the account in the header, with a menu that opens the account center', async () => {
    await page.goto(`${setup.hub.url}/termsandconditions`);
    await waitForScreen(page, 'terms');
    const button = menuButton(page);
    await button.waitFor();
    // The initials are drawn by CSS (Avatar.tsx); the visible text is the account alone.
    expect(await button.locator('[data-initials]').getAttribute('data-initials')).toContain('A');
    expect(await button.getAttribute('aria-label')).toBe(`Your account: ${email}`);
    await button.click();
    expect(await button.getAttribute('aria-expanded')).toBe('true');
    // Escape closes it and gives the focus back to the button.
    await page.keyboard.press('Escape');
    expect(await button.getAttribute('aria-expanded')).toBe('false');
    expect(await button.evaluate((element) => element === document.activeElement)).toBe(true);
    await page.keyboard.press('Enter');
    await page.locator('header').getByRole('link', { name: 'Account', exact: true }).click();
    await page.waitForURL(`${setup.hub.url}/account`);
    await waitForScreen(page, 'account');
  });

  it('changes the name, confirms it with the banner, and keeps it after a reload', async () => {
    await page.getByRole('button', { name: 'Add your name' }).click();
    // The form takes the focus; a missing last name is refused in place.
    await page.keyboard.type('Andres');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByText('Please enter your first and last name.').waitFor();
    await page.getByLabel(field('Last name')).fill('Bonifacio');
    await page.getByLabel('Suffix').fill('Jr.');
    await page.getByRole('button', { name: 'Save' }).click();
    await page.getByRole('status').filter({ hasText: 'Your name has been saved.' }).waitFor();
    expect(await page.getByTestId('profile-name').textContent()).toBe('Andres Bonifacio Jr.');
    await expect
      .poll(() => menuButton(page).locator('[data-initials]').getAttribute('data-initials'))
      .toBe('AB');
    await page.reload();
    await page.getByTestId('profile-name').waitFor();
    expect(await page.getByTestId('profile-name').textContent()).toBe('Andres Bonifacio Jr.');
    expect(await page.getByTestId('account-who').textContent()).toContain('Andres Bonifacio');
    expect(await page.getByText(email).first().isVisible()).toBe(true);
    expect(await page.getByText('Individual').isVisible()).toBe(true);
  });

  it('has no serious axe violation on any account center page, signed in, nor with the menu open', async () => {
    const found: string[] = [];
    for (const path of [
      '/account',
      '/account/security',
      '/account/sessions',
      '/account/access',
      '/account/data',
      '/biz/account',
    ]) {
      await page.goto(`${setup.hub.url}${path}`);
      await page.locator('[data-screen^="account"]').first().waitFor();
      await page.getByTestId('account-who').waitFor();
      for (const violation of await seriousViolations(page)) found.push(`${path}: ${violation}`);
    }
    await menuButton(page).click();
    await page.locator('header').getByRole('link', { name: 'Account', exact: true }).waitFor();
    for (const violation of await seriousViolations(page)) found.push(`menu: ${violation}`);
    expect(found).toEqual([]);
  });

  it('looks right at 375, 800 and 1280 px (screenshots), with nothing overflowing', async () => {
    for (const width of [375, 800, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await page.goto(`${setup.hub.url}/account`);
      await page.getByTestId('profile-name').waitFor();
      expect(await horizontalOverflow(page), `${width} px`).toBeLessThanOrEqual(0);
      // The account stays reachable on the compact header too.
      await menuButton(page).waitFor();
      await shoot(page, `account-${width}`);
      await menuButton(page).click();
      await page.locator('header').getByRole('button', { name: 'Log out' }).waitFor();
      await shoot(page, `menu-${width}`, { fullPage: false });
      await page.keyboard.press('Escape');
      await page.goto(`${setup.hub.url}/`);
      await waitForScreen(page, 'landing');
      await page.getByTestId('continue-psl').waitFor();
      await shoot(page, `landing-${width}`, { fullPage: false });
    }
    await page.setViewportSize({ width: 1280, height: 900 });
  });

  it("says 'Continue' on the landing's cards and goes on to the platform signed in", async () => {
    await page.goto(`${setup.hub.url}/`);
    await waitForScreen(page, 'landing');
    await page.getByTestId('continue-psl').waitFor();
    expect(await page.getByRole('link', { name: /Get started/ }).count()).toBe(0);
    await page.getByTestId('continue-psl').click();
    await page.waitForURL(/\/demo\/psl\/sso\/account\/auth\?ainfo=/);
    expect(await page.getByTestId('platform-account').textContent()).toBe(email);
  });

  it('comes back to the account center page it was sent from after a login in a fresh browser', async () => {
    const fresh = await openPage(800);
    await fresh.page.goto(`${setup.hub.url}/account/security`);
    await fresh.page.waitForURL(/\/psl\/login\?next=%2Faccount%2Fsecurity$/);
    await fresh.page.getByLabel('Email, mobile number or username').fill(email);
    await fresh.page.keyboard.press('Enter');
    await fresh.page.getByLabel(field('Password')).fill(journeyPassword);
    await fresh.page.keyboard.press('Enter');
    await fresh.page.waitForURL(`${setup.hub.url}/account/security`);
    await waitForScreen(fresh.page, 'account_security');
    // An address that is no account center page is not followed.
    await fresh.page.goto(`${setup.hub.url}/psl/login?next=${encodeURIComponent('//evil.test/account')}`);
    expect(fresh.errors).toEqual([]);
  });

  it('logs out from the header: signed out everywhere on the page, and the API says so', async () => {
    await page.goto(`${setup.hub.url}/account`);
    await page.getByTestId('profile-name').waitFor();
    await menuButton(page).click();
    await page.locator('header').getByRole('button', { name: 'Log out' }).click();
    await page.waitForURL(`${setup.hub.url}/`);
    await waitForScreen(page, 'landing');
    await page.locator('header').getByRole('button', { name: labels.signIn }).waitFor();
    expect(await menuButton(page).count()).toBe(0);
    expect(await page.getByRole('link', { name: /Get started/ }).count()).toBe(2);
    expect(await status(page, '/api/me')).toBe(401);
    await page.goto(`${setup.hub.url}/account`);
    await page.waitForURL(/\/psl\/login\?next=%2Faccount$/);
    expect(errors).toEqual([]);
  });
});
