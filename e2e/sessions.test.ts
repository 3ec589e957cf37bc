import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { signUp } from './support/auth.js';
import { startDemoTool } from './support/demo-tool.js';
import { useHubBrowserAndMail } from './support/setup.js';
import { shotsIn } from './support/shots.js';

// docs/sessions.md: 'Continue as' on the login screens, and several accounts on one browser.
const setup = useHubBrowserAndMail({ partner: { variable: 'DEMO_TOOL_URL', start: startDemoTool } });
const shoot = shotsIn('sessions');

const openPage = async (width: number): Promise<Page> => {
  const context = await setup.browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
};

/** A sign-in the demo tool starts, on to the hub's /sso/rqx. */
const rqx = (query: Record<string, string>) =>
  `${setup.partnerUrl}/start?${new URLSearchParams({ callback: 'local', platform: 'personal', ...query })}`;

const continueAs = (page: Page, account: string) =>
  page.getByRole('button', { name: `Continue as ${account}` }).click();

describe('one sign-in, every tool', () => {
  it('enters three legacy tools with no password typed, and shows nothing to a browser without a session', async () => {
    const email = 'teodora.alonso@example.ph';
    const page = await openPage(1280);
    await signUp(page, setup.hub.url, setup.sink, 'psl', email);
    const tools: Array<[string, string]> = [
      ['PCHT_SSO_RQX', '/t/201/sso/account/auth'],
      ['MP_SSO_RQX', '/t/101/sso/account/auth'],
      ['PFSHP_SSO_RQX', '/t/202/psl/sso/account/auth'],
    ];
    for (const [from, path] of tools) {
      await page.goto(rqx({ from }));
      await page.waitForURL(/\/psl\/(tool_)?login\?/);
      await page.getByTestId('continue-as').waitFor();
      await continueAs(page, email);
      await page.getByTestId('tool-signed-in').waitFor();
      expect(new URL(page.url()).pathname).toBe(path);
      expect(await page.getByTestId('tool-account').textContent()).toBe(email);
    }
    await page.goto(`${setup.hub.url}/psl/login`);
    await page.getByTestId('continue-as').waitFor();
    for (const width of [375, 800, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, `continue-as-${width}`);
    }
    await page.context().close();

    // A browser without a session: the login as the spec has it, no panel.
    const fresh = await openPage(375);
    await fresh.goto(rqx({ from: 'PCHT_SSO_RQX' }));
    await fresh.waitForURL(/\/psl\/login\?/);
    await fresh.getByLabel('Email, mobile number or username').waitFor();
    expect(await fresh.getByTestId('continue-as').count()).toBe(0);
    await fresh.context().close();
  });

  it('links an account of the other platform on switching with Continue as, no password typed', async () => {
    const email = 'melchora.aquino@example.ph';
    const page = await openPage(375);
    await signUp(page, setup.hub.url, setup.sink, 'biz', email);
    await page.goto(rqx({ from: 'PCHT_SSO_RQX' }));
    await page.waitForURL(/\/psl\/(tool_)?login\?/);
    await continueAs(page, email);
    // Not on Personal yet: switching option1, as after the account step, with the panel again.
    await page.waitForURL(/\/psl\/switching\/option1\?/);
    await page.getByTestId('continue-as').waitFor();
    for (const width of [375, 800, 1280]) {
      await page.setViewportSize({ width, height: 900 });
      await shoot(page, `switching-continue-as-${width}`);
    }
    await continueAs(page, email);
    await page.getByText('Account successfully linked').waitFor();
    await page.getByTestId('tool-signed-in').waitFor();
    expect(await page.getByTestId('tool-account').textContent()).toBe(email);
    const claims = JSON.parse((await page.getByTestId('tool-claims').textContent()) ?? '{}');
    expect(claims.account_type).toBe(3);
    await page.context().close();
  });

  it('keeps two accounts on one browser and switches between them without a password', async () => {
    const personal = 'apolinario.mabini@example.ph';
    const work = 'gregoria.deJesus@example.ph'.toLowerCase();
    const page = await openPage(375);
    await signUp(page, setup.hub.url, setup.sink, 'psl', personal);
    await signUp(page, setup.hub.url, setup.sink, 'biz', work);
    const current = async () => {
      await page.goto(`${setup.hub.url}/`);
      return page.getByTestId('account-menu-button').getAttribute('aria-label');
    };
    expect(await current()).toContain(work);
    for (const [to, other] of [
      [personal, work],
      [work, personal],
    ] as const) {
      await page.getByTestId('account-menu-button').click();
      await page.getByRole('button', { name: `Switch to ${to}` }).click();
      // The page loads again as the account switched to.
      await expect
        .poll(() => page.getByTestId('account-menu-button').getAttribute('aria-label'), { timeout: 15_000 })
        .toContain(to);
      await page.waitForLoadState('load');
      await page.getByTestId('account-menu-button').click();
      await page.getByRole('button', { name: `Switch to ${other}` }).waitFor();
      await page.keyboard.press('Escape');
    }
    // The login lists both; 'Use another account' leaves the form as it is.
    await page.goto(`${setup.hub.url}/psl/login`);
    await page.getByRole('button', { name: `Continue as ${personal}` }).waitFor();
    await page.getByRole('button', { name: `Continue as ${work}` }).waitFor();
    await page.getByRole('button', { name: 'Use another account' }).click();
    expect(await page.getByTestId('continue-as').count()).toBe(0);
    await page.getByLabel('Email, mobile number or username').waitFor();
    // Sign out of all accounts: the browser holds none.
    await page.goto(`${setup.hub.url}/`);
    await page.getByTestId('account-menu-button').click();
    // The hub's home loads again, signed out.
    await Promise.all([
      page.waitForEvent('load'),
      page.getByRole('button', { name: 'Sign out of all accounts' }).click(),
    ]);
    expect(await page.getByTestId('account-menu-button').count()).toBe(0);
    await page.goto(`${setup.hub.url}/psl/login`);
    await page.getByLabel('Email, mobile number or username').waitFor();
    expect(await page.getByTestId('continue-as').count()).toBe(0);
    await page.context().close();
  });
});
