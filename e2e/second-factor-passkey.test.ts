import { secondFactorTexts } from '@hub/core';
import type { Page } from 'playwright-core';
import { describe, expect, it } from 'vitest';
import { field, journeyPassword, logInToPasswordStep, signUp } from './support/auth.js';
import { pageWithVirtualAuthenticator } from './support/authenticator.js';
import { useHubBrowserAndMail } from './support/setup.js';

const setup = useHubBrowserAndMail();
const email = 'passkey.second@example.ph';

/**
 * A page with Chromium's virtual authenticator, without conditional mediation: the login's account
 * field must not sign in with the passkey by autofill, so the password comes first and the passkey
 * second.
 */
const pageWithAuthenticator = async (): Promise<Page> =>
  (await pageWithVirtualAuthenticator(setup.browser, { autofill: false })).page;

describe('a passkey as the second factor in Chromium', () => {
  it('asks for the passkey after the password, and signs in with it', async () => {
    const page = await pageWithAuthenticator();
    await signUp(page, setup.hub.url, setup.sink, 'psl', email);

    // Sign-in & security → Passkeys: the account's only second factor.
    await page.goto(`${setup.hub.url}/account/security`);
    const section = page.getByTestId('passkeys-section');
    await section.getByLabel('Passkey name').fill('This Chromium');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByText('Passkey “This Chromium” added. You can now sign in with it.').waitFor();

    // Signed out (the hub session's cookie gone); the authenticator stays with the browser.
    await page.context().clearCookies();
    await logInToPasswordStep(page, setup.hub.url, 'psl', email);
    await page.getByLabel(field('Password')).fill(journeyPassword);
    await page.keyboard.press('Enter');
    await page.getByText(secondFactorTexts.title).waitFor();
    // The passkey is the account's only second factor: the step opens on it.
    await page.getByText(secondFactorTexts.passkeyPrompt).waitFor();
    await page.getByRole('button', { name: secondFactorTexts.usePasskey }).click();
    await page.waitForURL(/\/demo\/psl\/sso\/account\/auth\?ainfo=/);
    expect(await page.getByTestId('platform-account').textContent()).toBe(email);
    await page.context().close();
  });
});
