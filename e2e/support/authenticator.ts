import type { Browser, CDPSession, Page } from 'playwright-core';

/** A credential as WebAuthn.getCredentials reports it (its private key included), to put on another authenticator. */
export type Credential = Record<string, unknown>;

/** What the authenticator holds, and whether the browser offers passkeys by autofill. */
export interface AuthenticatorOptions {
  credential?: Credential;
  autofill?: boolean;
}

/**
 * Gives `page`'s browser a platform authenticator: Chromium's virtual one (CTAP2, built in,
 * holding discoverable credentials, verifying the user), which answers every prompt at once as if
 * the person touched the sensor.
 */
export const addVirtualAuthenticator = async (
  page: Page,
): Promise<{ cdp: CDPSession; authenticatorId: string }> => {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('WebAuthn.enable');
  const { authenticatorId } = await cdp.send('WebAuthn.addVirtualAuthenticator', {
    options: {
      protocol: 'ctap2',
      transport: 'internal',
      hasResidentKey: true,
      hasUserVerification: true,
      isUserVerified: true,
      automaticPresenceSimulation: true,
    },
  });
  return { cdp, authenticatorId };
};

/**
 * A page whose browser has a platform authenticator: Chromium's virtual authenticator (CTAP2,
 * built in, holding discoverable credentials, verifying the user), which answers every prompt at
 * once as if the person touched the sensor (and an autofill offer as if the person picked the
 * passkey). `credential` puts a passkey made elsewhere on it; `autofill: false` makes the browser
 * one without conditional mediation, so only the button can ask for the passkey.
 */
export const pageWithVirtualAuthenticator = async (
  browser: Browser,
  options: AuthenticatorOptions = {},
): Promise<{ page: Page; cdp: CDPSession; authenticatorId: string }> => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 900 } });
  if (options.autofill === false) {
    await context.addInitScript(() => {
      Object.defineProperty(PublicKeyCredential, 'isConditionalMediationAvailable', {
        value: undefined,
        configurable: true,
      });
    });
  }
  const page = await context.newPage();
  const { cdp, authenticatorId } = await addVirtualAuthenticator(page);
  if (options.credential) {
    // As getCredentials gave it: the protocol's own type, which playwright-core does not export.
    await cdp.send('WebAuthn.addCredential', { authenticatorId, credential: options.credential as never });
  }
  return { page, cdp, authenticatorId };
};
