import { AxeBuilder } from '@axe-core/playwright';
import type { Browser, Page } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../apps/server/src/test-support/smtp-sink.js';
import { field, journeyPassword, signUp } from './support/auth.js';
import { launchBrowser } from './support/browser.js';
import { type RunningHub, startHub } from './support/hub.js';
import { type SocialStandIns, startSocialStandIns } from './support/social.js';

let hub: RunningHub;
let sink: SmtpSink;
let browser: Browser;
let providers: SocialStandIns;

beforeAll(async () => {
  sink = await startSmtpSink();
  providers = await startSocialStandIns();
  [hub, browser] = await Promise.all([
    startHub({ SMTP_URL: sink.url, MAIL_FROM: 'Account Hub <hub@example.ph>', ...providers.hubEnv }),
    launchBrowser(),
  ]);
  providers.registerHub(hub.url);
});
afterAll(async () => {
  await browser?.close();
  await hub?.stop();
  await providers?.stop();
  await sink?.stop();
});

/** A fresh browser (no hub or provider cookies) that may reach nothing but loopback. */
const openPage = async (width = 800): Promise<Page> => {
  const context = await browser.newContext({ viewport: { width, height: 900 } });
  await context.route(/^https?:\/\/(?!localhost[:/]|127\.0\.0\.1[:/])/, (route) => route.abort());
  return context.newPage();
};

describe('sign-in with Google and Facebook in Chromium (stand-in providers on loopback)', () => {
  it('shows the providers’ buttons on the login and sign-up screens', async () => {
    const page = await openPage(375);
    await page.goto(`${hub.url}/psl/login`);
    await page.getByRole('link', { name: 'Sign in with Google' }).waitFor();
    expect(await page.getByRole('link', { name: 'Continue with Facebook' }).count()).toBe(1);
    await page.goto(`${hub.url}/biz/registration`);
    const google = page.getByRole('link', { name: 'Sign in with Google' });
    expect(await google.getAttribute('href')).toBe('/auth/social/google/start?platform=biz&intent=signup');
    await page.context().close();
  });

  it('passes axe with the buttons and an error under one of them', async () => {
    const page = await openPage(375);
    await page.goto(`${hub.url}/psl/login?social_error=unavailable&provider=facebook`);
    await page.getByText('The provider is not available right now. Please try again later.').waitFor();
    const { violations } = await new AxeBuilder({ page }).analyze();
    expect(violations.map((v) => `${v.id}: ${v.nodes.map((n) => n.target).join(', ')}`)).toEqual([]);
    await page.context().close();
  });

  it('signs a new person up with Google and lands on the platform site signed in', async () => {
    const email = 'andres.google@example.ph';
    providers.google.next({ sub: 'google-andres', email, email_verified: true });
    const page = await openPage(1280);
    await page.goto(`${hub.url}/psl/registration`);
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await page.waitForURL(/\/demo\/psl\/sso\/account\/auth\?ainfo=/);
    expect(await page.getByTestId('platform-account').textContent()).toBe(email);
    await page.context().close();

    // Returning, from a fresh browser: straight back in.
    const again = await openPage(375);
    await again.goto(`${hub.url}/psl/login`);
    await again.getByRole('link', { name: 'Sign in with Google' }).click();
    await again.waitForURL(/\/demo\/psl\/sso\/account\/auth\?ainfo=/);
    expect(await again.getByTestId('platform-account').textContent()).toBe(email);
    await again.context().close();
  });

  it('links Google to an existing account only after its password', async () => {
    const email = 'gabriela.link@example.ph';
    const first = await openPage(800);
    await signUp(first, hub.url, sink, 'psl', email);
    await first.context().close();

    providers.google.next({ sub: 'google-gabriela', email, email_verified: true });
    const page = await openPage(800);
    await page.goto(`${hub.url}/psl/login`);
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
    await page.goto(`${hub.url}/psl/login`);
    await page.getByRole('link', { name: 'Sign in with Google' }).click();
    await page.waitForURL(/social_error=cancelled/);
    await page.getByText('Sign-in was cancelled.').waitFor();

    providers.facebook.next({ id: 'fb-unverified', email: 'unverified@example.ph' });
    await page.getByRole('link', { name: 'Continue with Facebook' }).click();
    await page.waitForURL(/social_error=email_unverified/);
    await page.getByText(/Your email address is not verified/).waitFor();
    await page.context().close();
  });
});
