/**
 * The names and paths of the hub's OpenID Connect provider, shared by its configuration, its
 * routes and the interaction screens. No code of oidc-provider is loaded from here.
 */

/** Every endpoint of the provider lives under this path; discovery stays at the issuer's root. */
export const OIDC_PREFIX = '/oidc';

/** Why an interaction refuses the account: it is not a member of the client's tool. */
export const TOOL_MEMBERSHIP_REASON = 'tool_membership';
/** Why an interaction asks a signed-in browser to sign in again: the client wants a second factor (acr). */
export const SECOND_FACTOR_REASON = 'second_factor_required';
/** The check's error_description: what a prompt=none refusal of a restricted tool answers. */
export const TOOL_MEMBERSHIP_DESCRIPTION = 'the account may not use this application';

/** Where oidc-provider sends the browser to sign in; the hub's login screen takes over from there. */
export const interactionPath = (uid: string) => `${OIDC_PREFIX}/interaction/${uid}`;

/**
 * The claims a client may ask for, by scope. `hub` is the hub's own: the platforms the account
 * belongs to and its account type (the `ut` of the legacy tokens). `acr` and `amr` go in every
 * ID token.
 */
export const OIDC_CLAIMS = {
  // With `sub`, how the person signed in (docs/second-factors.md): every ID token carries them.
  openid: ['sub', 'acr', 'amr'],
  email: ['email', 'email_verified'],
  profile: ['name'],
  hub: ['platforms', 'account_type'],
} as const;

/** The OpenID Connect scopes; a client registered without --scopes may ask for these. */
export const OIDC_SCOPES = ['openid', 'email', 'profile', 'hub'] as const;

/**
 * The platforms' APIs as resource servers (RFC 8707 resource indicators): a client allowed one of
 * their scopes gets a JWT access token (RFC 9068) whose audience is the platform's address.
 */
export const API_SCOPES = {
  psl: ['psl:read', 'psl:write'],
  biz: ['biz:read', 'biz:write'],
} as const;

/** Every scope the provider knows: the OpenID Connect ones and the platforms' API scopes. */
export const ALL_SCOPES: readonly string[] = [...OIDC_SCOPES, ...API_SCOPES.psl, ...API_SCOPES.biz];

/** The grant types a client may be registered for (`hub clients add --grant-type`). */
export const DEVICE_CODE_GRANT = 'urn:ietf:params:oauth:grant-type:device_code';
export const GRANT_TYPES = [
  'authorization_code',
  'refresh_token',
  'client_credentials',
  DEVICE_CODE_GRANT,
] as const;
export type GrantType = (typeof GRANT_TYPES)[number];

/** The per-client security profiles: fapi2 is FAPI 2.0 Security Profile (PAR, PKCE, private_key_jwt, DPoP). */
export const SECURITY_PROFILES = ['fapi2'] as const;
export type SecurityProfile = (typeof SECURITY_PROFILES)[number];

/** The hub's own screen for a device sign-in's user code (RFC 8628), in apps/web. */
export const DEVICE_SCREEN_PATH = '/device';

export const OIDC_ROUTES = {
  authorization: `${OIDC_PREFIX}/auth`,
  backchannel_authentication: `${OIDC_PREFIX}/backchannel`,
  code_verification: `${OIDC_PREFIX}/device`,
  challenge: `${OIDC_PREFIX}/challenge`,
  device_authorization: `${OIDC_PREFIX}/device/auth`,
  end_session: `${OIDC_PREFIX}/session/end`,
  introspection: `${OIDC_PREFIX}/token/introspection`,
  // One key set for everything the hub signs: the hub serves it itself (with the keys that are
  // retired but still published), so discovery names the same address the legacy tokens use.
  jwks: '/.well-known/jwks.json',
  pushed_authorization_request: `${OIDC_PREFIX}/request`,
  registration: `${OIDC_PREFIX}/reg`,
  revocation: `${OIDC_PREFIX}/token/revocation`,
  token: `${OIDC_PREFIX}/token`,
  userinfo: `${OIDC_PREFIX}/me`,
  credential: `${OIDC_PREFIX}/credential`,
};

/** The provider's cookies; the session cookie is `__Host-` on HTTPS (the others are path-bound). */
export const oidcCookieNames = (https: boolean) => ({
  session: https ? '__Host-hub_oidc_session' : 'hub_oidc_session',
  interaction: 'hub_oidc_interaction',
  resume: 'hub_oidc_resume',
});
