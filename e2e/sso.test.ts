import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, journeyPassword, requestAndEnterCode } from './support/auth.js';
import { runHubCli, startDemoTool } from './support/demo-tool.js';
import { useHubBrowserAndMail } from './support/setup.js';

const setup = useHubBrowserAndMail({ partner: { variable: 'DEMO_TOOL_URL', start: startDemoTool } });
const email = 'juan.luna@example.ph';

const openPage = async (width: number): Promise<Page> => {
  const context = await setup.browser.newContext({ viewport: { width, height: 900 } });
  return context.newPage();
};

/** What the demo tool received and verified: the account it redeemed and the callback's parameters. */
const toolLanding = async (page: Page) => {
  await page.getByTestId('tool-signed-in').waitFor();
  const url = new URL(page.url());
  return {
    path: url.pathname,
    account: await page.getByTestId('tool-account').textContent(),
    params: JSON.parse((await page.getByTestId('tool-params').textContent()) ?? '{}') as Record<
      string,
      string
    >,
    claims: JSON.parse((await page.getByTestId('tool-claims').textContent()) ?? '{}') as Record<
      string,
      unknown
    >,
  };
};

const onePixelPng =
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAQAAAC1HAwCAAAAC0lEQVR42mNkYAAAAAYAAjCB0C8AAAAASUVORK5CYII=';

const passwordStep = async (page: Page) => {
  await page.getByLabel(field('Password')).fill(journeyPassword);
  await page.keyboard.press('Enter');
};

/** A sign-in the demo tool starts (its /start adds this browser's `state`), on to the hub's /sso/rqx. */
const rqx = (query: Record<string, string>) =>
  `${setup.partnerUrl}/start?${new URLSearchParams({ callback: 'local', platform: 'personal', ...query })}`;

describe('from the demo tool through the hub and back', () => {
  it('signs up through Chat from the tool’s page and returns with a verified, redeemed ainfo (375 px)', async () => {
    const page = await openPage(375);
    await page.goto(setup.partnerUrl);
    await page.getByTestId('sign-up-201').click();
    await page.waitForURL(/\/psl\/registration\?/);
    await page.getByText('Chat').first().waitFor();
    expect(await page.evaluate(() => localStorage.getItem('pm_tool_session'))).toContain('"tid":201');
    await requestAndEnterCode(page, setup.sink, email, 'Email');
    await page.waitForURL(/\/registration\/finalize\?/);
    await page.getByLabel(field('Password')).fill(journeyPassword);
    await page.getByLabel(field('Re-enter password')).fill(journeyPassword);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Account successfully registered').first().waitFor();
    const landing = await toolLanding(page);
    expect(landing.path).toBe('/t/201/sso/account/auth');
    expect(landing.account).toBe(email);
    expect(landing.params).toEqual({ platform: 'psl', ref: 'auth' });
    expect(landing.claims).toMatchObject({ aud: 'tool:201', account_type: 'psl' });
    await page.context().close();
  });

  const logins: Array<[string, Record<string, string>, string, Record<string, string>]> = [
    ['marketplace', { from: 'MP_SSO_RQX' }, '/t/101/sso/account/auth', {}],
    ['shop', { from: 'PFSHP_SSO_RQX' }, '/t/202/psl/sso/account/auth', { platform: 'psl', ref: 'auth' }],
    ['jobs', { from: 'PFJOB_SSO_DIRECT_RQX' }, '/t/204/sso/account/auth', { platform: 'psl', ref: 'auth' }],
    ['referral', { from: 'PFREFERRAL_SSO_RQX' }, '/t/205/sso/account/auth', { platform: 'psl', ref: 'auth' }],
    ['wallet', { from: 'PFPAYMESHARE_SSO_RQX' }, '/t/206/psl/wallet/sso/account/auth', {}],
    ['a generic type-1 tool', { from: 'CPA_REVIEW_RQX' }, '/t/301/sso/account/auth', {}],
    [
      'marketplace checkout',
      { from: 'MP_MARKET_CHECKOUT_SSO_RQX', tid: '204', pricing: 'monthly', subcb: 'plans' },
      '/t/101/subscription/checkout/rqx',
      { platform: 'psl', tid: '204', pricing: 'monthly', subcb: 'plans' },
    ],
    [
      'direct checkout (account pre-filled)',
      { from: 'MP_DIRECT_CHECKOUT_RQX', tid: '202', pricing: 'yearly', account: email },
      '/t/101/subscription/checkout/rqx',
      { platform: 'psl', tid: '202', pricing: 'yearly', ref: 'auth' },
    ],
  ];
  it.each(logins)(
    'logs in through the %s and returns with the spec §4 parameters (1280 px)',
    async (_name, query, path, params) => {
      const page = await openPage(1280);
      await page.goto(rqx(query));
      await page.waitForURL(/\/psl\/login\?/);
      const account = page.getByLabel('Email, mobile number or username');
      if (query.account) expect(await account.inputValue()).toBe(email);
      else await account.fill(email);
      await account.press('Enter');
      await passwordStep(page);
      const landing = await toolLanding(page);
      expect(landing.path).toBe(path);
      expect(landing.account).toBe(email);
      expect(landing.params).toEqual(params);
      await page.context().close();
    },
  );

  it('takes a market preview through sign-up’s login link back to the marketplace (800 px)', async () => {
    const page = await openPage(800);
    await page.goto(rqx({ from: 'TOOL_MARKET_PREVIEW_SSO_RQX', tsa_key: 'PFJOB_SSO_RQX' }));
    await page.waitForURL(/\/psl\/registration\?/);
    await page
      .getByRole('link', { name: /log in/i })
      .last()
      .click();
    await page.waitForURL(/\/psl\/login\?from=/);
    await page.getByLabel('Email, mobile number or username').fill(email);
    await page.keyboard.press('Enter');
    await passwordStep(page);
    const landing = await toolLanding(page);
    expect(landing.path).toBe('/t/101/sso/account/auth');
    expect(landing.params).toEqual({ market_preview: '204', platform: 'psl' });
    await page.context().close();
  });

  it('shows a tool’s own https logo on its login, asked for without a Referer (375 px)', async () => {
    const logo = 'https://logos.partner-desk.example/desk.png';
    runHubCli(setup.hub.databaseUrl, ['tools', 'update', '302', '--logo', logo]);
    try {
      const page = await openPage(375);
      const asked: Array<Record<string, string>> = [];
      // The one request allowed off loopback, answered here: a 1×1 PNG.
      await page.context().route(logo, async (route) => {
        asked.push(route.request().headers());
        await route.fulfill({ contentType: 'image/png', body: Buffer.from(onePixelPng, 'base64') });
      });
      await page.goto(rqx({ from: 'PARTNER_DESK_RQX' }));
      await page.waitForURL(/\/psl\/tool\/login\?/);
      const image = page.getByTestId('tool-logo').locator('img');
      await image.waitFor();
      expect(await image.getAttribute('src')).toBe(logo);
      await expect
        .poll(() => image.evaluate((img: HTMLImageElement) => img.complete && img.naturalWidth))
        .toBe(1);
      expect(asked).toHaveLength(1);
      expect(asked[0]?.referer).toBeUndefined();
      await page.context().close();
    } finally {
      runHubCli(setup.hub.databaseUrl, ['tools', 'update', '302', '--logo', '/tool-logos/desk.svg']);
    }
  });

  it('checks tool login membership, then lets a member in (800 px)', async () => {
    const page = await openPage(800);
    await page.goto(rqx({ from: 'PARTNER_DESK_RQX' }));
    await page.waitForURL(/\/psl\/tool\/login\?/);
    await page.getByText('Partner Desk').first().waitFor();
    await page.getByLabel('Email, mobile number or username').fill(email);
    await page.keyboard.press('Enter');
    await page.getByText('Account is not registered to Partner Desk').first().waitFor();
    runHubCli(setup.hub.databaseUrl, ['tools', 'add-member', '302', email]);
    await page.keyboard.press('Enter');
    await passwordStep(page);
    const landing = await toolLanding(page);
    expect(landing.path).toBe('/t/302/sso/account/auth');
    await page.context().close();
  });
});

describe('the SSO handler’s error pages and the tool session', () => {
  it.each([
    [{ from: 'NOPE_RQX' }, 'AUTHORIZATION_ERROR: TSA key does not exist.'],
    [{ from: 'OFFLINE_TOOL_RQX' }, 'AUTHORIZATION_ERROR: Callback URL is missing.'],
  ])('shows the error page for %o', async (query, message) => {
    const page = await openPage(375);
    await page.goto(rqx(query));
    const error = page.getByTestId('sso-error');
    await error.waitFor();
    const text = (await error.textContent()) ?? '';
    for (const expected of [
      'SHEEESSHH!',
      'Well, this is unexpected. . .',
      "We were unable to authenticate you because your tool did not provide the proper authorization. Please contact your tool's customer support for assistance with this issue.",
      `Error code: ${message}`,
    ])
      expect(text).toContain(expected);
    expect(await page.locator('header, footer').count()).toBe(0);
    await page.context().close();
  });

  it('drops a saved tool session on a page without from, after 1 s, and reloads', async () => {
    const page = await openPage(800);
    await page.goto(rqx({ from: 'PCHT_SSO_RQX' }));
    await page.waitForURL(/\/psl\/login\?from=/);
    expect(await page.evaluate(() => localStorage.getItem('pm_tool_session'))).not.toBeNull();
    await page.goto(`${setup.hub.url}/psl/registration`);
    await page.locator('[data-screen="registration"]').waitFor();
    await page.waitForFunction(() => localStorage.getItem('pm_tool_session') === null);
    await page.context().close();
  });

  it('lets the tool refuse a callback that another browser started (login CSRF), by its state', async () => {
    // The attacker signs in through the tool but stops before the callback, keeping its URL.
    const attacker = await openPage(800);
    let captured: string | undefined;
    await attacker.context().route(`${setup.partnerUrl}/t/**`, async (route) => {
      captured = route.request().url();
      await route.fulfill({ contentType: 'text/html', body: '<h1>held</h1>' });
    });
    await attacker.goto(rqx({ from: 'PCHT_SSO_RQX' }));
    await attacker.getByLabel('Email, mobile number or username').fill(email);
    await attacker.keyboard.press('Enter');
    await passwordStep(attacker);
    await attacker.getByRole('heading', { name: 'held' }).waitFor();
    const callback = new URL(captured ?? '');
    expect(callback.searchParams.get('state')).toMatch(/^[\w-]{32}$/);

    // The victim's browser is sent there: its own state cookie (or none) does not match.
    const victim = await openPage(800);
    await victim.goto(setup.partnerUrl);
    await victim.goto(callback.href);
    await victim
      .getByTestId('tool-error')
      .filter({ hasText: 'This sign-in was not started in this browser' })
      .waitFor();

    // The browser that started it is let in with the same, still unredeemed, ainfo.
    await attacker.context().unroute(`${setup.partnerUrl}/t/**`);
    await attacker.goto(callback.href);
    expect((await toolLanding(attacker)).account).toBe(email);
    await attacker.context().close();
    await victim.context().close();
  });

  it('ends the hub session with single logout and returns to the tool', async () => {
    const page = await openPage(1280);
    await page.goto(rqx({ from: 'PCHT_SSO_RQX' }));
    await page.getByLabel('Email, mobile number or username').fill(email);
    await page.keyboard.press('Enter');
    await passwordStep(page);
    await toolLanding(page);
    // Signed in: a direct checkout for this account goes straight back to the marketplace.
    await page.goto(rqx({ from: 'MP_DIRECT_CHECKOUT_RQX', pricing: 'gold', account: email }));
    expect((await toolLanding(page)).path).toBe('/t/101/subscription/checkout/rqx');
    // The tool's link is a cross-site GET: the hub asks first, and ends the session only on the
    // person's own click.
    await page.getByTestId('tool-logout').click();
    await page.getByRole('heading', { name: 'Sign out of Account Hub?' }).waitFor();
    await page.getByText('Marketplace asks to sign you out.').waitFor();
    await page.goto(rqx({ from: 'MP_DIRECT_CHECKOUT_RQX', pricing: 'gold', account: email }));
    expect((await toolLanding(page)).path).toBe('/t/101/subscription/checkout/rqx');
    await page.getByTestId('tool-logout').click();
    await page.getByTestId('logout-confirm').click();
    // Back at the marketplace's sign-in callback, without ainfo: the tool shows it is signed out.
    await page.getByTestId('tool-signed-out').waitFor();
    expect(new URL(page.url()).pathname).toBe('/t/101/sso/account/auth');
    expect(new URL(page.url()).searchParams.has('ainfo')).toBe(false);
    // Signed out: the same request now asks for the password.
    await page.goto(rqx({ from: 'MP_DIRECT_CHECKOUT_RQX', pricing: 'gold', account: email }));
    await page.waitForURL(/\/psl\/login\?/);
    await page.context().close();
  });
});

describe('a restricted tool (type other than 1)', () => {
  it('shows a non-member who signs up through its tool login that the account is not registered to it', async () => {
    const stranger = 'maria.orosa@example.ph';
    const page = await openPage(1280);
    await page.goto(setup.partnerUrl);
    await page.getByTestId('sign-in-302').click();
    await page.waitForURL(/\/psl\/tool\/login/);
    await page.getByRole('heading', { name: 'Log in to Partner Desk' }).waitFor();
    // The tool login's own 'Sign up' link: a new account, made through the restricted tool.
    await page.getByRole('link', { name: 'Sign up' }).click();
    await page.waitForURL(/\/psl\/registration\?/);
    await requestAndEnterCode(page, setup.sink, stranger, 'Email');
    await page.waitForURL(/\/registration\/finalize\?/);
    await page.getByLabel(field('Password')).fill(journeyPassword);
    await page.getByLabel(field('Re-enter password')).fill(journeyPassword);
    await page.getByRole('button', { name: 'Submit' }).click();
    // The hub refuses at the end of the sign-in: back on the tool login, never at the tool.
    await page.waitForURL(/\/psl\/tool\/login\?.*refused=not_registered_to_tool/);
    const refusal = page.getByTestId('tool-login-refused');
    await refusal.waitFor();
    expect(await refusal.textContent()).toBe('Account is not registered to Partner Desk');
    expect(await refusal.getAttribute('role')).toBe('alert');
    expect(page.url()).not.toContain(setup.partnerUrl);

    // Once its operator adds the account, the same person gets in.
    runHubCli(setup.hub.databaseUrl, ['tools', 'add-member', '302', stranger]);
    await page.goto(setup.partnerUrl);
    await page.getByTestId('sign-in-302').click();
    await page.waitForURL(/\/psl\/tool\/login\?from=/);
    await page.getByRole('heading', { name: 'Log in to Partner Desk' }).waitFor();
    await page.getByLabel('Email, mobile number or username').fill(stranger);
    await page.keyboard.press('Enter');
    await passwordStep(page);
    const landing = await toolLanding(page);
    expect(landing.path).toBe('/t/302/sso/account/auth');
    expect(landing.account).toBe(stranger);
    await page.context().close();
  });
});
