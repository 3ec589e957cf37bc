import { randomToken, sha256 } from '../services/tokens.js';
import type { OidcClientQueries } from '../storage/oidc.js';
import type { GrantType, SecurityProfile } from './constants.js';

export type TokenEndpointAuthMethod =
  | 'client_secret_basic'
  | 'client_secret_post'
  | 'private_key_jwt'
  | 'none';

export interface NewOidcClient {
  name: string;
  redirectUris: string[];
  /** A public client (a browser or mobile app) has no secret and must use PKCE. */
  public: boolean;
  firstParty: boolean;
  platform: 'psl' | 'biz' | null;
  postLogoutRedirectUris: string[];
  backchannelLogoutUri: string | null;
  /** For a confidential client: how it authenticates at the token endpoint. */
  authMethod?: Exclude<TokenEndpointAuthMethod, 'none'>;
  /** The public keys of a private_key_jwt client (a JWKS). */
  jwks?: { keys: unknown[] } | null;
  idTokenAlg?: 'ES256' | 'RS256';
  tid?: number | null;
  /** The scopes it may ask for; absent or null: the OpenID Connect ones. */
  scopes?: string[] | null;
  /** native: an app on a device (RFC 8252 loopback and private-use scheme redirects). */
  applicationType?: 'web' | 'native';
  /** Absent: authorization_code and refresh_token. */
  grantTypes?: GrantType[];
  securityProfile?: SecurityProfile | null;
}

/**
 * Why a client's registration cannot work, or null. The CLI refuses these before writing: a fapi2
 * client authenticates with private_key_jwt and signs people in with the code flow only; client
 * credentials need a confidential client; the code flow needs a redirect URI.
 */
export const clientProblem = (input: NewOidcClient): string | null => {
  const grants = input.grantTypes ?? ['authorization_code', 'refresh_token'];
  if (grants.includes('client_credentials') && input.public)
    return 'client_credentials needs a confidential client (not --public).';
  if (grants.includes('authorization_code') && input.redirectUris.length === 0)
    return 'A client of the authorization_code grant needs at least one --redirect-uri.';
  if (!grants.includes('authorization_code') && input.redirectUris.length > 0)
    return '--redirect-uri is only for a client of the authorization_code grant.';
  if (input.securityProfile === 'fapi2') {
    if (input.public || input.authMethod !== 'private_key_jwt')
      return 'A fapi2 client authenticates with --auth-method private_key_jwt.';
    if (input.idTokenAlg === 'RS256')
      return 'A fapi2 client verifies ES256 ID tokens (FAPI 2.0 allows no RS256).';
    if (grants.some((grant) => grant !== 'authorization_code' && grant !== 'refresh_token'))
      return 'A fapi2 client uses only the authorization_code and refresh_token grants.';
  }
  return null;
};

/** A client secret: 192 random bits, so a SHA-256 hash protects it as well as a slow hash would. */
export const newClientSecret = () => {
  const secret = `hubsecret_${randomToken(24)}`;
  return { secret, hash: sha256(secret) };
};

/**
 * Registers a client as `hub clients add` does; returns its id and, for a client that
 * authenticates with a secret, the secret: the only time it exists in the clear.
 */
export const registerOidcClient = async (
  clients: OidcClientQueries,
  input: NewOidcClient,
  now: number,
): Promise<{ clientId: string; secret: string | undefined }> => {
  const clientId = `hub_${randomToken(12)}`;
  const method: TokenEndpointAuthMethod = input.public ? 'none' : (input.authMethod ?? 'client_secret_basic');
  const withSecret = method === 'client_secret_basic' || method === 'client_secret_post';
  const secret = withSecret ? newClientSecret() : undefined;
  await clients.insert({
    client_id: clientId,
    name: input.name,
    public: input.public ? 1 : 0,
    first_party: input.firstParty ? 1 : 0,
    platform: input.platform,
    tid: input.tid ?? null,
    redirect_uris: JSON.stringify(input.redirectUris),
    post_logout_redirect_uris: JSON.stringify(input.postLogoutRedirectUris),
    backchannel_logout_uri: input.backchannelLogoutUri,
    token_endpoint_auth_method: method,
    jwks: input.jwks ? JSON.stringify(input.jwks) : null,
    id_token_signed_response_alg: input.idTokenAlg ?? 'ES256',
    secret_hash: secret?.hash ?? null,
    previous_secret_hash: null,
    previous_secret_expires_at: null,
    scopes: input.scopes ? input.scopes.join(' ') : null,
    application_type: input.applicationType ?? 'web',
    grant_types: JSON.stringify(input.grantTypes ?? ['authorization_code', 'refresh_token']),
    security_profile: input.securityProfile ?? null,
    created_at: now,
    updated_at: now,
  });
  return { clientId, secret: secret?.secret };
};

/**
 * A new secret for a client. Without grace the old one stops at once (a leaked secret); with it,
 * the old one keeps working that long so the client can deploy the new one.
 */
export const rotateClientSecret = async (
  clients: OidcClientQueries,
  clientId: string,
  graceMs: number,
  now: number,
): Promise<string> => {
  const row = await clients.find(clientId);
  if (!row?.secret_hash) throw new Error('this client has no secret');
  const { secret, hash } = newClientSecret();
  await clients.update(clientId, {
    secret_hash: hash,
    previous_secret_hash: graceMs > 0 ? row.secret_hash : null,
    previous_secret_expires_at: graceMs > 0 ? now + graceMs : null,
    updated_at: now,
  });
  return secret;
};
