import type { SocialProvider } from '@hub/core';
import * as client from 'openid-client';
import type { Config, SocialConfig } from '../config.js';
import { policy } from '../policy.js';

/** What the hub learns from a provider after a successful code exchange. */
export interface ProviderIdentity {
  subject: string;
  email: string | undefined;
  /** Only a provider's explicit word makes an email verified (no takeover by an unverified email). */
  emailVerified: boolean;
}

/** The provider's answer was not usable: down, a 5xx, a bad token or a failed id_token check. */
export class ProviderUnavailable extends Error {}

const isLoopback = (url: string) => ['127.0.0.1', 'localhost', '[::1]'].includes(new URL(url).hostname);

/** Plain http is accepted only on loopback (the stand-in providers of the tests); anything else must be https. */
const insecureOnLoopback = (url: string) => (isLoopback(url) ? [client.allowInsecureRequests] : []);

const TIMEOUT_SECONDS = policy.socialProviderTimeoutMs / 1000;

export interface SocialProviders {
  enabled: () => SocialProvider[];
  redirectUri: (provider: SocialProvider) => string;
  /** The provider's authorization URL: code flow with PKCE (S256), state and (Google) nonce. */
  authorizationUrl: (
    provider: SocialProvider,
    checks: { state: string; nonce: string; codeVerifier: string },
  ) => Promise<URL>;
  /** Exchanges the code (state, PKCE and, for Google, the id_token's signature, iss, aud and nonce checked). */
  exchange: (
    provider: SocialProvider,
    callbackUrl: URL,
    checks: { state: string; nonce: string; codeVerifier: string },
  ) => Promise<ProviderIdentity>;
}

export const createSocialProviders = (config: Config): SocialProviders => {
  const social: SocialConfig = config.social;
  let google: Promise<client.Configuration> | undefined;

  const configurationOf = async (provider: SocialProvider): Promise<client.Configuration> => {
    if (provider === 'google') {
      const g = social.google;
      if (!g) throw new Error('google is not configured');
      // Discovery once per process; a failed discovery is retried on the next sign-in.
      google ??= client
        .discovery(new URL(g.issuer), g.clientId, g.clientSecret, undefined, {
          execute: insecureOnLoopback(g.issuer),
          timeout: TIMEOUT_SECONDS,
        })
        .catch((error: unknown) => {
          google = undefined;
          throw new ProviderUnavailable('google discovery failed', { cause: error });
        });
      return google;
    }
    const f = social.facebook;
    if (!f) throw new Error('facebook is not configured');
    const configuration = new client.Configuration(
      {
        issuer: new URL(f.authorizeUrl).origin,
        authorization_endpoint: f.authorizeUrl,
        token_endpoint: f.tokenUrl,
      },
      f.clientId,
      { client_secret: f.clientSecret },
      client.ClientSecretPost(f.clientSecret),
    );
    configuration.timeout = TIMEOUT_SECONDS;
    for (const option of insecureOnLoopback(f.tokenUrl)) option(configuration);
    return configuration;
  };

  const redirectUri = (provider: SocialProvider) => `${config.publicUrl}/auth/social/${provider}/callback`;

  return {
    enabled: () => (['google', 'facebook'] as const).filter((p) => Boolean(social[p])),
    redirectUri,

    async authorizationUrl(provider, checks) {
      const configuration = await configurationOf(provider);
      const parameters: Record<string, string> = {
        redirect_uri: redirectUri(provider),
        response_type: 'code',
        state: checks.state,
        code_challenge: await client.calculatePKCECodeChallenge(checks.codeVerifier),
        code_challenge_method: 'S256',
      };
      if (provider === 'google') {
        parameters.scope = 'openid email profile';
        parameters.nonce = checks.nonce;
      } else {
        parameters.scope = 'email public_profile';
      }
      return client.buildAuthorizationUrl(configuration, parameters);
    },

    async exchange(provider, callbackUrl, checks) {
      const configuration = await configurationOf(provider);
      let tokens: Awaited<ReturnType<typeof client.authorizationCodeGrant>>;
      try {
        tokens = await client.authorizationCodeGrant(configuration, callbackUrl, {
          pkceCodeVerifier: checks.codeVerifier,
          expectedState: checks.state,
          ...(provider === 'google' ? { expectedNonce: checks.nonce, idTokenExpected: true } : {}),
        });
      } catch (error) {
        throw new ProviderUnavailable(`${provider} code exchange failed`, { cause: error });
      }
      if (provider === 'google') {
        const claims = tokens.claims();
        if (!claims) throw new ProviderUnavailable('google sent no id_token');
        return {
          subject: claims.sub,
          email: typeof claims.email === 'string' ? claims.email : undefined,
          emailVerified: claims.email_verified === true,
        };
      }
      return facebookIdentity(social.facebook!.userinfoUrl, tokens.access_token);
    },
  };
};

/**
 * Facebook's Graph `/me`. Graph does not promise that `email` was confirmed, so the hub treats it
 * as verified only when the answer says so (`verified: true` or `email_verified: true`); otherwise
 * the person is asked to use their password, and no account is created or linked from it.
 */
const facebookIdentity = async (userinfoUrl: string, accessToken: string): Promise<ProviderIdentity> => {
  const url = new URL(userinfoUrl);
  url.searchParams.set('fields', 'id,name,email,verified');
  let body: Record<string, unknown>;
  try {
    const response = await fetch(url, {
      headers: { authorization: `Bearer ${accessToken}`, accept: 'application/json' },
      signal: AbortSignal.timeout(TIMEOUT_SECONDS * 1000),
    });
    if (!response.ok) throw new Error(`status ${response.status}`);
    body = (await response.json()) as Record<string, unknown>;
  } catch (error) {
    throw new ProviderUnavailable('facebook userinfo failed', { cause: error });
  }
  const subject = typeof body.id === 'string' ? body.id : undefined;
  if (!subject) throw new ProviderUnavailable('facebook userinfo has no id');
  return {
    subject,
    email: typeof body.email === 'string' ? body.email : undefined,
    emailVerified: body.verified === true || body.email_verified === true,
  };
};
