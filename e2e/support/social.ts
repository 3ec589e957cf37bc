import { type SocialProvider, socialButtonLabels, socialCallbackPath } from '@hub/core';
import type { Page } from 'playwright-core';
import {
  type FacebookStandIn,
  facebookEnv,
  startFacebookStandIn,
} from '../../apps/server/src/test-support/facebook-stand-in.js';
import {
  type GoogleStandIn,
  startGoogleStandIn,
} from '../../apps/server/src/test-support/google-stand-in.js';

export interface SocialStandIns {
  /** The hub's configuration for both stand-ins. */
  hubEnv: Record<string, string>;
  google: GoogleStandIn;
  facebook: FacebookStandIn;
  /** Registers the started hub's callback with the stand-in Google. */
  registerHub: (hubUrl: string) => void;
  stop: () => Promise<void>;
}

/** The stand-in Google (node-oidc-provider) and Facebook on loopback, and the hub's env to use them. */
export const startSocialStandIns = async (): Promise<SocialStandIns> => {
  const google = await startGoogleStandIn();
  const facebook = await startFacebookStandIn();
  return {
    hubEnv: {
      GOOGLE_CLIENT_ID: google.clientId,
      GOOGLE_CLIENT_SECRET: google.clientSecret,
      GOOGLE_ISSUER: google.issuer,
      ...facebookEnv(facebook),
    },
    google,
    facebook,
    registerHub: (hubUrl) => google.register([`${hubUrl}${socialCallbackPath('google')}`]),
    async stop() {
      await google.stop();
      await facebook.stop();
    },
  };
};

/** A privileged loopback port nothing listens on: a connection to it is refused at once. */
const unreachable = 'http://127.0.0.1:9';

/**
 * The hub's env with both providers down where the hub talks to them: Google's discovery does not
 * answer, and Facebook's login dialog still does but its token and Graph endpoints do not.
 */
export const providersDownEnv = (standIns: SocialStandIns): Record<string, string> => ({
  ...standIns.hubEnv,
  GOOGLE_ISSUER: unreachable,
  FACEBOOK_TOKEN_URL: `${unreachable}/oauth/access_token`,
  FACEBOOK_USERINFO_URL: `${unreachable}/me`,
});

/**
 * The message under a provider's button (spec §3 stat/msg): the text the button is described by,
 * once the screen shows it.
 */
export const messageUnder = async (page: Page, provider: SocialProvider) => {
  const button = page.getByRole('link', { name: socialButtonLabels[provider] });
  await button.and(page.locator('[aria-describedby]')).waitFor();
  const id = await button.getAttribute('aria-describedby');
  return page.locator(`[id="${id}"]`).textContent();
};

/** Waits until the browser is back on `path` with `?social_error=<code>` for `provider`. */
export const waitForSocialError = (page: Page, path: string, provider: SocialProvider, code: string) =>
  page.waitForURL(
    (url) =>
      url.pathname === path &&
      url.searchParams.get('social_error') === code &&
      url.searchParams.get('provider') === provider,
  );

export interface InterceptedCallback {
  /** The callback URL as the provider sent it, before the rewrite. */
  sent: Promise<URL>;
  /** Ends the interception: later requests to the callback go out untouched. */
  stop: () => Promise<void>;
}

/**
 * Rewrites the provider's redirect back to the hub's callback inside Chromium, before the request
 * leaves the browser. Playwright's routes never see a redirect's next hop (the callback always is
 * one), so this uses Chromium's own request interception (DevTools Fetch domain) on the page. The
 * page's context must block service workers, or a worker could make the request instead of it.
 */
export const interceptCallback = async (
  page: Page,
  provider: SocialProvider,
  rewrite: (callback: URL) => URL,
): Promise<InterceptedCallback> => {
  const cdp = await page.context().newCDPSession(page);
  const sent = new Promise<URL>((resolve, reject) => {
    cdp.on('Fetch.requestPaused', ({ requestId, request }) => {
      const url = rewrite(new URL(request.url)).href;
      cdp.send('Fetch.continueRequest', { requestId, url }).then(() => resolve(new URL(request.url)), reject);
    });
  });
  await cdp.send('Fetch.enable', {
    patterns: [{ urlPattern: `*${socialCallbackPath(provider)}\\?*`, requestStage: 'Request' }],
  });
  return { sent, stop: () => cdp.detach() };
};
