import { authEndpoints, switchingEndpoints } from '@hub/core';
import * as client from 'openid-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { registerTool } from '../sso/credentials.js';
import { createAccountQueries } from '../storage/accounts.js';
import { createToolQueries } from '../storage/tools.js';
import { seedAccount } from '../test-support/accounts.js';
import { createTestHub, type TestHub } from '../test-support/app.js';
import { auditEvents } from '../test-support/audit.js';
import { browserFor, latestCode, strongPassword, type TestBrowser } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import {
  authorizationRequest,
  pathOf as path,
  RP_REDIRECT as REDIRECT,
  registerRelyingParty,
  relyingPartyConfig,
} from '../test-support/relying-party.js';
import {
  googleEnv,
  testHubOrigin as hubOrigin,
  throughProvider,
  useGoogleStandIn,
} from '../test-support/social-sign-in.js';
import type { NewOidcClient } from './clients.js';

/**
 * Issue #15: an authorization request's interaction goes on through every screen a sign-in can
 * take (reset, switching option1, Google), and its end is the OpenID Connect exit back to the
 * client; a client linked to a tool follows the tool login's membership rules.
 */
const newPassword = 'Andres-Bonifacio-1896';

describe.each(testDialects)('OpenID Connect inside the hub screens on %s', (dialect) => {
  let hub: TestHub;
  let browser: TestBrowser;
  let n = 0;
  const email = () => `inside-${n}@example.test`;

  const standIn = useGoogleStandIn();
  beforeEach(async () => {
    hub = await createTestHub(dialect, googleEnv(standIn.google));
    browser = browserFor(hub);
    n += 1;
  });
  afterEach(async () => hub.close());

  const register = (input: Partial<NewOidcClient> = {}) =>
    registerRelyingParty(hub, { platform: 'psl', ...input });
  const configFor = (clientId: string) => relyingPartyConfig(hub, clientId);

  /** The client's authorization request, up to the hub screen the interaction sends the browser to. */
  const startAuthorization = async (input: Partial<NewOidcClient> = {}) => {
    const { clientId } = await register(input);
    const config = await configFor(clientId);
    const { url, verifier, state } = await authorizationRequest(config);
    const interaction = String((await browser.get(path(url.href))).headers.location);
    expect(interaction).toMatch(/^\/oidc\/interaction\/[A-Za-z0-9_-]+$/);
    const uid = interaction.split('/').pop()!;
    const screen = await browser.get(interaction);
    expect(screen.statusCode).toBe(303);
    return { config, verifier, state, uid, screen: new URL(String(screen.headers.location), hubOrigin) };
  };

  /** An authorization request with prompt=none: the client's redirect URI with its answer. */
  const startSilent = async (config: client.Configuration) => {
    const { url } = await authorizationRequest(config, { scope: 'openid', prompt: 'none' });
    return new URL(String((await browser.get(path(url.href))).headers.location));
  };

  /** From the hub's exit (a provider address) on to the client's redirect URI. */
  const backAtClient = async (location: string) => {
    let next = location;
    for (let hop = 0; hop < 5 && path(next).startsWith('/oidc/'); hop++)
      next = String((await browser.get(path(next))).headers.location);
    const callback = new URL(next, hubOrigin);
    expect(`${callback.origin}${callback.pathname}`).toBe(REDIRECT);
    return callback;
  };

  const redeem = async (
    auth: { config: client.Configuration; verifier: string; state: string },
    location: string,
  ) =>
    client.authorizationCodeGrant(auth.config, await backAtClient(location), {
      pkceCodeVerifier: auth.verifier,
      expectedState: auth.state,
    });

  /** The login screen's two steps with the context its page carries. */
  const logIn = async (context: Record<string, string>, password = strongPassword) => {
    const identified = await browser.post(authEndpoints.loginIdentify, {
      platform: 'psl',
      account: email(),
      context,
    });
    expect(identified.json()).toMatchObject({ next: 'password' });
    return browser.post(authEndpoints.loginPassword, { flowId: identified.json().flowId, password });
  };

  const contextOf = (url: URL) => Object.fromEntries(url.searchParams) as Record<string, string>;

  it('keeps the interaction through "Forgot password?": the reset returns to the login, whose sign-in ends at the client', async () => {
    const accountId = await seedAccount(hub, { email: email() });
    const auth = await startAuthorization();
    expect(`${auth.screen.pathname}${auth.screen.search}`).toBe(`/psl/login?oidc=${auth.uid}`);

    // The login's link: reset with rrf foundation and the page's context (the oidc uid).
    const started = await browser.post(authEndpoints.resetStart, {
      platform: 'psl',
      account: email(),
      rrf: 'foundation',
      context: { oidc: auth.uid },
    });
    expect(started.statusCode, started.body).toBe(200);
    const flowId = started.json().flowId as string;
    const verified = await browser.post(authEndpoints.resetVerify, {
      flowId,
      code: await latestCode(hub, email()),
    });
    expect(verified.statusCode, verified.body).toBe(200);
    const done = await browser.post(authEndpoints.resetFinalize, { flowId, password: newPassword });
    expect(done.statusCode, done.body).toBe(200);
    // The reset signs no one in (spec: back to the login), and the login keeps the interaction.
    const login = new URL(done.json().location, hubOrigin);
    expect(login.pathname).toBe('/psl/login');
    expect(login.searchParams.get('oidc')).toBe(auth.uid);

    const signedIn = await logIn(contextOf(login), newPassword);
    expect(signedIn.statusCode, signedIn.body).toBe(200);
    const tokens = await redeem(auth, signedIn.json().location);
    expect(tokens.claims()?.sub).toBe(accountId);
  });

  it('keeps the interaction through switching option1: an account of the other platform links and ends at the client', async () => {
    const accountId = await seedAccount(hub, { email: email(), platforms: ['biz'] });
    const auth = await startAuthorization();
    const identified = await browser.post(authEndpoints.loginIdentify, {
      platform: 'psl',
      account: email(),
      context: { oidc: auth.uid },
    });
    expect(identified.json()).toMatchObject({ next: 'redirect' });
    const option1 = new URL(identified.json().location, hubOrigin);
    expect(option1.pathname).toBe('/psl/switching/option1');
    expect(option1.searchParams.get('oidc')).toBe(auth.uid);

    const linking = await browser.post(switchingEndpoints.switchingIdentify, {
      platform: 'psl',
      account: email(),
      context: contextOf(option1),
    });
    expect(linking.statusCode, linking.body).toBe(200);
    const linked = await browser.post(switchingEndpoints.switchingPassword, {
      flowId: linking.json().flowId,
      password: strongPassword,
    });
    expect(linked.statusCode, linked.body).toBe(200);
    const tokens = await redeem(auth, linked.json().location);
    expect(tokens.claims()?.sub).toBe(accountId);
    expect(await createAccountQueries(hub.database.db).memberships(accountId)).toEqual(
      expect.arrayContaining([expect.objectContaining({ platform: 'psl' })]),
    );
  });

  it('keeps the interaction through Google: the provider callback ends at the client', async () => {
    const auth = await startAuthorization();
    standIn.google.next({
      sub: `google-inside-${n}`,
      email: email(),
      email_verified: true,
      name: 'Juan Luna',
    });
    const query = new URLSearchParams({ platform: 'psl', intent: 'login', oidc: auth.uid });
    const callback = await throughProvider(browser, `/auth/social/google/start?${query}`);
    const done = await browser.get(callback);
    expect(done.statusCode, done.body).toBe(302);
    const tokens = await redeem(auth, String(done.headers.location));
    const account = await createAccountQueries(hub.database.db).findById(String(tokens.claims()?.sub));
    expect(account?.email).toBe(email());
  });

  it('a Google refusal before the provider returns to the login with the interaction', async () => {
    const auth = await startAuthorization();
    const query = new URLSearchParams({ platform: 'psl', intent: 'tool_login', oidc: auth.uid });
    const refused = await browser.get(`/auth/social/google/start?${query}`);
    const back = new URL(String(refused.headers.location), hubOrigin);
    expect(back.searchParams.get('social_error')).toBe('state_refused');
    expect(back.searchParams.get('oidc')).toBe(auth.uid);
  });

  it('makes the person a member of an open tool (type 1) the client is linked to, as the tool login does', async () => {
    const accountId = await seedAccount(hub, { email: email() });
    const tools = createToolQueries(hub.database.db);
    await registerTool(tools, { tid: 800 + n, name: 'Open tool', type: 1 }, hub.clock.now());
    const auth = await startAuthorization({ tid: 800 + n });
    expect(await tools.isMember(800 + n, accountId)).toBe(false);
    const signedIn = await logIn({ oidc: auth.uid });
    const tokens = await redeem(auth, signedIn.json().location);
    expect(tokens.claims()?.sub).toBe(accountId);
    await hub.oidc.idle();
    expect(await tools.isMember(800 + n, accountId)).toBe(true);
  });

  it('audits the refusal of a restricted tool as sso.tool_refused, as the tool login does', async () => {
    const accountId = await seedAccount(hub, { email: email() });
    const tools = createToolQueries(hub.database.db);
    await registerTool(tools, { tid: 900 + n, name: 'Members only', type: 2 }, hub.clock.now());
    const auth = await startAuthorization({ tid: 900 + n });
    const signedIn = await logIn({ oidc: auth.uid });
    const callback = await backAtClient(signedIn.json().location);
    expect(callback.searchParams.get('error')).toBe('access_denied');
    expect(await tools.isMember(900 + n, accountId)).toBe(false);
    const refusals = await auditEvents(hub, { accountId, event: 'sso.tool_refused' });
    expect(refusals).toHaveLength(1);
    expect(JSON.parse(String(refusals[0]!.detail))).toMatchObject({
      platform: 'psl',
      method: 'oidc',
      tool: 900 + n,
    });

    // Signed in to the hub now: prompt=none is refused without an interaction, and audited too.
    const silent = await startSilent(auth.config);
    expect(silent.searchParams.get('error')).toBe('access_denied');
    await hub.oidc.idle();
    expect(await auditEvents(hub, { accountId, event: 'sso.tool_refused' })).toHaveLength(2);
  });
});
