import { authEndpoints, oidcEndpoints } from '@hub/core';
import { createLocalJWKSet, exportJWK, generateKeyPair, jwtVerify } from 'jose';
import * as client from 'openid-client';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import { seedAccount } from '../test-support/accounts.js';
import { createTestHub, type TestHub } from '../test-support/app.js';
import { browserFor, strongPassword, type TestBrowser } from '../test-support/client.js';
import { testDialects } from '../test-support/databases.js';
import {
  pathOf as path,
  RP_REDIRECT,
  registerRelyingParty,
  relyingPartyConfig,
} from '../test-support/relying-party.js';
import type { NewOidcClient } from './clients.js';
import { DEVICE_CODE_GRANT } from './constants.js';

/**
 * The kinds of client of issue #37, driven by openid-client as a relying party would: scopes
 * allowed per client and claims on request, client credentials for the platforms' APIs, native
 * apps' loopback and private-use redirects, the FAPI 2.0 profile, and the device flow.
 */
describe.each(testDialects)('OpenID Connect clients of every kind on %s', (dialect) => {
  let hub: TestHub;
  let browser: TestBrowser;
  let accountId: string;
  let n = 0;
  const email = () => `kinds-${n}@example.test`;

  beforeEach(async () => {
    hub = await createTestHub(dialect);
    browser = browserFor(hub);
    n += 1;
    accountId = await seedAccount(hub, { email: email(), platforms: ['psl', 'biz'] });
  });
  afterEach(async () => hub.close());

  const register = (input: Partial<NewOidcClient> = {}) => registerRelyingParty(hub, input);

  /** The browser at an authorization address, through the hub's login, up to where it leaves the hub. */
  const signInAt = async (address: string) => {
    // The device flow's confirmation sends the browser to the interaction itself.
    const atInteraction = path(address).startsWith('/oidc/interaction/');
    let res = atInteraction ? undefined : await browser.get(path(address));
    const interaction = atInteraction ? path(address) : res?.headers.location;
    if (interaction?.includes('/oidc/interaction/')) {
      const uid = interaction.split('/').pop()!;
      await browser.get(interaction);
      const identified = await browser.post(authEndpoints.loginIdentify, {
        platform: 'psl',
        account: email(),
        context: { oidc: uid },
      });
      const done = await browser.post(authEndpoints.loginPassword, {
        flowId: identified.json().flowId,
        password: strongPassword,
      });
      res = await browser.get(path(done.json().location));
    }
    if (!res) throw new Error('no answer');
    // A native app's request always asks the person (oidc-provider's native_client_prompt): the
    // hub's consent screen, allowed.
    if (res.headers.location?.includes('/oidc/interaction/')) {
      const uid = res.headers.location.split('/').pop()!;
      expect((await browser.get(res.headers.location)).headers.location).toContain('/oidc/consent');
      const allowed = await browser.post(oidcEndpoints.consent.replace(':uid', uid), { allow: true });
      res = await browser.get(path(allowed.json().location));
    }
    return res;
  };

  const codeRequest = async (config: client.Configuration, parameters: Record<string, string>) => {
    const verifier = client.randomPKCECodeVerifier();
    const url = client.buildAuthorizationUrl(config, {
      redirect_uri: RP_REDIRECT,
      scope: 'openid',
      code_challenge: await client.calculatePKCECodeChallenge(verifier),
      code_challenge_method: 'S256',
      ...parameters,
    });
    return { url, verifier };
  };

  const hubJwks = async () => createLocalJWKSet((await hub.app.inject('/.well-known/jwks.json')).json());

  describe('scopes allowed per client', () => {
    it('refuses a request for a scope the client was not allowed: it gets none of what it asked', async () => {
      const { clientId } = await register({ scopes: ['openid', 'email'] });
      const config = await relyingPartyConfig(hub, clientId);
      const { url } = await codeRequest(config, { scope: 'openid email profile' });
      const res = await browser.get(path(url.href));
      const back = new URL(String(res.headers.location));
      expect(`${back.origin}${back.pathname}`).toBe(RP_REDIRECT);
      expect(back.searchParams.get('error')).toBe('invalid_scope');
      expect(back.searchParams.get('code')).toBeNull();
    });

    it('puts a claim in the ID token when the client asks for it with the claims parameter', async () => {
      const { clientId } = await register({ scopes: ['openid', 'email'] });
      const config = await relyingPartyConfig(hub, clientId);
      const { url, verifier } = await codeRequest(config, {
        scope: 'openid email',
        claims: JSON.stringify({ id_token: { email: { essential: true } } }),
      });
      const res = await signInAt(url.href);
      const tokens = await client.authorizationCodeGrant(config, new URL(String(res.headers.location)), {
        pkceCodeVerifier: verifier,
      });
      expect(tokens.claims()).toMatchObject({ sub: accountId, email: email() });
      // Without the claims parameter the ID token carries no email (it is userinfo's).
      const plain = await codeRequest(config, { scope: 'openid email' });
      const again = await signInAt(plain.url.href);
      const second = await client.authorizationCodeGrant(config, new URL(String(again.headers.location)), {
        pkceCodeVerifier: plain.verifier,
      });
      expect(second.claims()?.email).toBeUndefined();
    });
  });

  describe('client credentials for the platforms’ APIs', () => {
    const server = () => ({
      public: false,
      redirectUris: [],
      grantTypes: ['client_credentials' as const],
      scopes: ['psl:read'],
    });

    it('issues a JWT access token for the platform, which its resource server verifies and another refuses', async () => {
      const { clientId, secret } = await register(server());
      const config = await relyingPartyConfig(hub, clientId, secret);
      const psl = hub.config.platformUrls.psl;
      const tokens = await client.clientCredentialsGrant(config, { scope: 'psl:read', resource: psl });
      expect(tokens.token_type.toLowerCase()).toBe('bearer');
      // The stand-in resource server: the hub's keys, its issuer, its own address as audience.
      const verifyAs = async (audience: string) =>
        jwtVerify(tokens.access_token, await hubJwks(), {
          issuer: hub.config.publicUrl.replace(/\/$/, ''),
          audience,
          typ: 'at+jwt',
        });
      const { payload } = await verifyAs(psl);
      expect(payload).toMatchObject({ client_id: clientId, scope: 'psl:read', aud: psl });
      expect(payload.sub).toBe(clientId);
      // The other platform's API refuses it: not its audience.
      await expect(verifyAs(hub.config.platformUrls.biz)).rejects.toMatchObject({
        code: 'ERR_JWT_CLAIM_VALIDATION_FAILED',
      });
    });

    it('defaults to the one platform a server has scopes on; a person’s sign-in keeps userinfo', async () => {
      const { clientId, secret } = await register({
        ...server(),
        grantTypes: ['client_credentials', 'authorization_code'],
        redirectUris: [RP_REDIRECT],
        scopes: ['openid', 'email', 'psl:read'],
      });
      const config = await relyingPartyConfig(hub, clientId, secret);
      const tokens = await client.clientCredentialsGrant(config, { scope: 'psl:read' });
      const { payload } = await jwtVerify(tokens.access_token, await hubJwks(), {
        audience: hub.config.platformUrls.psl,
        typ: 'at+jwt',
      });
      expect(payload.scope).toBe('psl:read');
      const { url, verifier } = await codeRequest(config, { scope: 'openid email' });
      const res = await signInAt(url.href);
      const signedIn = await client.authorizationCodeGrant(config, new URL(String(res.headers.location)), {
        pkceCodeVerifier: verifier,
      });
      expect(await client.fetchUserInfo(config, signedIn.access_token, accountId)).toMatchObject({
        email: email(),
      });
    });

    it('gives no token for a scope the client was not allowed, nor for another platform', async () => {
      const { clientId, secret } = await register(server());
      const config = await relyingPartyConfig(hub, clientId, secret);
      await expect(
        client.clientCredentialsGrant(config, {
          scope: 'psl:read psl:write',
          resource: hub.config.platformUrls.psl,
        }),
      ).rejects.toMatchObject({ error: 'invalid_scope' });
      await expect(
        client.clientCredentialsGrant(config, { scope: 'psl:read', resource: hub.config.platformUrls.biz }),
      ).rejects.toMatchObject({ error: 'invalid_target' });
      await expect(
        client.clientCredentialsGrant(config, {
          scope: 'psl:read',
          resource: 'https://elsewhere.example.test',
        }),
      ).rejects.toMatchObject({ error: 'invalid_target' });
    });

    it('refuses the grant to a client not registered for it', async () => {
      const { clientId, secret } = await register({ public: false, scopes: ['openid', 'psl:read'] });
      const config = await relyingPartyConfig(hub, clientId, secret);
      await expect(
        client.clientCredentialsGrant(config, { scope: 'psl:read', resource: hub.config.platformUrls.psl }),
      ).rejects.toMatchObject({ error: 'invalid_request' });
    });
  });

  describe('native apps (RFC 8252)', () => {
    const exchange = async (config: client.Configuration, redirect: string) => {
      const { url, verifier } = await codeRequest(config, { redirect_uri: redirect });
      const res = await signInAt(url.href);
      const location = String(res.headers.location);
      expect(location.startsWith(redirect)).toBe(true);
      return client.authorizationCodeGrant(config, new URL(location), { pkceCodeVerifier: verifier });
    };

    it('accepts any port on a registered loopback redirect, on 127.0.0.1 and [::1]', async () => {
      const { clientId } = await register({
        applicationType: 'native',
        redirectUris: ['http://127.0.0.1/callback', 'http://[::1]/callback'],
      });
      const config = await relyingPartyConfig(hub, clientId);
      const port = 49152 + Math.floor(Math.random() * 16000);
      expect((await exchange(config, `http://127.0.0.1:${port}/callback`)).claims()?.sub).toBe(accountId);
      expect((await exchange(config, `http://[::1]:${port + 1}/callback`)).claims()?.sub).toBe(accountId);
      // Another path is not the registered redirect.
      const { url } = await codeRequest(config, { redirect_uri: `http://127.0.0.1:${port}/other` });
      expect((await browser.get(path(url.href))).statusCode).toBe(400);
    });

    it('accepts a private-use scheme redirect', async () => {
      const redirect = 'com.example.pos:/oauth/callback';
      const { clientId } = await register({ applicationType: 'native', redirectUris: [redirect] });
      const config = await relyingPartyConfig(hub, clientId);
      expect((await exchange(config, redirect)).claims()?.sub).toBe(accountId);
    });

    it('keeps a web client’s loopback redirect to its exact port', async () => {
      const { clientId } = await register({ redirectUris: ['http://127.0.0.1:8080/callback'] });
      const config = await relyingPartyConfig(hub, clientId);
      const { url } = await codeRequest(config, { redirect_uri: 'http://127.0.0.1:8081/callback' });
      expect((await browser.get(path(url.href))).statusCode).toBe(400);
    });
  });

  describe('the fapi2 security profile', () => {
    const fapiClient = async () => {
      const { publicKey, privateKey } = await generateKeyPair('ES256', { extractable: true });
      const { clientId } = await register({
        public: false,
        authMethod: 'private_key_jwt',
        jwks: { keys: [{ ...(await exportJWK(publicKey)), alg: 'ES256' }] },
        securityProfile: 'fapi2',
      });
      return relyingPartyConfig(hub, clientId, undefined, client.PrivateKeyJwt(privateKey));
    };
    const dpopKeys = () => client.randomDPoPKeyPair('ES256');

    it('completes PAR, PKCE, private_key_jwt and DPoP; its token needs its own proof', async () => {
      const config = await fapiClient();
      const keys = await dpopKeys();
      const DPoP = client.getDPoPHandle(config, keys);
      const verifier = client.randomPKCECodeVerifier();
      const state = client.randomState();
      const url = await client.buildAuthorizationUrlWithPAR(
        config,
        {
          redirect_uri: RP_REDIRECT,
          scope: 'openid email',
          code_challenge: await client.calculatePKCECodeChallenge(verifier),
          code_challenge_method: 'S256',
          state,
        },
        { DPoP },
      );
      const res = await signInAt(url.href);
      const tokens = await client.authorizationCodeGrant(
        config,
        new URL(String(res.headers.location)),
        { pkceCodeVerifier: verifier, expectedState: state },
        undefined,
        { DPoP },
      );
      expect(tokens.token_type.toLowerCase()).toBe('dpop');
      const sub = tokens.claims()!.sub;
      expect(sub).toBe(accountId);
      expect(await client.fetchUserInfo(config, tokens.access_token, sub, { DPoP })).toMatchObject({ sub });

      // Replayed without its proof (as a bearer token), or with another key's proof: refused.
      const bare = await hub.app.inject({
        method: 'GET',
        url: '/oidc/me',
        headers: { authorization: `Bearer ${tokens.access_token}` },
      });
      expect(bare.statusCode).toBe(401);
      expect(bare.headers['www-authenticate']).toMatch(/^DPoP /);
      const other = client.getDPoPHandle(config, await dpopKeys());
      await expect(
        client.fetchUserInfo(config, tokens.access_token, sub, { DPoP: other }),
      ).rejects.toBeTruthy();
      const dpopWithoutProof = await hub.app.inject({
        method: 'GET',
        url: '/oidc/me',
        headers: { authorization: `DPoP ${tokens.access_token}` },
      });
      expect(dpopWithoutProof.statusCode).toBe(400);
      expect(dpopWithoutProof.json().error).toBe('invalid_request');
    });

    it('refuses a plain authorization request for it', async () => {
      const config = await fapiClient();
      const { url } = await codeRequest(config, { scope: 'openid' });
      const res = await browser.get(path(url.href));
      // Not sent back to the client with a code: refused at the hub.
      expect(String(res.headers.location ?? '')).not.toContain('code=');
      expect([303, 400]).toContain(res.statusCode);
      if (res.statusCode === 303)
        expect(new URL(String(res.headers.location)).searchParams.get('error')).toBe('invalid_request');
    });

    it('refuses its code exchange without DPoP', async () => {
      const config = await fapiClient();
      const verifier = client.randomPKCECodeVerifier();
      const url = await client.buildAuthorizationUrlWithPAR(config, {
        redirect_uri: RP_REDIRECT,
        scope: 'openid',
        code_challenge: await client.calculatePKCECodeChallenge(verifier),
        code_challenge_method: 'S256',
      });
      const res = await signInAt(url.href);
      await expect(
        client.authorizationCodeGrant(config, new URL(String(res.headers.location)), {
          pkceCodeVerifier: verifier,
        }),
      ).rejects.toMatchObject({ error: 'invalid_grant' });
    });
  });

  describe('the device authorization grant (RFC 8628)', () => {
    const form = (fields: Record<string, string>) => new URLSearchParams(fields).toString();
    /** The screen's form posted: a refusal goes back through the provider's address to a fresh form. */
    const postForm = async (fields: Record<string, string>) => {
      const res = await browser.post('/oidc/device', form(fields), {
        'content-type': 'application/x-www-form-urlencoded',
      });
      const location = String(res.headers.location);
      return location.startsWith('/oidc/device?') ? browser.get(location) : res;
    };

    it('signs a device in from the hub’s user-code screen', async () => {
      const { clientId } = await register({
        redirectUris: [],
        grantTypes: [DEVICE_CODE_GRANT, 'refresh_token'],
      });
      const config = await relyingPartyConfig(hub, clientId);
      const started = await client.initiateDeviceAuthorization(config, { scope: 'openid email' });
      expect(started.user_code).toMatch(/^[B-DF-HJ-NP-TV-XZ]{4}-[B-DF-HJ-NP-TV-XZ]{4}$/);
      expect(started.verification_uri).toBe(`${hub.config.publicUrl.replace(/\/$/, '')}/oidc/device`);

      const screen = await browser.get('/oidc/device');
      expect(screen.statusCode).toBe(303);
      const input = new URL(String(screen.headers.location), hub.config.publicUrl);
      expect(input.pathname).toBe('/device');
      const xsrf = input.searchParams.get('xsrf')!;

      const wrong = await postForm({ xsrf, user_code: 'BCDF-GHJK' });
      const again = new URL(String(wrong.headers.location), hub.config.publicUrl);
      expect(again.searchParams.get('problem')).toBe('not_found');

      // Each screen has a fresh form secret; the one before no longer works.
      const stale = await postForm({ xsrf, user_code: started.user_code });
      expect(new URL(String(stale.headers.location), hub.config.publicUrl).searchParams.get('problem')).toBe(
        'failed',
      );
      const retry = new URL(String(stale.headers.location), hub.config.publicUrl).searchParams.get('xsrf')!;

      const found = await postForm({ xsrf: retry, user_code: started.user_code.toLowerCase() });
      const confirm = new URL(String(found.headers.location), hub.config.publicUrl);
      expect(confirm.searchParams.get('user_code')).toBe(started.user_code);
      expect(confirm.searchParams.get('client')).toBe('Relying party');

      const confirmed = await postForm({
        xsrf: confirm.searchParams.get('xsrf')!,
        user_code: started.user_code,
        confirm: 'yes',
      });
      const done = await signInAt(String(confirmed.headers.location));
      expect(done.headers.location).toBe('/device?done=1');

      const tokens = await client.pollDeviceAuthorizationGrant(config, { ...started, interval: 0 });
      expect(tokens.claims()?.sub).toBe(accountId);
      expect(tokens.refresh_token).toBeTruthy();
    });

    it('takes the code from verification_uri_complete (a QR code) to the confirmation', async () => {
      const { clientId } = await register({ redirectUris: [], grantTypes: [DEVICE_CODE_GRANT] });
      const config = await relyingPartyConfig(hub, clientId);
      const started = await client.initiateDeviceAuthorization(config, { scope: 'openid' });
      const page = await browser.get(path(String(started.verification_uri_complete)));
      expect(page.statusCode).toBe(200);
      // The provider's own auto-submitted form, posting the code with its form secret.
      const xsrf = /name="xsrf" value="([^"]+)"/.exec(page.body)?.[1];
      expect(xsrf).toBeTruthy();
      const found = await postForm({ xsrf: xsrf!, user_code: started.user_code });
      const confirm = new URL(String(found.headers.location), hub.config.publicUrl);
      expect(confirm.pathname).toBe('/device');
      expect(confirm.searchParams.get('user_code')).toBe(started.user_code);
      // Cancelling tells the device the person said no.
      const aborted = await postForm({
        xsrf: confirm.searchParams.get('xsrf')!,
        user_code: started.user_code,
        abort: 'yes',
      });
      expect(
        new URL(String(aborted.headers.location), hub.config.publicUrl).searchParams.get('problem'),
      ).toBe('aborted');
      await expect(
        client.pollDeviceAuthorizationGrant(config, { ...started, interval: 0 }),
      ).rejects.toMatchObject({
        error: 'access_denied',
      });
    });

    it('throttles user-code guesses', async () => {
      const { clientId } = await register({ redirectUris: [], grantTypes: [DEVICE_CODE_GRANT] });
      await client.initiateDeviceAuthorization(await relyingPartyConfig(hub, clientId), { scope: 'openid' });
      const screen = await browser.get('/oidc/device');
      let xsrf = new URL(String(screen.headers.location), hub.config.publicUrl).searchParams.get('xsrf')!;
      const problems: (string | null)[] = [];
      for (let i = 0; i < 11; i += 1) {
        const res = await postForm({ xsrf, user_code: 'BCDF-GHJK' });
        const next = new URL(String(res.headers.location), hub.config.publicUrl);
        problems.push(next.searchParams.get('problem'));
        xsrf = next.searchParams.get('xsrf') ?? xsrf;
      }
      expect(problems.slice(0, 10).every((p) => p === 'not_found')).toBe(true);
      expect(problems[10]).toBe('rate_limited');
    });
  });
});
