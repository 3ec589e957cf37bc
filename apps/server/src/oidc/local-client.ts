import { sha256 } from '../services/tokens.js';
import type { OidcClientQueries } from '../storage/oidc.js';

/** The OpenID Connect example's client id in APP_ENV=local (examples/oidc-client). */
export const LOCAL_EXAMPLE_CLIENT_ID = 'local-example';
/**
 * Its secret: fixed and published so a fresh clone signs in with no setup. It exists only in the
 * local seed, which runs only in APP_ENV=local, and is stored hashed like every client's.
 */
export const LOCAL_EXAMPLE_CLIENT_SECRET = 'local-example-secret-local-only';

/**
 * Registers (or refreshes) the example relying party beside the demo tool: a first-party,
 * confidential client whose redirect and logout URIs point at OIDC_EXAMPLE_URL. Idempotent, so
 * each local start follows a changed OIDC_EXAMPLE_URL.
 */
export const seedLocalOidcClient = async (clients: OidcClientQueries, exampleUrl: string, now: number) => {
  const base = exampleUrl.replace(/\/+$/, '');
  const fields = {
    name: 'OIDC example (local)',
    public: 0,
    first_party: 1,
    platform: null,
    tid: null,
    redirect_uris: JSON.stringify([`${base}/callback`]),
    post_logout_redirect_uris: JSON.stringify([`${base}/signed-out`]),
    backchannel_logout_uri: null,
    token_endpoint_auth_method: 'client_secret_basic',
    jwks: null,
    id_token_signed_response_alg: 'ES256',
    secret_hash: sha256(LOCAL_EXAMPLE_CLIENT_SECRET),
    previous_secret_hash: null,
    previous_secret_expires_at: null,
    scopes: null,
    application_type: 'web',
    grant_types: JSON.stringify(['authorization_code', 'refresh_token']),
    security_profile: null,
    updated_at: now,
  } as const;
  if (await clients.find(LOCAL_EXAMPLE_CLIENT_ID)) await clients.update(LOCAL_EXAMPLE_CLIENT_ID, fields);
  else await clients.insert({ client_id: LOCAL_EXAMPLE_CLIENT_ID, ...fields, created_at: now });
};
