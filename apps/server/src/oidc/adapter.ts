import type { OidcClientQueries, OidcPayloadQueries } from '../storage/oidc.js';
import type { OidcClientsTable } from '../storage/schema.js';
import { OIDC_SCOPES } from './constants.js';

/** The models whose rows carry a grant id: revoking a grant deletes them all. */
export const GRANTABLE_MODELS = [
  'AccessToken',
  'AuthorizationCode',
  'RefreshToken',
  'DeviceCode',
  'BackchannelAuthenticationRequest',
  'PreAuthorizedCode',
] as const;

type Payload = Record<string, unknown> & {
  grantId?: string;
  userCode?: string;
  uid?: string;
  consumed?: number;
  hubSessionId?: string;
  sessionUid?: string;
};

/** What oidc-provider calls on its storage (the interface of its example adapter). */
export interface OidcAdapter {
  upsert(id: string, payload: Payload, expiresIn?: number): Promise<void>;
  find(id: string): Promise<Payload | undefined>;
  findByUid(uid: string): Promise<Payload | undefined>;
  findByUserCode(userCode: string): Promise<Payload | undefined>;
  consume(id: string): Promise<void>;
  destroy(id: string): Promise<void>;
  revokeByGrantId(grantId: string): Promise<void>;
}

/**
 * A grant has no uid of its own; its row's uid column (indexed) holds the person and the client, so
 * the hub finds a person's earlier consent to a client, and lists a person's grants, by index.
 */
export const grantKey = (accountId: string, clientId: string) => `${accountId}/${clientId}`;
const grantUid = (model: string, payload: Payload) =>
  model === 'Grant' && typeof payload.accountId === 'string' && typeof payload.clientId === 'string'
    ? grantKey(payload.accountId, payload.clientId)
    : null;

/**
 * The account a payload belongs to, kept in its row's indexed column so that erasing an account finds
 * its rows by index: a session's, grant's, code's or token's `accountId`, or an interaction's (its
 * session's, or its login result's).
 */
const accountOf = (payload: Payload): string | null => {
  const nested = (value: unknown, key: string) =>
    value && typeof value === 'object' ? (value as Record<string, unknown>)[key] : undefined;
  for (const candidate of [
    payload.accountId,
    nested(payload.session, 'accountId'),
    nested(nested(payload.result, 'login'), 'accountId'),
  ])
    if (typeof candidate === 'string') return candidate;
  return null;
};

/**
 * A registered client as oidc-provider reads it. `client_secret` is the secret's hash, never the
 * secret: the hub compares presented secrets itself (see clientSecretMatches in configuration.ts), and
 * no symmetric (HS*) algorithm is enabled that would need the secret in the clear.
 *
 * `scope` is the client's allow-list: oidc-provider refuses (invalid_scope) a request for any other
 * scope it knows. A client without the authorization code grant (a server's client credentials, a
 * device) has no response type and no redirect URI. A fapi2 client must push its authorization
 * requests (PAR) and have DPoP-bound tokens; `hub_security_profile` turns on the library's FAPI 2.0
 * checks for it (configuration.ts).
 */
export const clientMetadataOf = (row: OidcClientsTable): Record<string, unknown> => {
  const grantTypes = JSON.parse(row.grant_types) as string[];
  const fapi2 = row.security_profile === 'fapi2';
  return {
    client_id: row.client_id,
    client_name: row.name,
    application_type: row.application_type,
    redirect_uris: JSON.parse(row.redirect_uris) as string[],
    post_logout_redirect_uris: JSON.parse(row.post_logout_redirect_uris) as string[],
    response_types: grantTypes.includes('authorization_code') ? ['code'] : [],
    grant_types: grantTypes,
    scope: row.scopes ?? OIDC_SCOPES.join(' '),
    token_endpoint_auth_method: row.token_endpoint_auth_method,
    id_token_signed_response_alg: row.id_token_signed_response_alg,
    // auth_time in every ID token, not only when max_age was sent (docs/oidc.md).
    require_auth_time: true,
    ...(row.secret_hash ? { client_secret: row.secret_hash } : {}),
    ...(row.jwks ? { jwks: JSON.parse(row.jwks) } : {}),
    ...(row.backchannel_logout_uri
      ? { backchannel_logout_uri: row.backchannel_logout_uri, backchannel_logout_session_required: true }
      : {}),
    ...(fapi2
      ? {
          hub_security_profile: 'fapi2',
          require_pushed_authorization_requests: true,
          dpop_bound_access_tokens: true,
          token_endpoint_auth_signing_alg: 'ES256',
        }
      : {}),
  };
};

/**
 * The storage adapter of oidc-provider on the hub's own database (SQLite or PostgreSQL), so every
 * hub process shares sessions, interactions, grants, codes and tokens. Expiry is the hub's clock:
 * an expired row is never returned, and the cleanup deletes it.
 */
export const createOidcAdapter = (deps: {
  payloads: OidcPayloadQueries;
  clients: OidcClientQueries;
  now: () => number;
}) => {
  const { payloads, clients, now } = deps;

  const revealed = (row: { payload: string; consumed_at: number | null } | undefined) => {
    if (!row) return undefined;
    const payload = JSON.parse(row.payload) as Payload;
    // oidc-provider reads `consumed` (epoch seconds) to refuse a code or refresh token used twice.
    if (row.consumed_at !== null) payload.consumed = Math.floor(row.consumed_at / 1000);
    return payload;
  };

  /**
   * The hub session a payload comes from: a provider session's own (session-bridge.ts sets it), or
   * for a code or token, the one its provider session mirrors as it is issued.
   */
  const hubSessionOf = async (payload: Payload, accountId: string | null) => {
    if (typeof payload.hubSessionId === 'string') return payload.hubSessionId;
    if (typeof payload.sessionUid !== 'string') return null;
    return payloads.hubSessionOf(payload.sessionUid, accountId);
  };

  return class HubOidcAdapter implements OidcAdapter {
    constructor(readonly model: string) {}

    async upsert(id: string, payload: Payload, expiresIn?: number) {
      if (this.model === 'Client') throw new Error('clients are registered with hub clients add');
      const accountId = accountOf(payload);
      await payloads.upsert({
        model: this.model,
        id,
        payload: JSON.stringify(payload),
        grant_id: typeof payload.grantId === 'string' ? payload.grantId : null,
        user_code: typeof payload.userCode === 'string' ? payload.userCode : null,
        uid: typeof payload.uid === 'string' ? payload.uid : grantUid(this.model, payload),
        account_id: accountId,
        // Single sign-out deletes a hub session's provider sessions, codes and tokens by this.
        hub_session_id: await hubSessionOf(payload, accountId),
        expires_at: typeof expiresIn === 'number' ? now() + expiresIn * 1000 : null,
      });
    }

    async find(id: string) {
      if (this.model === 'Client') {
        const row = await clients.find(id);
        return row ? clientMetadataOf(row) : undefined;
      }
      return revealed(await payloads.find(this.model, id, now()));
    }

    async findByUid(uid: string) {
      return revealed(await payloads.findByUid(this.model, uid, now()));
    }

    async findByUserCode(userCode: string) {
      return revealed(await payloads.findByUserCode(this.model, userCode, now()));
    }

    /**
     * Marks a code or refresh token used. Only one of two requests racing with the same one wins:
     * the loser revokes the whole grant (a replay is a sign the value was stolen) and is refused
     * as invalid_grant, as oidc-provider does for a replay it sees itself.
     */
    async consume(id: string) {
      if (await payloads.consume(this.model, id, now())) return;
      const row = await payloads.find(this.model, id, now());
      if (row?.grant_id) {
        await payloads.revokeByGrantId(row.grant_id, GRANTABLE_MODELS);
        await payloads.destroy('Grant', row.grant_id);
      }
      // Loaded by now: the provider that calls its adapter is built from the same module (provider.ts).
      const { errors } = await import('oidc-provider');
      throw new errors.InvalidGrant(`${this.model} already consumed`);
    }

    async destroy(id: string) {
      await payloads.destroy(this.model, id);
    }

    /** oidc-provider calls this on each grantable model in turn, and destroys the grant itself. */
    async revokeByGrantId(grantId: string) {
      await payloads.revokeByGrantId(grantId, [this.model]);
    }
  };
};
