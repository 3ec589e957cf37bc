import * as client from 'openid-client';
import { type NewOidcClient, registerOidcClient } from '../oidc/clients.js';
import { createOidcClientQueries } from '../storage/oidc.js';
import type { TestHub } from './app.js';

/** The redirect URI of the relying parties the tests register. */
export const RP_REDIRECT = 'https://rp.example.test/callback';

/** openid-client's requests go to the hub through inject, as if over the network. */
export const injectFetch =
  (hub: TestHub): client.CustomFetch =>
  async (url, options) => {
    const target = new URL(url);
    const res = await hub.app.inject({
      method: options.method as 'GET' | 'POST',
      url: target.pathname + target.search,
      headers: { ...(options.headers as Record<string, string>), host: target.host },
      ...(options.body === undefined || options.body === null ? {} : { payload: String(options.body) }),
    });
    const headers = new Headers();
    for (const [name, value] of Object.entries(res.headers))
      if (value !== undefined) headers.set(name, Array.isArray(value) ? value.join(', ') : String(value));
    const empty = res.statusCode === 204 || res.statusCode === 304;
    return new Response(empty ? null : new Uint8Array(res.rawPayload), { status: res.statusCode, headers });
  };

/** The path and query of an address (absolute or not): what a test browser requests. */
export const pathOf = (location: string) => {
  const url = new URL(location, 'http://placeholder');
  return url.pathname + url.search;
};

/**
 * Registers a relying party at the hub: a public first-party client on no platform, redirecting to
 * RP_REDIRECT, unless `input` says otherwise.
 */
export const registerRelyingParty = (hub: TestHub, input: Partial<NewOidcClient> = {}) =>
  registerOidcClient(
    createOidcClientQueries(hub.database.db),
    {
      name: 'Relying party',
      redirectUris: [RP_REDIRECT],
      public: true,
      firstParty: true,
      platform: null,
      postLogoutRedirectUris: [],
      backchannelLogoutUri: null,
      ...input,
    },
    hub.clock.now(),
  );

/**
 * openid-client's configuration for a client of the hub, read from the hub's discovery document:
 * with a secret, client_secret_basic (unless `auth` names another method), without one, none.
 */
export const relyingPartyConfig = async (
  hub: TestHub,
  clientId: string,
  secret?: string,
  auth?: client.ClientAuth,
) => {
  const config = await client.discovery(
    new URL(hub.config.publicUrl),
    clientId,
    secret,
    auth ?? (secret ? client.ClientSecretBasic(secret) : client.None()),
    { execute: [client.allowInsecureRequests], [client.customFetch]: injectFetch(hub) },
  );
  config[client.customFetch] = injectFetch(hub);
  return config;
};

/** An authorization request with PKCE (S256) and a state, to RP_REDIRECT: its URL and what the grant checks. */
export const authorizationRequest = async (
  config: client.Configuration,
  parameters: Record<string, string> = {},
) => {
  const verifier = client.randomPKCECodeVerifier();
  const state = client.randomState();
  const url = client.buildAuthorizationUrl(config, {
    redirect_uri: RP_REDIRECT,
    scope: 'openid email',
    code_challenge: await client.calculatePKCECodeChallenge(verifier),
    code_challenge_method: 'S256',
    state,
    ...parameters,
  });
  return { url, verifier, state };
};
