import { afterAll, beforeAll, expect } from 'vitest';
import type { TestBrowser } from './client.js';
import { type FacebookStandIn, startFacebookStandIn } from './facebook-stand-in.js';
import { type GoogleStandIn, startGoogleStandIn } from './google-stand-in.js';

/** The hub's public origin under the test configuration: where a provider sends the browser back. */
export const testHubOrigin = 'http://localhost:3000';

/** The hub configuration that points its Google sign-in at the stand-in. */
export const googleEnv = (google: GoogleStandIn) => ({
  GOOGLE_CLIENT_ID: google.clientId,
  GOOGLE_CLIENT_SECRET: google.clientSecret,
  GOOGLE_ISSUER: google.issuer,
});

/**
 * Registers the hooks of a describe block that starts the Google stand-in (its redirect URI the
 * test hub's callback) before the block's first test and stops it after the last. Register it
 * before the hub's hooks, so the hub closes before the stand-in stops.
 */
export const useGoogleStandIn = (): { readonly google: GoogleStandIn } => {
  let google: GoogleStandIn | undefined;
  beforeAll(async () => {
    google = await startGoogleStandIn([`${testHubOrigin}/auth/social/google/callback`]);
  });
  afterAll(async () => google?.stop());
  return {
    get google() {
      if (!google) throw new Error('the Google stand-in starts in beforeAll: use it in a hook or a test');
      return google;
    },
  };
};

/** Like useGoogleStandIn, for the Facebook stand-in (its configuration: facebookEnv). */
export const useFacebookStandIn = (): { readonly facebook: FacebookStandIn } => {
  let facebook: FacebookStandIn | undefined;
  beforeAll(async () => {
    facebook = await startFacebookStandIn();
  });
  afterAll(async () => facebook?.stop());
  return {
    get facebook() {
      if (!facebook) throw new Error('the Facebook stand-in starts in beforeAll: use it in a hook or a test');
      return facebook;
    },
  };
};

/**
 * The browser's trip through a provider stand-in: the hub's start (inject), the provider's pages
 * (real HTTP on loopback, with the provider's cookies), back to the hub's callback path and query
 * (not yet followed).
 */
export const throughProvider = async (browser: TestBrowser, startPath: string) => {
  const start = await browser.get(startPath);
  expect(start.statusCode, start.body).toBe(302);
  let current = String(start.headers.location);
  const jar = new Map<string, string>();
  for (let hop = 0; hop < 10; hop++) {
    const url = new URL(current);
    if (url.origin === testHubOrigin) return `${url.pathname}${url.search}`;
    const res = await fetch(url, {
      redirect: 'manual',
      headers: { cookie: [...jar].map(([k, v]) => `${k}=${v}`).join('; ') },
    });
    for (const cookie of res.headers.getSetCookie()) {
      const [pair] = cookie.split(';');
      const at = pair!.indexOf('=');
      jar.set(pair!.slice(0, at), pair!.slice(at + 1));
    }
    const location = res.headers.get('location');
    if (!location) throw new Error(`provider answered ${res.status}: ${await res.text()}`);
    current = new URL(location, url).href;
  }
  throw new Error('too many redirects');
};
