import { describe, expect, it } from 'vitest';
import { signUp } from './support/auth.js';
import {
  type AuthenticatorOptions,
  type Credential,
  pageWithVirtualAuthenticator,
} from './support/authenticator.js';
import { seriousViolations } from './support/page-checks.js';
import { useHubBrowserAndMail } from './support/setup.js';

const setup = useHubBrowserAndMail();

/** A page with Chromium's virtual authenticator, in this file's browser. */
const pageWithAuthenticator = (options: AuthenticatorOptions = {}) =>
  pageWithVirtualAuthenticator(setup.browser, options);

const platformExit = /\/demo\/psl\/sso\/account\/auth\?ainfo=/;

describe('passkeys in Chromium, with its virtual authenticator', () => {
  const email = 'passkey.journey@example.ph';
  let passkey: Credential;

  it('adds a passkey in the account center after a password sign-up', async () => {
    const { page, cdp, authenticatorId } = await pageWithAuthenticator();
    await signUp(page, setup.hub.url, setup.sink, 'psl', email);

    // Sign-in & security → Passkeys: add one under a name.
    await page.goto(`${setup.hub.url}/account/security`);
    const section = page.getByTestId('passkeys-section');
    await section.getByText('You have no passkeys yet.').waitFor();
    await section.getByLabel('Passkey name').fill('This Chromium');
    await section.getByRole('button', { name: 'Add a passkey' }).click();
    await section.getByText('Passkey “This Chromium” added. You can now sign in with it.').waitFor();
    await section.getByTestId('passkey-item').getByText('Not used yet').waitFor();
    expect(await seriousViolations(page)).toEqual([]);
    const { credentials } = await cdp.send('WebAuthn.getCredentials', { authenticatorId });
    expect(credentials).toHaveLength(1);
    expect(credentials[0]?.isResidentCredential).toBe(true);
    passkey = credentials[0] as unknown as Credential;
    await page.context().close();
  });

  it("signs in with 'Sign in with a passkey' alone from the login account step: no password asked", async () => {
    // Another browser (no hub session) whose authenticator holds the passkey; no autofill offer.
    const { page } = await pageWithAuthenticator({ credential: passkey, autofill: false });
    await page.goto(`${setup.hub.url}/psl/login`);
    const account = page.getByLabel('Email, mobile number or username');
    expect(await account.getAttribute('autocomplete')).toBe('username webauthn');
    expect(await seriousViolations(page)).toEqual([]);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page.waitForURL(platformExit);
    expect(await page.getByTestId('platform-account').textContent()).toBe(email);

    // Back in the account center, the passkey shows its use.
    await page.goto(`${setup.hub.url}/account/security`);
    await page
      .getByTestId('passkey-item')
      .getByText(/^Added .* · Last used /)
      .waitFor();
    await page.context().close();
  });

  it('refuses a copy of the passkey whose counter is behind (a cloned authenticator), and says so', async () => {
    // The copy made at enrolment still counts from 0; the hub has seen 1 since.
    const { page } = await pageWithAuthenticator({ credential: passkey, autofill: false });
    await page.goto(`${setup.hub.url}/psl/login`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).click();
    await page
      .getByText('This passkey could not be verified. Please try again or use your password.')
      .first()
      .waitFor();
    expect(page.url()).toBe(`${setup.hub.url}/psl/login`);
    await page.context().close();
  });

  it("signs in through the account field's autofill offer of the passkey", async () => {
    const { page } = await pageWithAuthenticator({ credential: { ...passkey, signCount: 1000 } });
    // The virtual authenticator takes the autofill offer at once, as a person picking the passkey.
    await page.goto(`${setup.hub.url}/psl/login`);
    await page.waitForURL(platformExit);
    expect(await page.getByTestId('platform-account').textContent()).toBe(email);
    await page.context().close();
  });

  it('keeps the password way working beside the passkey button when the browser holds no passkey', async () => {
    const { page } = await pageWithAuthenticator();
    await page.goto(`${setup.hub.url}/psl/login`);
    await page.getByRole('button', { name: 'Sign in with a passkey' }).waitFor();
    await page.getByLabel('Email, mobile number or username').fill('nobody@example.ph');
    await page.keyboard.press('Enter');
    await page.getByText('Account does not exist', { exact: true }).first().waitFor();
    await page.context().close();
  });
});
