import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { type SmtpSink, startSmtpSink } from '../apps/server/src/test-support/smtp-sink.js';
import { field, journeyPassword } from './support/auth.js';
import { launchBrowser } from './support/browser.js';
import { type RunningHub, startHub } from './support/hub.js';
import { shownByExample, startOidcExample } from './support/oidc-example.js';
import { freePort, type NodeProcess } from './support/process.js';
import { signUpByApi } from './support/switching.js';

// examples/oidc-client against the built hub, as `npm start` runs them in local mode: the hub
// seeds the client `local-example` with redirect URIs on OIDC_EXAMPLE_URL, and the example uses
// its published local-only secret by default.
let hub: RunningHub;
let example: NodeProcess;
let exampleUrl: string;
let sink: SmtpSink;
let browser: Browser;
const email = 'andres.bonifacio@example.ph';

beforeAll(async () => {
  sink = await startSmtpSink();
  const examplePort = await freePort();
  exampleUrl = `http://localhost:${examplePort}`;
  [hub, browser] = await Promise.all([
    startHub({
      SMTP_URL: sink.url,
      MAIL_FROM: 'Account Hub <hub@example.ph>',
      OIDC_EXAMPLE_URL: exampleUrl,
    }),
    launchBrowser(),
  ]);
  example = await startOidcExample(examplePort, hub.url);
  // The account exists before the journey; its sign-up screens are e2e/auth.test.ts's.
  const seeding = await browser.newContext();
  await signUpByApi(seeding, hub.url, sink, 'psl', email);
  await seeding.close();
});
afterAll(async () => {
  await browser?.close();
  await example?.end('SIGTERM');
  await hub?.stop();
  await sink?.stop();
});

const shown = shownByExample;

describe('Sign in with Account Hub from the OpenID Connect example', () => {
  it('signs in on the hub’s login screens, refreshes and logs out of both', async () => {
    const context = await browser.newContext();
    const page = await context.newPage();
    await page.goto(exampleUrl);
    await page.getByTestId('oidc-sign-in').click();

    // The hub's identifier-first login: the account step, then the password step.
    await page.waitForURL((url) => url.origin === hub.url && url.searchParams.has('oidc'));
    await page.getByLabel('Email, mobile number or username').fill(email);
    await page.keyboard.press('Enter');
    await page.getByLabel(field('Password')).fill(journeyPassword);
    await page.keyboard.press('Enter');

    // Back on the example, which redeemed the code and verified the ID token (issuer, audience,
    // signature, nonce) before showing anything.
    await page.waitForURL(`${exampleUrl}/`);
    const first = await shown(page);
    expect(first.email).toBe(email);
    expect(first.sub).toMatch(/\S/);
    expect(first.claims).toMatchObject({ iss: hub.url, aud: 'local-example', sub: first.sub });
    expect(typeof first.claims.nonce).toBe('string');
    expect(first.userinfo).toMatchObject({ sub: first.sub, email, email_verified: true });
    expect(first.refreshes).toBe('0');

    // Refresh: a new token set for the same subject, and userinfo still answers its access token.
    await page.getByTestId('oidc-refresh').click();
    await expect.poll(async () => (await shown(page)).refreshes).toBe('1');
    const refreshed = await shown(page);
    expect(refreshed.sub).toBe(first.sub);
    expect(refreshed.userinfo).toMatchObject({ sub: first.sub, email });

    // RP-initiated logout: the hub asks, ends its session and returns to the example's page.
    await page.getByTestId('oidc-logout').click();
    await page.waitForURL((url) => url.origin === hub.url);
    await page.getByRole('button', { name: 'Sign out' }).click();
    await page.waitForURL(`${exampleUrl}/signed-out`);
    await page.getByTestId('oidc-signed-out').waitFor();

    // The hub session is gone: signing in again asks for the account, it is not granted silently.
    await page.goto(exampleUrl);
    await page.getByTestId('oidc-sign-in').click();
    await page.waitForURL((url) => url.origin === hub.url && url.searchParams.has('oidc'));
    await page.getByLabel('Email, mobile number or username').waitFor();
    expect(new URL(page.url()).origin).toBe(hub.url);
    await context.close();
  });
});
