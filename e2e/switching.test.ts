import { decodeSainfo } from '@hub/core';
import { decodeJwt } from 'jose';
import type { BrowserContext, Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, journeyPassword, requestAndEnterCode, signUp, typeCode } from './support/auth.js';
import { useHubBrowserAndMail } from './support/setup.js';
import { invitationIn, logInByApi, signUpByApi, switchingSainfo } from './support/switching.js';

// The demo tool's origin (`setup.partnerUrl`): nothing listens there; each test that goes there
// answers for it.
const setup = useHubBrowserAndMail({ partner: { variable: 'DEMO_TOOL_URL' } });

const openContext = (width: number): Promise<BrowserContext> =>
  setup.browser.newContext({ viewport: { width, height: 900 } });

const openPage = async (width: number): Promise<Page> => (await openContext(width)).newPage();

const accountField = (page: Page) => page.getByLabel('Email, mobile number or username');
const parentField = (page: Page) => page.getByRole('textbox', { name: 'Parent account' });
const linkedBanner = (page: Page) =>
  page.getByRole('status').filter({ hasText: 'Account successfully linked' });
const signedInTo = (page: Page) => page.getByTestId('platform-signed-in').textContent();

const personal = 'jose.rizal@example.ph';
const toolUser = 'andres.bonifacio@example.ph';
const owner = 'ayala.holdings@example.ph';
const child = 'sari-sari.store@example.ph';
const worker = 'juan.staff@example.ph';

/** The business owner's browser, signed in (made once, by API; the owner's journeys share it). */
let ownerContext: BrowserContext | undefined;
const signedInOwner = async (width: number) => {
  if (!ownerContext) {
    ownerContext = await openContext(width);
    await signUpByApi(ownerContext, setup.hub.url, setup.sink, 'biz', owner);
  }
  await ownerContext.pages()[0]?.close();
  const page = await ownerContext.newPage();
  await page.setViewportSize({ width, height: 900 });
  return page;
};

describe('switching option1 in Chromium', () => {
  it('links a Personal account to Business from the Business login at 375 px, then lands on the Business site', async () => {
    const page = await openPage(375);
    await signUp(page, setup.hub.url, setup.sink, 'psl', personal);

    await page.goto(`${setup.hub.url}/biz/login`);
    await accountField(page).fill(personal);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/biz\/switching\/option1\?sainfo=/);
    await page.getByRole('heading', { name: 'Link your account to Business' }).waitFor();
    // Step 1 starts with the account sainfo names; the user still sends it.
    expect(await accountField(page).inputValue()).toBe(personal);
    await page.getByRole('button', { name: 'Next' }).click();

    await page.getByTestId('account-display').filter({ hasText: personal }).waitFor();
    // Back to step 1 and on again.
    await page.getByRole('button', { name: 'Back' }).click();
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel(field('Password')).fill('Wrong-password-1');
    await page.keyboard.press('Enter');
    await page.getByText('Incorrect password.').first().waitFor();
    await page.getByLabel(field('Password')).fill(journeyPassword);
    await page.keyboard.press('Enter');

    await linkedBanner(page).waitFor();
    const shown = Date.now();
    expect(await page.getByRole('button', { name: 'Redirecting' }).count()).toBe(1);
    // Spec §4: the banner is green and at the top centre; the redirect waits 1.5 s.
    const box = await linkedBanner(page).boundingBox();
    expect(box && box.y < 100 && Math.abs(box.x + box.width / 2 - 375 / 2) < 2).toBe(true);
    await page.waitForURL(/\/demo\/biz\/sso\/account\/auth\?ainfo=/);
    expect(Date.now() - shown).toBeGreaterThan(1_000);
    expect(await signedInTo(page)).toBe('Signed in to Business');
    expect(await page.getByTestId('platform-account').textContent()).toBe(personal);
    await page.context().close();
  });

  it('returns to the tool that sent the user at 800 px, with account type 3 in its ainfo', async () => {
    const seed = await openContext(800);
    await signUpByApi(seed, setup.hub.url, setup.sink, 'psl', toolUser);
    await seed.close();

    const context = await openContext(800);
    await context.route(`${setup.partnerUrl}/**`, (route) =>
      route.fulfill({ contentType: 'text/html', body: '<h1>Chat</h1>' }),
    );
    const page = await context.newPage();
    await page.goto(`${setup.hub.url}/sso/rqx?from=PCHT_SSO_RQX&callback=local&platform=business`);
    await page.waitForURL(/\/biz\/login\?/);
    await accountField(page).fill(toolUser);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/biz\/switching\/option1\?/);
    const option1 = new URL(page.url());
    expect(option1.searchParams.get('from')).toContain('PCHT_SSO_RQX');
    await page.getByTestId('continue-to-tool').filter({ hasText: 'Chat' }).waitFor();
    // Cancel goes back to the login, keeping the tool session.
    const cancel = new URL(
      (await page.getByRole('link', { name: 'Cancel' }).getAttribute('href'))!,
      setup.hub.url,
    );
    expect(cancel.pathname).toBe('/biz/login');
    expect(cancel.searchParams.get('from')).toBe(option1.searchParams.get('from'));

    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel(field('Password')).fill(journeyPassword);
    await page.keyboard.press('Enter');
    await linkedBanner(page).waitFor();
    await page.waitForURL((url) => url.href.startsWith(`${setup.partnerUrl}/t/201/sso/account/auth?`));
    const back = new URL(page.url());
    expect(back.searchParams.get('ref')).toBe('auth');
    expect(decodeJwt(back.searchParams.get('ainfo')!)).toMatchObject({
      account_type: 3,
      platform: 'biz',
      aud: 'tool:201',
    });
    await context.close();
  });

  it('comes back from "Forgot password?" to option1 at 800 px, and shows no form without sainfo', async () => {
    const page = await openPage(800);
    await page.goto(`${setup.hub.url}/biz/switching/option1`);
    await page.getByTestId('switching-not-allowed').waitFor();
    expect(await page.getByRole('textbox').count()).toBe(0);

    const sainfo = switchingSainfo(toolUser);
    await page.goto(`${setup.hub.url}/biz/switching/option1?${new URLSearchParams({ sainfo })}`);
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await page.waitForURL(/\/biz\/reset\/password\?/);
    const resetSainfo = decodeSainfo(new URL(page.url()).searchParams.get('sainfo'));
    expect(resetSainfo.ok && resetSainfo.value.rrf).toBe('switching1');

    await requestAndEnterCode(page, setup.sink, toolUser, 'Email, mobile number or username');
    await page.waitForURL(/\/biz\/reset\/password\/finalize\?/);
    const newPassword = 'Bagong-Passwd-2027!';
    await page.getByLabel(field('New password')).fill(newPassword);
    await page.getByLabel(field('Re-enter password')).fill(newPassword);
    await page.getByRole('button', { name: 'Reset' }).click();
    await page.getByText('Password successfully updated').first().waitFor();

    await page.waitForURL(/\/biz\/switching\/option1\?sainfo=/);
    await page.getByRole('heading', { name: 'Link your account to Business' }).waitFor();
    expect(await accountField(page).inputValue()).toBe(toolUser);
    await page.getByRole('button', { name: 'Next' }).click();
    await page.getByLabel(field('Password')).fill(newPassword);
    await page.keyboard.press('Enter');
    await linkedBanner(page).waitFor();
    await page.waitForURL(/\/demo\/biz\/sso\/account\/auth\?ainfo=/);
    expect(await page.getByTestId('platform-account').textContent()).toBe(toolUser);
    await page.context().close();
  });
});

describe('linking to a parent account (option2) in Chromium', () => {
  it('asks to log in without a session, then links a second business under its owner at 1280 px', async () => {
    const context = await openContext(1280);
    const page = await context.newPage();
    await page.goto(`${setup.hub.url}/biz/switching/option2`);
    await page.getByText('Please sign in to continue.').waitFor();
    expect(await page.getByRole('link', { name: 'Log in' }).getAttribute('href')).toBe('/biz/login');

    await signedInOwner(1280);
    await signUpByApi(context, setup.hub.url, setup.sink, 'biz', child);
    await page.reload();
    expect(await page.getByTestId('signed-in-account').textContent()).toBe(child);
    await parentField(page).fill(owner);
    await page.keyboard.press('Enter');
    await page.getByTestId('account-display').filter({ hasText: owner }).waitFor();
    const reset = new URL(
      (await page.getByRole('link', { name: 'Forgot password?' }).getAttribute('href'))!,
      setup.hub.url,
    );
    const sainfo = decodeSainfo(reset.searchParams.get('sainfo'));
    expect(sainfo.ok && sainfo.value.rrf).toBe('switching2');

    await page.getByLabel(field('Password')).fill(journeyPassword);
    await page.keyboard.press('Enter');
    await linkedBanner(page).waitFor();
    await page.waitForURL(/\/demo\/biz\/sso\/account\/auth\?ainfo=/);
    expect(await page.getByTestId('platform-account').textContent()).toBe(child);

    // Linked once: a second try says so.
    await page.goto(`${setup.hub.url}/biz/switching/option2`);
    await parentField(page).fill(owner);
    await page.keyboard.press('Enter');
    await page.getByText('Account already linked').waitFor();

    // The linking screen words these events its own way: no full stop, and 'exists'.
    await parentField(page).fill('juan dela cruz');
    await page.keyboard.press('Enter');
    await page.getByText('Account format is invalid', { exact: true }).waitFor();
    await parentField(page).fill(child);
    await page.keyboard.press('Enter');
    await page.getByText('Account already exists', { exact: true }).waitFor();
    await context.close();
  });
});

describe('work accounts in Chromium', () => {
  it('registers a work account invited by a business owner, with the code from the mail, at 800 px', async () => {
    const ownerPage = await signedInOwner(800);
    await ownerPage.goto(`${setup.hub.url}/biz/switching/option3`);
    await ownerPage.getByTestId('signed-in-account').waitFor();
    const before = setup.sink.messages.length;
    const invited = await ownerPage.evaluate(async (email) => {
      const response = await fetch('/api/work-accounts/invite', {
        method: 'POST',
        headers: { 'Content-Type': 'application/json' },
        body: JSON.stringify({ email }),
      });
      return response.json();
    }, worker);
    expect(invited).toMatchObject({ status: 'invited', email: worker });
    const { link, code } = invitationIn(
      await setup.sink.waitFor(worker, { after: before, timeoutMs: 15_000 }),
    );

    // The invitee opens the link in a browser of their own.
    const page = await openPage(800);
    await page.goto(link);
    await page.getByTestId('invitation-line').waitFor();
    expect(await page.getByTestId('invitation-line').textContent()).toBe(
      `${owner} invited ${worker} to Business`,
    );
    expect(await page.getByTestId('code-status').textContent()).toBe('Enter verification code');
    expect(await page.getByText(/^Resend code after \d+ sec\.$/).count()).toBe(1);
    await typeCode(page, code);
    await page.getByText('Code has been verified').first().waitFor();

    await page.getByRole('heading', { name: 'Set up password' }).waitFor();
    await page.getByLabel(field('Password')).fill(journeyPassword);
    await page.getByLabel(field('Re-enter password')).fill(journeyPassword);
    await page.getByRole('button', { name: 'Submit' }).click();
    await page.getByText('Account successfully registered').first().waitFor();
    await page.waitForURL(/\/demo\/biz\/sso\/account\/auth\?ainfo=/);
    expect(await signedInTo(page)).toBe('Signed in to Business');
    expect(await page.getByTestId('platform-account').textContent()).toBe(worker);

    // The used link now says the account is registered.
    await page.goto(link);
    await page.getByText('This account has already been registered.').waitFor();
    expect(await page.getByRole('link', { name: 'Go to login' }).getAttribute('href')).toBe('/biz/login');
    await page.context().close();
  });

  it('refuses to link the work account in option2 at 375 px', async () => {
    const page = await signedInOwner(375);
    await page.goto(`${setup.hub.url}/biz/switching/option2`);
    await parentField(page).fill(worker);
    await page.keyboard.press('Enter');
    await page.getByText('You can’t link the work account in business account linking setup').waitFor();
    expect(await parentField(page).getAttribute('aria-invalid')).toBe('true');
  });
});

describe('the default platform (option3) in Chromium', () => {
  it('makes Business the default of a linked Personal account, confirmed by password, at 1280 px', async () => {
    const context = await openContext(1280);
    const page = await context.newPage();
    await logInByApi(context, setup.hub.url, 'psl', personal);
    await page.goto(`${setup.hub.url}/psl/switching/option3`);
    const personalChoice = page.getByRole('radio', { name: /Personal/ });
    await personalChoice.waitFor();
    expect(await personalChoice.isChecked()).toBe(true);
    expect(await page.locator('label', { hasText: 'Current default' }).textContent()).toContain('Personal');

    await page.getByRole('button', { name: 'Continue' }).click();
    await page.getByText('Personal is already your default platform.').waitFor();
    await page.getByRole('radio', { name: /Business/ }).check();
    await page.getByRole('button', { name: 'Continue' }).click();
    await page.waitForURL(/\/biz\/switching\/option3\/finalize\?flow=/);
    expect(await page.getByTestId('default-platform-choice').textContent()).toContain(
      'Make Business your default platform instead of Personal.',
    );
    await page.getByLabel(field('Password')).fill(journeyPassword);
    await page.getByRole('button', { name: 'Confirm' }).click();
    await page.waitForURL(/\/demo\/biz\/sso\/account\/auth\?ainfo=/);
    expect(await page.getByTestId('platform-account').textContent()).toBe(personal);

    const state = await (await context.request.get(`${setup.hub.url}/api/default-platform`)).json();
    expect(state.platforms).toEqual([
      expect.objectContaining({ platform: 'psl', isDefault: false }),
      expect.objectContaining({ platform: 'biz', isDefault: true }),
    ]);
    await context.close();
  });
});
