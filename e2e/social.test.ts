import { randomBytes } from 'node:crypto';
import { socialCallbackPath } from '@hub/core';
import type { BrowserContextOptions, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { field, journeyPassword, signUp } from './support/auth.js';
import { startHub } from './support/hub.js';
import { axeViolations } from './support/page-checks.js';
import { useHubBrowserAndMail } from './support/setup.js';
import {
  interceptCallback,
  messageUnder,
  providersDownEnv,
  type SocialStandIns,
  startSocialStandIns,
  waitForSocialError,
} from './support/social.js';

let providers: SocialStandIns;
// The stand-ins start before the hub (its env names them) and stop after it.
beforeAll(async () => {
  providers = await startSocialStandIns();
});
afterAll(async () => {
  await providers?.stop();
});
const setup = useHubBrowserAndMail({ env: () => providers.hubEnv });
beforeAll(() => providers.registerHub(setup.hub.url));

/** A fresh browser (no hub or provider cookies) that may reach nothing but loopback. */
const openPage = async (width = 800, options: BrowserContextOptions = {}): Promise<Page> => {
  const context = await setup.browser.newContext({ viewport: { width, height: 900 }, ...options });
  await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => route.abort());
  return context.newPage();
};

/**
 * For journeys that watch or rewrite the provider's redirect to the callback: without the hub's
 * service worker, the page itself makes every request, so the interception sees them all.
 */
const withoutServiceWorker: BrowserContextOptions = { serviceWorkers: 'block' };

const sessionCookie = async (page: Page, hubUrl = setup.hub.url) =>
  (await page.context().cookies(hubUrl)).find((cookie) => cookie.name === 'hub_session')?.value;

/** This browser holds no hub session: no session cookie, and a signed-in-only screen asks to sign in. */
const expectSignedOut = async (page: Page, hubUrl = setup.hub.url) => {
  expect(await sessionCookie(page, hubUrl)).toBeUndefined();
  await page.goto(`${hubUrl}/psl/switching/option2`);
  await page.getByText('Please sign in to continue.', { exact: true }).waitFor();
};

const unavailable = 'The provider is not available right now. Please try again later.';
const stateRefused = 'This sign-in could not be verified. Please start again.';

describe('sign-in with Google and Facebook in Chromium (stand-in providers on loopback)', () => {
  it('shows the providers’ buttons on the login and sign-up screens', async () => {
    const page = await openPage(375);
    await page.goto(`${setup.hub.url}/psl/login`);
    await page.getByRole('link', { name: 'Sign in with Google' }).waitFor();
    expect(await page.getByRole('link', { name: 'Continue with Facebook' }).count()).toBe(1);
    await page.goto(`${setup.hub.url}/biz/registration`);
    const google = page.getByRole('link', { name: 'Sign in with Google' });
    expect(await google.getAttribute('href')).toBe('/auth/social/google/start?platform=biz&intent=signup');
    await page.context().close();
  });

  it('passes axe with the buttons and an error under one of them', async () => {
    const page = await openPage(375);
    await page.goto(`${setup.hub.url}/psl/login?social_error=unavailable&provider=facebook`);
    await page.getByText('The provider is not available right now. Please try again later.').waitFor();
    expect(await axeViolations(page)).toEqual([]);
    await page.context().close();
  });

  it('offers the providers on a tool login and refuses someone who is not the tool’s member', async () => {
    providers.google.next({ sub: 'google-outsider', email: 'outsider@example.ph', email_verified: true });
    const page = await openPage(800);
    const rqx = new URLSearchParams({ callback: 'local', platform: 'personal', from: 'PARTNER_DESK_RQX' });
    await page.goto(`${setup.hub.url}/sso/rqx?${rqx}`);
    await page.waitForURL(/\/psl\/tool\/login\?/);
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await waitForSocialError(page, '/psl/tool/login', 'google', 'not_registered_to_tool');
    expect(await messageUnder(page, 'google')).toBe('Account is not registered to Partner Desk');
    // The tool session came back with it: the screen is still the tool's login.
    await page.getByRole('heading', { name: 'Log in to Partner Desk' }).waitFor();
    await page.context().close();
  });

  it('signs a new person up with Google and lands on the platform site signed in', async () => {
    const email = 'andres.google@example.ph';
    providers.google.next({ sub: 'google-andres', email, email_verified: true });
    const page = await openPage(1280);
    await page.goto(`${setup.hub.url}/psl/registration`);
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await page.waitForURL(/\/demo\/psl\/sso\/account\/auth\?ainfo=/);
    expect(await page.getByTestId('platform-account').textContent()).toBe(email);
    await page.context().close();

    // Returning, from a fresh browser: straight back in.
    const again = await openPage(375);
    await again.goto(`${setup.hub.url}/psl/login`);
    await again.getByRole('link', { name: 'Sign in with Google' }).click();
    await again.waitForURL(/\/demo\/psl\/sso\/account\/auth\?ainfo=/);
    expect(await again.getByTestId('platform-account').textContent()).toBe(email);
    await again.context().close();
  });

  it('links Google to an existing account only after its password', async () => {
    const email = 'gabriela.link@example.ph';
    const first = await openPage(800);
    await signUp(first, setup.hub.url, setup.sink, 'psl', email);
    await first.context().close();

    providers.google.next({ sub: 'google-gabriela', email, email_verified: true });
    const page = await openPage(800);
    await page.goto(`${setup.hub.url}/psl/login`);
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await page.waitForURL(/\/psl\/login\?social=/);
    await page.getByTestId('social-link').waitFor();
    await page.getByLabel(field('Password')).fill('Not-the-password-1');
    await page.keyboard.press('Enter');
    await page.getByText('Incorrect password.').first().waitFor();
    await page.getByLabel(field('Password')).fill(journeyPassword);
    await page.getByRole('button', { name: 'Link Google and log in' }).click();
    await page.waitForURL(/\/demo\/psl\/sso\/account\/auth\?ainfo=/);
    expect(await page.getByTestId('platform-account').textContent()).toBe(email);
    await page.context().close();
  });

  it('shows a cancelled consent and an unverified email under the button', async () => {
    providers.google.next('cancel');
    const page = await openPage(375);
    await page.goto(`${setup.hub.url}/psl/login`);
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await page.waitForURL(/social_error=cancelled/);
    await page.getByText('Sign-in was cancelled.').waitFor();

    providers.facebook.next({ id: 'fb-unverified', email: 'unverified@example.ph' });
    await page.getByRole('link', { name: 'Continue with Facebook' }).click();
    await page.waitForURL(/social_error=email_unverified/);
    await page.getByText(/Your email address is not verified/).waitFor();
    await page.context().close();
  });

  it('says the provider is not available when it does not answer, and signs no one in', async () => {
    const down = await startHub(providersDownEnv(providers));
    try {
      // Google's discovery is refused: the hub sends the browser straight back to the screen.
      const page = await openPage(375, withoutServiceWorker);
      await page.goto(`${down.url}/psl/login`);
      await page.getByRole('link', { name: 'Sign in with Google' }).click();
      await waitForSocialError(page, '/psl/login', 'google', 'unavailable');
      expect(await messageUnder(page, 'google')).toBe(unavailable);
      expect(
        await page.getByRole('link', { name: 'Continue with Facebook' }).getAttribute('aria-describedby'),
      ).toBeNull();

      // Facebook's dialog answers with a code, then its token endpoint refuses the hub.
      providers.facebook.next({ id: 'fb-down', email: 'down.facebook@example.ph', verified: true });
      await page.goto(`${down.url}/biz/registration`);
      const callback = page.waitForRequest((request) =>
        request.url().startsWith(`${down.url}${socialCallbackPath('facebook')}?`),
      );
      await page.getByRole('link', { name: 'Continue with Facebook' }).click();
      expect(new URL((await callback).url()).searchParams.get('code')).toMatch(/^[0-9a-f]{32}$/);
      await waitForSocialError(page, '/biz/registration', 'facebook', 'unavailable');
      expect(await messageUnder(page, 'facebook')).toBe(unavailable);
      expect(
        await page.getByRole('link', { name: 'Sign in with Google' }).getAttribute('aria-describedby'),
      ).toBeNull();

      await expectSignedOut(page, down.url);
      await page.context().close();
    } finally {
      await down.stop();
    }
  });

  it('refuses a callback carrying a state the hub did not issue, and signs no one in', async () => {
    const email = 'forged.state@example.ph';
    providers.google.next({ sub: 'google-forged', email, email_verified: true });
    const page = await openPage(800, withoutServiceWorker);
    await page.goto(`${setup.hub.url}/psl/login`);
    // As a real state looks (43 base64url characters), but not one the hub gave this browser.
    const forged = randomBytes(32).toString('base64url');
    const callback = await interceptCallback(page, 'google', (url) => {
      url.searchParams.set('state', forged);
      return url;
    });
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await waitForSocialError(page, '/psl/login', 'google', 'state_refused');
    expect(await messageUnder(page, 'google')).toBe(stateRefused);
    const genuine = await callback.sent;
    await callback.stop();
    expect(genuine.searchParams.get('state')).not.toBe(forged);
    await expectSignedOut(page);

    // The provider's redirect as it was sent signs in: the code was good, only the state was forged.
    await page.goto(genuine.href);
    await page.waitForURL(/\/demo\/psl\/sso\/account\/auth\?ainfo=/);
    expect(await page.getByTestId('platform-account').textContent()).toBe(email);
    await page.context().close();
  });

  it('refuses a replayed callback, in the same browser and in another, with no second sign-in', async () => {
    const email = 'replayed.code@example.ph';
    providers.google.next({ sub: 'google-replayed', email, email_verified: true });
    const page = await openPage(1280, withoutServiceWorker);
    await page.goto(`${setup.hub.url}/psl/login`);
    const followed = page.waitForRequest((request) =>
      request.url().startsWith(`${setup.hub.url}${socialCallbackPath('google')}?`),
    );
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    const callback = (await followed).url();
    await page.waitForURL(/\/demo\/psl\/sso\/account\/auth\?ainfo=/);
    expect(await page.getByTestId('platform-account').textContent()).toBe(email);
    const session = await sessionCookie(page);
    expect(session).toBeDefined();

    // Every sign-in sets a new session cookie: the same one afterwards means no second sign-in.
    await page.goto(callback);
    await waitForSocialError(page, '/psl/login', 'google', 'state_refused');
    expect(await messageUnder(page, 'google')).toBe(stateRefused);
    expect(await sessionCookie(page)).toBe(session);
    await page.context().close();

    // The same URL opened in another browser (from a history, a log or a Referer).
    const other = await openPage(375, withoutServiceWorker);
    await other.goto(callback);
    await waitForSocialError(other, '/psl/login', 'google', 'state_refused');
    expect(await messageUnder(other, 'google')).toBe(stateRefused);
    await expectSignedOut(other);
    await other.context().close();
  });
});
