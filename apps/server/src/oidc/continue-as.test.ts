import {
  ACR_MULTI_FACTOR,
  deviceAccountEndpoints,
  meLogoutEndpoints,
  SECOND_STEP_PARAM,
  secondFactorEndpoints,
} from '@hub/core';
import * as client from 'openid-client';
import { describe, expect, it } from 'vitest';
import { seedAccount } from '../test-support/accounts.js';
import { setUpTestHub } from '../test-support/app.js';
import { signInWith, type TestBrowser } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import {
  authorizationRequest,
  pathOf,
  RP_REDIRECT,
  registerRelyingParty,
  relyingPartyConfig,
} from '../test-support/relying-party.js';
import { seedSecondFactor } from '../test-support/second-factors.js';

/**
 * Continue as on an OpenID Connect interaction's login screen (docs/sessions.md "OpenID Connect"):
 * offered when the interaction shows for a second factor the session has not proved, or for another
 * of the browser's accounts; never when the client demands a fresh sign-in (prompt=login, an expired
 * max_age), where the password is asked.
 */
describe.each(testDialects)('Continue as in an OpenID Connect interaction on %s', (dialect) => {
  const ctx = setUpTestHub(dialect, { network: '10.32.7' });

  /** A first-party client on Personal and openid-client's configuration for it. */
  const relyingParty = async () => {
    const { clientId } = await registerRelyingParty(ctx.hub, { public: true, platform: 'psl' });
    return relyingPartyConfig(ctx.hub, clientId);
  };

  /** The authorization request up to the hub's login screen: the interaction's uid, bound to this browser. */
  const toLoginScreen = async (
    browser: TestBrowser,
    config: client.Configuration,
    extra: Record<string, string> = {},
  ) => {
    const request = await authorizationRequest(config, extra);
    const res = await browser.get(pathOf(request.url.href));
    const interaction = String(res.headers.location);
    expect(interaction).toMatch(/^\/oidc\/interaction\//);
    const screen = await browser.get(interaction);
    expect(String(screen.headers.location)).toMatch(/^\/psl\/login\?oidc=/);
    return { ...request, uid: interaction.split('/').pop()! };
  };

  const listed = async (browser: TestBrowser, uid: string) =>
    (await browser.get(`${deviceAccountEndpoints.list}?oidc=${uid}`)).json().accounts as { id: string }[];
  const continueAs = (browser: TestBrowser, account: string, uid: string) =>
    browser.post(deviceAccountEndpoints.continueAs, { account, platform: 'psl', context: { oidc: uid } });

  /** Follows the hub's answer to the provider and returns the client's tokens. */
  const tokensAfter = async (
    browser: TestBrowser,
    config: client.Configuration,
    location: string,
    request: { verifier: string; state: string },
  ) => {
    const back = await browser.get(pathOf(location));
    const callback = new URL(String(back.headers.location), ctx.hub.config.publicUrl);
    expect(`${callback.origin}${callback.pathname}`).toBe(RP_REDIRECT);
    return client.authorizationCodeGrant(config, callback, {
      pkceCodeVerifier: request.verifier,
      expectedState: request.state,
    });
  };

  it('offers Continue as when the client asks for a second factor the session has not proved, then asks it', async () => {
    const email = `oidc-mfa-${ctx.n}@example.ph`;
    const id = await seedAccount(ctx.hub, { email });
    await signInWith(ctx.browser, email);
    // Set up after this session signed in: the session proved the password only.
    const { code } = await seedSecondFactor(ctx.hub, id);
    const config = await relyingParty();
    const request = await toLoginScreen(ctx.browser, config, { acr_values: ACR_MULTI_FACTOR });
    expect((await listed(ctx.browser, request.uid)).map((a) => a.id)).toEqual([id]);
    const parked = await continueAs(ctx.browser, id, request.uid);
    expect(parked.statusCode, parked.body).toBe(200);
    const step = new URL(parked.json().location, 'http://hub');
    expect(step.pathname).toBe('/psl/login');
    expect(step.searchParams.get('oidc')).toBe(request.uid);
    const done = await ctx.browser.post(secondFactorEndpoints.verify, {
      flowId: step.searchParams.get(SECOND_STEP_PARAM),
      method: 'totp',
      code: code(),
    });
    expect(done.statusCode, done.body).toBe(200);
    const tokens = await tokensAfter(ctx.browser, config, done.json().location, request);
    expect(tokens.claims()).toMatchObject({ sub: id, acr: ACR_MULTI_FACTOR });
    expect(tokens.claims()?.amr).toEqual(expect.arrayContaining(['pwd', 'otp', 'mfa']));
  });

  it('offers the browser’s other accounts when its current one signed out', async () => {
    const [first, second] = [`oidc-a-${ctx.n}@example.ph`, `oidc-b-${ctx.n}@example.ph`];
    const firstId = await seedAccount(ctx.hub, { email: first });
    await seedAccount(ctx.hub, { email: second });
    await signInWith(ctx.browser, first);
    await signInWith(ctx.browser, second);
    expect((await ctx.browser.post(meLogoutEndpoints.logout, {})).statusCode).toBe(200);
    const config = await relyingParty();
    const request = await toLoginScreen(ctx.browser, config);
    expect((await listed(ctx.browser, request.uid)).map((a) => a.id)).toEqual([firstId]);
    const done = await continueAs(ctx.browser, firstId, request.uid);
    expect(done.statusCode, done.body).toBe(200);
    const tokens = await tokensAfter(ctx.browser, config, done.json().location, request);
    expect(tokens.claims()?.sub).toBe(firstId);
  });

  it('asks for the password when the client demands a fresh sign-in (prompt=login, an expired max_age)', async () => {
    const email = `oidc-fresh-${ctx.n}@example.ph`;
    const id = await seedAccount(ctx.hub, { email });
    await signInWith(ctx.browser, email);
    const config = await relyingParty();
    const fresh = await toLoginScreen(ctx.browser, config, { prompt: 'login' });
    expect(await listed(ctx.browser, fresh.uid)).toEqual([]);
    const refused = await continueAs(ctx.browser, id, fresh.uid);
    expect(refused.statusCode).toBe(403);
    expect(refused.json().code).toBe('session.fresh_sign_in_required');
    ctx.hub.clock.advance(120_000);
    const old = await toLoginScreen(ctx.browser, config, { max_age: '60' });
    expect(await listed(ctx.browser, old.uid)).toEqual([]);
    expect((await continueAs(ctx.browser, id, old.uid)).json().code).toBe('session.fresh_sign_in_required');
    // Both at once (a second factor and prompt=login): still the password.
    await seedSecondFactor(ctx.hub, id);
    const both = await toLoginScreen(ctx.browser, config, { prompt: 'login', acr_values: ACR_MULTI_FACTOR });
    expect(await listed(ctx.browser, both.uid)).toEqual([]);
    // An uid that names no interaction lists nothing either; a malformed one is refused.
    expect(await listed(ctx.browser, 'not-an-interaction')).toEqual([]);
    expect((await ctx.browser.get(`${deviceAccountEndpoints.list}?oidc=${'x'.repeat(65)}`)).statusCode).toBe(
      400,
    );
  });
});
