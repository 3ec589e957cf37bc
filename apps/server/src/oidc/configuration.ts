import { acrValues } from '@hub/core';
import type Provider from 'oidc-provider';
import type { ClientInstance, InteractionResults, KoaContextWithOIDC } from 'oidc-provider';
import type { Config } from '../config.js';
import type { Hub } from '../hub.js';
import { oidcSessionNeedsSecondFactor } from '../mfa/requirement.js';
import { policy } from '../policy.js';
import { sameHash, sha256 } from '../services/tokens.js';
import type { OidcClientQueries, OidcPayloadQueries } from '../storage/oidc.js';
import { grantKey } from './adapter.js';
import {
  ALL_SCOPES,
  interactionPath,
  OIDC_CLAIMS,
  OIDC_ROUTES,
  oidcCookieNames,
  SECOND_FACTOR_REASON,
  TOOL_MEMBERSHIP_DESCRIPTION,
  TOOL_MEMBERSHIP_REASON,
} from './constants.js';
import { withFormAction } from './csp.js';
import { deviceFlowFeature } from './device-flow.js';
import { errorPage, type PageContext, pageLanguage, signedOutPage, signOutPage } from './pages.js';
import { resourceIndicatorsFeature } from './resource-servers.js';
import { findAccountIn, refusedByTool } from './session-bridge.js';

export type OidcModule = typeof import('oidc-provider');

/** What the configuration is made from: the hub, its OpenID Connect rows and the current keys. */
export interface ConfigurationDeps {
  hub: Hub;
  payloads: OidcPayloadQueries;
  clients: OidcClientQueries;
  /** The storage adapter class (adapter.ts). */
  adapter: unknown;
  /** The key that signs the provider's cookies (a shared secret of every hub process). */
  cookieKey: string;
  jwks: { keys: unknown[] };
}

/** oidc-provider takes its lifetimes in seconds; the policy keeps them in milliseconds. */
const seconds = (ms: number) => ms / 1000;

/**
 * A client linked to a registered tool (`hub clients add --tid`) whose type is not 1 signs in
 * only the tool's members, as the tool login does. Checked on every authorization, with or
 * without a password step; the interaction screen then answers the client with access_denied.
 */
export const interactionPrompts = ({ interactionPolicy }: OidcModule, deps: ConfigurationDeps) => {
  const prompts = interactionPolicy.base();
  // prompt=create (OpenID Connect "Initiating User Registration"): a client may ask for the sign-up
  // screen instead of the login. A requestable prompt only: it is asked for, never decided here;
  // the hub's exit marks it resolved (see oidcExitLocation).
  prompts.add(new interactionPolicy.Prompt({ name: 'create', requestable: true }), 0);
  prompts.get('login').checks.push(
    new interactionPolicy.Check(
      TOOL_MEMBERSHIP_REASON,
      TOOL_MEMBERSHIP_DESCRIPTION,
      'access_denied',
      async (ctx: KoaContextWithOIDC) => {
        const accountId = ctx.oidc.session?.accountId;
        const clientId = ctx.oidc.client?.clientId;
        if (!accountId || !clientId) return false;
        return refusedByTool(deps.hub, deps.clients, accountId, clientId);
      },
    ),
  );
  // A client that asks for the multi-factor acr (acr_values) signs in again when the browser's
  // session was signed in with one factor: its sign-in then needs the second (docs/second-factors.md).
  prompts.get('login').checks.push(
    new interactionPolicy.Check(
      SECOND_FACTOR_REASON,
      'the client asked for a sign-in with a second factor',
      'login_required',
      (ctx: KoaContextWithOIDC) => {
        const session = ctx.oidc.session as { accountId?: string; acr?: string } | undefined;
        return (
          Boolean(session?.accountId) &&
          oidcSessionNeedsSecondFactor(String(ctx.oidc.params?.acr_values ?? ''), session?.acr)
        );
      },
    ),
  );
  return prompts;
};

/**
 * The hub stores only a hash of a client's secret; the one presented is hashed and compared, with
 * the previous secret while a rotation's grace lasts (library-patches.ts puts it in place).
 */
export const clientSecretMatches =
  (clients: OidcClientQueries, now: () => number) => async (clientId: string, presented: unknown) => {
    const row = await clients.find(clientId);
    if (!row || typeof presented !== 'string') return false;
    const hash = sha256(presented);
    if (row.secret_hash && sameHash(row.secret_hash, hash)) return true;
    const graceLasts = (row.previous_secret_expires_at ?? 0) > now();
    return Boolean(graceLasts && row.previous_secret_hash && sameHash(row.previous_secret_hash, hash));
  };

/**
 * A first-party client (the hub's own application) needs no consent screen: its grant is made
 * here with what it asked for, also when the grant it had was revoked (a reused refresh token, a
 * replayed code) or lacks a scope now asked for. Other clients keep the consent prompt.
 */
const loadExistingGrant =
  ({ payloads, clients, hub }: ConfigurationDeps) =>
  async (ctx: KoaContextWithOIDC & { oidc: { provider: Provider; result?: InteractionResults } }) => {
    const client = ctx.oidc.client;
    const session = ctx.oidc.session as { accountId?: string; grantIdFor(id: string): string | undefined };
    if (!client || !session.accountId) return undefined;
    const existing = await (async () => {
      const grantId = ctx.oidc.result?.consent?.grantId ?? session.grantIdFor(client.clientId);
      if (grantId) return ctx.oidc.provider.Grant.find(grantId);
      // The person allowed this client before, in another sign-in session: the decision stands.
      const remembered = await payloads.findByUid(
        'Grant',
        grantKey(session.accountId ?? '', client.clientId),
        hub.now(),
      );
      return remembered ? ctx.oidc.provider.Grant.find(remembered.id) : undefined;
    })();
    const row = await clients.find(client.clientId);
    if (row?.first_party !== 1) return existing;
    const grant =
      existing?.accountId === session.accountId
        ? existing
        : new ctx.oidc.provider.Grant({ accountId: session.accountId, clientId: client.clientId });
    grant.addOIDCScope(String(ctx.oidc.params?.scope ?? 'openid'));
    // The claims it asked for with the claims parameter (in the ID token, or from userinfo).
    const asked = (ctx.oidc as { claims?: Record<string, Record<string, unknown> | undefined> }).claims ?? {};
    const claims = [...Object.keys(asked.id_token ?? {}), ...Object.keys(asked.userinfo ?? {})];
    if (claims.length > 0) grant.addOIDCClaims([...new Set(claims)]);
    await grant.save();
    return grant;
  };

/**
 * oidc-provider refuses to call loopback and private addresses (back-channel logout), against
 * requests forged toward the hub's network. A developer's tool runs on localhost, so in local and
 * development that guard is off.
 */
const localFetch = (config: Config) =>
  config.appEnv === 'local' || config.appEnv === 'development'
    ? {
        fetch: (url: string, options: RequestInit & { dispatcher?: unknown }) => {
          const { dispatcher: _guard, ...rest } = options;
          return fetch(url, rest);
        },
      }
    : {};

/** Lifetimes, refresh and revocation of codes and tokens. */
const tokenRules = () => ({
  ttl: {
    AccessToken: seconds(policy.oidcAccessTokenTtlMs),
    AuthorizationCode: seconds(policy.oidcAuthorizationCodeTtlMs),
    // Same publication rule as ainfo: a retired key stays published as long as its tokens live.
    IdToken: seconds(policy.oidcIdTokenTtlMs),
    RefreshToken: seconds(policy.oidcRefreshTokenTtlMs),
    Interaction: seconds(policy.oidcInteractionTtlMs),
    Session: seconds(policy.oidcSessionTtlMs),
    Grant: seconds(policy.oidcGrantTtlMs),
  },
  // Every refresh returns a new refresh token; presenting a used one revokes the whole grant.
  rotateRefreshToken: true,
  // Logging out (RP-initiated) revokes every code and token of the session's grants, but keeps
  // the grants: they are the person's consent, which a logout does not take back (the account
  // center does). A reused code or refresh token, or a revoked refresh token, still ends the
  // whole grant, and revoking an access token ends only that token (oidc-provider's rule).
  revokeGrantPolicy: (ctx: KoaContextWithOIDC) => {
    const route = ctx.oidc.route;
    if (route === 'end_session' || route === 'end_session_confirm') return false;
    return !(route === 'revocation' && ctx.oidc.entities.AccessToken);
  },
  // Refresh tokens for every client registered for them (not only with offline_access and
  // prompt=consent); they end with the sign-in session, so logging out ends them too.
  issueRefreshToken: async (
    _ctx: unknown,
    client: { grantTypeAllowed(t: string): boolean },
    code: { scopes: Set<string> },
  ) => client.grantTypeAllowed('refresh_token') && code.scopes.has('openid'),
});

/** Client authentication and the algorithms the provider accepts and signs with. */
const clientRules = () => ({
  clientAuthMethods: ['client_secret_basic', 'client_secret_post', 'private_key_jwt', 'none'],
  // No HS* algorithm anywhere: a client's secret is stored only as a hash, so it cannot key one.
  enabledJWA: {
    clientAuthSigningAlgValues: ['ES256', 'RS256', 'PS256'],
    idTokenSigningAlgValues: ['ES256', 'RS256'],
    userinfoSigningAlgValues: ['ES256', 'RS256'],
    introspectionSigningAlgValues: ['ES256', 'RS256'],
    authorizationSigningAlgValues: ['ES256', 'RS256'],
    requestObjectSigningAlgValues: ['ES256', 'RS256'],
  },
  clientDefaults: {
    grant_types: ['authorization_code', 'refresh_token'],
    response_types: ['code'],
    id_token_signed_response_alg: 'ES256',
  },
  // S256 is the only method oidc-provider v9 knows; a public client and a fapi2 one must use it.
  pkce: {
    required: (_ctx: unknown, client: ClientInstance) =>
      client.clientAuthMethod === 'none' || client.hubSecurityProfile === 'fapi2',
  },
  // A client's security profile (`hub clients add --profile`), read by the fapi feature below.
  extraClientMetadata: {
    properties: ['hub_security_profile'],
    validator: (_ctx: unknown, key: string, value: unknown) => {
      if (key === 'hub_security_profile' && value !== undefined && value !== 'fapi2')
        throw new TypeError('hub_security_profile must be fapi2');
    },
  },
});

type LogoutContext = PageContext & {
  body: string;
  oidc: { params?: Record<string, unknown> };
  response: { get(name: string): string };
  set(name: string, value: string): void;
};

/** RP-initiated logout's pages. No inline script or style: the hub's CSP holds here too. */
const rpInitiatedLogout = () => ({
  enabled: true,
  logoutSource: async (ctx: LogoutContext, form: string) => {
    // The confirmation is a form whose answer redirects to the client's registered post-logout
    // address: browsers check that redirect against form-action.
    const target = ctx.oidc.params?.post_logout_redirect_uri;
    const csp = ctx.response.get('content-security-policy');
    if (typeof target === 'string' && URL.canParse(target) && csp)
      ctx.set('content-security-policy', withFormAction(csp, [new URL(target).origin]));
    ctx.body = signOutPage(pageLanguage(ctx), form);
  },
  postLogoutSuccessSource: async (ctx: PageContext & { body: string }) => {
    ctx.body = signedOutPage(pageLanguage(ctx));
  },
});

/** Each build gets objects of its own: the library may change what it is given. */
const features = (deps: ConfigurationDeps) => ({
  devInteractions: { enabled: false },
  // A server calling a platform's API (issue #37): scoped JWT access tokens, resource-servers.ts.
  clientCredentials: { enabled: true },
  resourceIndicators: resourceIndicatorsFeature(deps.hub.config),
  // A client may ask for claims in the ID token (OpenID Connect Core 5.5).
  claimsParameter: { enabled: true },
  // RFC 8628, with the hub's own user-code screen (device-flow.ts).
  deviceFlow: deviceFlowFeature(deps.hub.config),
  registration: { enabled: false },
  // Any client may push its request (RFC 9126); a fapi2 client must (require_pushed_authorization_requests).
  pushedAuthorizationRequests: { enabled: true, requirePushedAuthorizationRequests: false },
  // Sender-constrained tokens (RFC 9449): any client may use DPoP; a fapi2 client must.
  dPoP: { enabled: true },
  // FAPI 2.0 Security Profile, for the clients registered with --profile fapi2 only.
  fapi: {
    enabled: true,
    profile: (_ctx: unknown, client?: ClientInstance) =>
      client?.hubSecurityProfile === 'fapi2' ? '2.0' : undefined,
  },
  // A client may revoke only its own tokens.
  revocation: {
    enabled: true,
    allowedPolicy: async (_ctx: unknown, client: ClientInstance, token: { clientId?: string }) =>
      token.clientId === client.clientId,
  },
  // Introspection answers only a confidential client, and only about its own tokens.
  introspection: {
    enabled: true,
    allowedPolicy: async (_ctx: unknown, client: ClientInstance, token: { clientId?: string }) =>
      client.clientAuthMethod !== 'none' && token.clientId === client.clientId,
  },
  userinfo: { enabled: true },
  backchannelLogout: { enabled: true },
  rpInitiatedLogout: rpInitiatedLogout(),
});

/** The options node-oidc-provider is built with. */
export const providerConfiguration = (oidcModule: OidcModule, deps: ConfigurationDeps) => {
  const https = deps.hub.config.publicUrl.startsWith('https://');
  return {
    adapter: deps.adapter,
    jwks: deps.jwks,
    findAccount: findAccountIn(deps.hub, deps.clients),
    routes: OIDC_ROUTES,
    claims: OIDC_CLAIMS,
    // The platforms' API scopes are known too, so a client's allow-list (its `scope`) covers them.
    // No offline_access: no access outlives the sign-out it came from (docs/oidc.md "Single sign-out").
    scopes: [...ALL_SCOPES],
    responseTypes: ['code'],
    ...localFetch(deps.hub.config),
    // The platform whose login screen a sign-in shows (psl or biz), when the client asks.
    extraParams: ['platform'],
    // The acr a client may ask for with acr_values (docs/second-factors.md).
    acrValues: [...acrValues],
    ...clientRules(),
    cookies: {
      keys: [deps.cookieKey],
      names: oidcCookieNames(https),
      long: { httpOnly: true, sameSite: 'lax', secure: https },
      short: { httpOnly: true, sameSite: 'lax', secure: https },
    },
    ...tokenRules(),
    loadExistingGrant: loadExistingGrant(deps),
    features: features(deps),
    interactions: {
      policy: interactionPrompts(oidcModule, deps),
      url: async (_ctx: unknown, interaction: { uid: string }) => interactionPath(interaction.uid),
    },
    // In the reader's language (issue #18); the error's code and description stay as they are.
    renderError: async (ctx: PageContext & { type: string; body: string }, out: Record<string, string>) => {
      ctx.type = 'html';
      ctx.body = errorPage(pageLanguage(ctx), out);
    },
  };
};
