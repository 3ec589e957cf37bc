import { en, labels, secondFactorEndpoints, secondFactorTexts } from '@hub/core';
import { fil } from '@hub/core/i18n/fil';
import { generateSync } from 'otplib';
import type { Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, journeyPassword, signUp } from './support/auth.js';
import { english, expectNoEnglish, filipino, languageCookie, layoutProblems } from './support/i18n-check.js';
import { postFromPage } from './support/operator.js';
import { seriousViolations } from './support/page-checks.js';
import { type OpenedPage, openPage, waitForScreen } from './support/pages.js';
import { useHubBrowserAndMail } from './support/setup.js';
import { shotsIn } from './support/shots.js';

/**
 * Issue #18, second pass, in Chromium: with Accept-Language fil-PH the landing (its platform cards
 * and the header's logo link and 'Sign in' menu), the login, the tool login and the second step of
 * a sign-in read in Filipino, errors included, and fit 320–1280 px; the header's menus (signed out
 * and signed in) switch the language, which the hub_lng cookie remembers and `<html lang>` follows.
 * The English journeys are e2e/auth, landing, sso and second-factor tests, unchanged.
 */
const setup = useHubBrowserAndMail();
const shot = shotsIn('i18n-signin');

/** An account with a password only, and one that confirms its sign-ins with an authenticator app. */
const plain = 'maria.clara@example.ph';
const guarded = 'teodora.alonso@example.ph';
let secret = '';
let recoveryCodes: string[] = [];

const partnerDeskLogin = () =>
  `${setup.hub.url}/sso/rqx?${new URLSearchParams({ from: 'PARTNER_DESK_RQX', callback: 'local', platform: 'personal' })}`;

/** The authenticator app's code for the next time step (inside the hub's ±1 window, unused so far). */
const nextStepCode = () => generateSync({ secret, epoch: Math.floor(Date.now() / 1000) + 30 });

const expectLayoutHolds = async (page: Page, where: string) =>
  expect(await layoutProblems(page), where).toEqual({ page: 0, clipped: [] });

/** The account step of the login, the account typed and sent. */
const submitAccount = async (page: Page, account: string) => {
  await page.getByLabel(fil.common['login.account']).fill(account);
  await page.keyboard.press('Enter');
};

beforeAll(async () => {
  const context = await setup.browser.newContext();
  const page = await context.newPage();
  await signUp(page, setup.hub.url, setup.sink, 'psl', plain);
  await context.clearCookies();
  await signUp(page, setup.hub.url, setup.sink, 'psl', guarded);
  await page.goto(`${setup.hub.url}/`);
  // The authenticator app, set up through the API as the account center does it.
  secret = (await postFromPage(page, secondFactorEndpoints.totp, {})).json.secret ?? '';
  const confirmed = await postFromPage(page, secondFactorEndpoints.totpConfirm, {
    code: generateSync({ secret, epoch: Math.floor(Date.now() / 1000) }),
  });
  recoveryCodes = confirmed.json.recoveryCodes ?? [];
  await context.close();
});

describe('in Filipino, from Accept-Language: fil-PH', () => {
  let opened: OpenedPage;
  let page: Page;
  beforeAll(async () => {
    opened = await openPage(setup.browser, 375, filipino);
    page = opened.page;
  });
  afterAll(async () => {
    expect(opened.errors).toEqual([]);
    await opened.close();
  });

  it('shows the landing with no English at 320, 375, 800 and 1280 px, the cards and the header menu included', async () => {
    await page.goto(`${setup.hub.url}/`);
    await waitForScreen(page, 'landing');
    const personal = page.locator('[data-card="psl"]');
    expect(await personal.getByRole('heading', { level: 3 }).textContent()).toBe(fil.common.personalCard);
    expect(await personal.getByRole('link', { name: 'Magsimula sa Personal' }).isVisible()).toBe(true);
    expect(await personal.getByRole('link', { name: 'Mag-log in sa Personal' }).isVisible()).toBe(true);
    for (const width of [320, 375, 800, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectNoEnglish(page, `landing at ${width} px`);
      await expectLayoutHolds(page, `landing at ${width} px`);
      if (width !== 320) await shot(page, `landing-${width}`);
    }
    // The header (tablet up): the logo link and the 'Sign in' menu with its language switch.
    const header = page.locator('header');
    expect(await header.getByRole('link', { name: 'Home ng Account Hub' }).isVisible()).toBe(true);
    await header.getByRole('button', { name: fil.common.signIn }).click();
    await header.getByRole('link', { name: fil.common.personalSignIn }).waitFor();
    expect(await header.getByLabel(fil.common['language.label']).inputValue()).toBe('fil');
    await expectNoEnglish(page, 'landing, the Sign in menu open');
    await expectLayoutHolds(page, 'landing, the Sign in menu open');
    expect(await seriousViolations(page)).toEqual([]);
    await shot(page, 'landing-menu-1280', { fullPage: false });
    await page.keyboard.press('Escape');
  });

  it('shows the login in Filipino: the account step, its error, the passkey button, the password step and a wrong password', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${setup.hub.url}/psl/login`);
    await waitForScreen(page, 'login');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(fil.common.logIn);
    expect(await page.getByRole('button', { name: fil.common['login.passkey'] }).isVisible()).toBe(true);
    expect(await page.getByRole('link', { name: fil.common['login.forgotPassword'] }).isVisible()).toBe(true);
    expect(await page.title()).toBe(`${fil.common.logIn} · Personal · Account Hub`);
    await expectNoEnglish(page, 'login, account step');
    await shot(page, 'login-375');

    await submitAccount(page, 'walang.ganito@example.ph');
    await page.getByText(fil.errors['account.not_found'], { exact: true }).first().waitFor();
    await expectNoEnglish(page, 'login, account not found');

    await submitAccount(page, plain);
    const password = page.getByLabel(field(fil.common['password.label']));
    await password.waitFor();
    expect(await page.getByTestId('account-display').textContent()).toBe(plain);
    await expectNoEnglish(page, 'login, password step');
    await password.fill('Hindi-ito-ang-password-1');
    await page.keyboard.press('Enter');
    await page.getByText(fil.errors['password.incorrect'], { exact: true }).first().waitFor();
    await expectNoEnglish(page, 'login, wrong password');
    for (const width of [320, 375, 800, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectLayoutHolds(page, `login password step at ${width} px`);
      if (width !== 320) await shot(page, `login-password-error-${width}`);
    }

    // Back to the account step: the screen at the other widths.
    await page.getByRole('button', { name: fil.common.back }).click();
    await page.getByLabel(fil.common['login.account']).waitFor();
    for (const width of [320, 800, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectLayoutHolds(page, `login account step at ${width} px`);
      if (width !== 320) await shot(page, `login-${width}`);
    }
  });

  it('shows the tool login in Filipino, named after its tool', async () => {
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(partnerDeskLogin());
    await waitForScreen(page, 'tool_login');
    await page.getByRole('heading', { level: 1, name: 'Mag-log in sa Partner Desk' }).waitFor();
    await expectNoEnglish(page, 'tool login');
    await expectLayoutHolds(page, 'tool login');
    await shot(page, 'tool-login-375');
    await submitAccount(page, 'walang.ganito@example.ph');
    await page.getByText(fil.errors['account.not_found'], { exact: true }).first().waitFor();
    await expectNoEnglish(page, 'tool login, account not found');
  });

  it('says in Filipino that a tool login without its tool cannot go on', async () => {
    const bare = await openPage(setup.browser, 375, filipino);
    await bare.page.goto(`${setup.hub.url}/psl/tool/login`);
    await waitForScreen(bare.page, 'tool_login');
    expect(await bare.page.getByTestId('tool-login-incomplete').textContent()).toBe(
      fil.common['toolLogin.incomplete'],
    );
    await expectNoEnglish(bare.page, 'tool login without a tool');
    expect(bare.errors).toEqual([]);
    await bare.close();
  });

  it('asks for the authenticator code in Filipino, refuses a wrong one in Filipino, and signs in with the right one', async () => {
    await page.context().clearCookies();
    await page.setViewportSize({ width: 375, height: 800 });
    await page.goto(`${setup.hub.url}/psl/login`);
    await submitAccount(page, guarded);
    await page.getByLabel(field(fil.common['password.label'])).fill(journeyPassword);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: fil.common['secondFactor.title'] }).waitFor();
    expect(await page.getByText(fil.common['secondFactor.totpPrompt']).isVisible()).toBe(true);
    await expectNoEnglish(page, 'second step');
    for (const width of [320, 375, 800, 1280]) {
      await page.setViewportSize({ width, height: 800 });
      await expectLayoutHolds(page, `second step at ${width} px`);
      if (width !== 320) await shot(page, `second-factor-${width}`);
    }

    await page.setViewportSize({ width: 375, height: 800 });
    const wrong = nextStepCode() === '000000' ? '111111' : '000000';
    await page.getByLabel('Digit 1 sa 6').click();
    await page.keyboard.type(wrong);
    await page.keyboard.press('Enter');
    expect(await page.getByTestId('second-factor-error').textContent()).toBe(
      fil.errors['second_factor.code_incorrect'],
    );
    await expectNoEnglish(page, 'second step, a wrong code');
    await shot(page, 'second-factor-error-375');

    await page.getByLabel('Digit 1 sa 6').click();
    await page.keyboard.type(nextStepCode());
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/demo\/psl\/sso\/account\/auth\?ainfo=/);
  });
});

describe('choosing the language from the header menu', () => {
  it('signed out: the landing’s Sign in menu switches to Filipino, remembered by hub_lng after a reload', async () => {
    const { page, errors, close } = await openPage(setup.browser, 1280, english);
    await page.goto(`${setup.hub.url}/`);
    await waitForScreen(page, 'landing');
    const header = page.locator('header');
    await header.getByRole('button', { name: labels.signIn }).click();
    await header.getByLabel(en.common['language.label']).selectOption('fil');
    await page.getByText(fil.common.tagline, { exact: true }).first().waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fil');
    expect((await languageCookie(page))?.value).toBe('fil');
    // The menu stays open, now in Filipino, the switch showing the choice.
    expect(await header.getByRole('link', { name: fil.common.businessSignIn }).isVisible()).toBe(true);
    expect(await header.getByLabel(fil.common['language.label']).inputValue()).toBe('fil');
    expect(await page.locator('footer').getByLabel(fil.common['language.label']).inputValue()).toBe('fil');

    await page.reload();
    await waitForScreen(page, 'landing');
    expect(await page.getByText(fil.common.tagline, { exact: true }).first().isVisible()).toBe(true);
    await expectNoEnglish(page, 'landing after the reload');

    await header.getByRole('button', { name: fil.common.signIn }).click();
    await header.getByLabel(fil.common['language.label']).selectOption('en');
    await page.getByText(labels.tagline, { exact: true }).waitFor();
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('en');
    expect((await languageCookie(page))?.value).toBe('en');
    expect(errors).toEqual([]);
    await close();
  });

  it('signed in: the account menu switches the language, on a phone too', async () => {
    const { page, errors, close } = await openPage(setup.browser, 375, english);
    await page.goto(`${setup.hub.url}/psl/login`);
    await page.getByLabel(en.common['login.account']).fill(plain);
    await page.keyboard.press('Enter');
    await page.getByLabel(field(en.common['password.label'])).fill(journeyPassword);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/demo\/psl\/sso\/account\/auth\?ainfo=/);

    await page.goto(`${setup.hub.url}/psl/login`);
    await waitForScreen(page, 'login');
    const menuButton = page.locator('header [data-testid="account-menu-button"]');
    await menuButton.click();
    const header = page.locator('header');
    await header.getByRole('button', { name: en.common.logOut }).waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    await header.getByLabel(en.common['language.label']).selectOption('fil');
    await header.getByRole('button', { name: fil.common.logOut }).waitFor();
    expect(await menuButton.getAttribute('aria-label')).toBe(`Ang iyong account: ${plain}`);
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe(fil.common.logIn);
    expect(await page.evaluate(() => document.documentElement.lang)).toBe('fil');
    expect((await languageCookie(page))?.value).toBe('fil');
    // Remembered: after a reload (the page served in Filipino, its <noscript> too) all of it reads Filipino.
    await page.reload();
    await waitForScreen(page, 'login');
    await menuButton.click();
    await header.getByRole('button', { name: fil.common.logOut }).waitFor();
    await expectNoEnglish(page, 'login signed in, the account menu open');
    await expectLayoutHolds(page, 'the account menu open at 375 px');
    await shot(page, 'account-menu-375');
    expect(errors).toEqual([]);
    await close();
  });
});

describe('in English, the sign-in path keeps its texts', () => {
  it('on the landing cards, the login and the second step', async () => {
    const { page, errors, close } = await openPage(setup.browser, 1280, english);
    await page.goto(`${setup.hub.url}/`);
    await waitForScreen(page, 'landing');
    const business = page.locator('[data-card="biz"]');
    expect(await business.getByRole('heading', { level: 3 }).textContent()).toBe(labels.businessCard);
    expect(await business.getByRole('link', { name: 'Get started with Business' }).isVisible()).toBe(true);
    expect(await page.locator('header').getByRole('link', { name: 'Account Hub home' }).isVisible()).toBe(
      true,
    );

    await page.goto(`${setup.hub.url}/biz/login`);
    await waitForScreen(page, 'login');
    expect(await page.getByRole('heading', { level: 1 }).textContent()).toBe('Log in');
    expect(
      await page.getByText('Log in to Business with your email, mobile number or username.').isVisible(),
    ).toBe(true);
    for (const name of ['Forgot password?', 'Sign up'])
      expect(await page.getByRole('link', { name }).isVisible()).toBe(true);
    expect(await page.getByRole('button', { name: 'Sign in with a passkey' }).isVisible()).toBe(true);

    await page.goto(`${setup.hub.url}/psl/login`);
    await page.getByLabel('Email, mobile number or username').fill(guarded);
    await page.keyboard.press('Enter');
    await page.getByLabel(field('Password')).fill(journeyPassword);
    await page.keyboard.press('Enter');
    await page.getByRole('heading', { name: secondFactorTexts.title }).waitFor();
    expect(await page.getByText(secondFactorTexts.totpPrompt).isVisible()).toBe(true);
    for (const name of [secondFactorTexts.submit, secondFactorTexts.useRecovery, secondFactorTexts.cancel])
      expect(await page.getByRole('button', { name }).isVisible()).toBe(true);
    // The authenticator's next code was used in Filipino (a code signs in once): a recovery code.
    await page.getByRole('button', { name: secondFactorTexts.useRecovery }).click();
    expect(await page.getByText(secondFactorTexts.recoveryPrompt).isVisible()).toBe(true);
    await page.getByLabel(secondFactorTexts.recoveryLabel).fill(recoveryCodes[0]!);
    await page.keyboard.press('Enter');
    await page.waitForURL(/\/demo\/psl\/sso\/account\/auth\?ainfo=/);
    expect(errors).toEqual([]);
    await close();
  });
});
