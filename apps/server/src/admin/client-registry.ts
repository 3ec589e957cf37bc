import type { adminClientCreateSchema, adminClientUpdateSchema } from '@hub/core';
import type { z } from 'zod';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import { checkNativeRedirectUri, checkRedirectUri, checkScopes } from '../oidc/client-checks.js';
import {
  clientProblem,
  type NewOidcClient,
  registerOidcClient,
  rotateClientSecret,
} from '../oidc/clients.js';
import type { GrantType, SecurityProfile } from '../oidc/constants.js';
import { type AuditEvent, recordAudit } from '../services/audit.js';
import { type Checked, checkGrace, checkToolName } from '../services/registry-checks.js';
import type { Db } from '../storage/db.js';
import { createOidcClientQueries, type OidcClientQueries } from '../storage/oidc.js';
import type { OidcClientsTable } from '../storage/schema.js';
import { createToolQueries } from '../storage/tools.js';
import type { ActionBy } from './actions.js';

/**
 * The OpenID Connect client registry's rules shared by `hub clients` (cli/clients.ts) and the
 * console (admin/clients.ts), and the console's changes, each written with its audit row. A client
 * is answered without its secret (only whether it has one); the secret is answered once, when the
 * client is registered or its secret rotated.
 */

const iso = (epochMs: number | null) => (epochMs === null ? '-' : new Date(epochMs).toISOString());

/** A client as the console and `--json` show it: everything but its secret, which is only whether it has one. */
export const clientJson = (row: OidcClientsTable, now: number) => ({
  client_id: row.client_id,
  name: row.name,
  public: row.public === 1,
  first_party: row.first_party === 1,
  application_type: row.application_type,
  token_endpoint_auth_method: row.token_endpoint_auth_method,
  grant_types: JSON.parse(row.grant_types) as string[],
  scopes: row.scopes?.split(' ') ?? null,
  security_profile: row.security_profile,
  platform: row.platform,
  tid: row.tid,
  id_token_signed_response_alg: row.id_token_signed_response_alg,
  redirect_uris: JSON.parse(row.redirect_uris) as string[],
  post_logout_redirect_uris: JSON.parse(row.post_logout_redirect_uris) as string[],
  backchannel_logout_uri: row.backchannel_logout_uri,
  has_secret: row.secret_hash !== null,
  previous_secret_valid_until:
    row.previous_secret_hash && (row.previous_secret_expires_at ?? 0) > now
      ? iso(row.previous_secret_expires_at)
      : null,
  registered_at: iso(row.created_at),
});

/**
 * Why a change of a registered client cannot work, or null: a fapi2 client authenticates with
 * private_key_jwt (register a new client for it), and a client of the code flow keeps at least one
 * redirect URI while one without it has none.
 */
export const clientUpdateProblem = (
  row: OidcClientsTable,
  change: { profile?: SecurityProfile | null; redirectUris?: string[] },
): { field: string; problem: string } | null => {
  if (change.profile === 'fapi2' && row.token_endpoint_auth_method !== 'private_key_jwt')
    return {
      field: 'profile',
      problem: 'A fapi2 client authenticates with private_key_jwt; register a new client for it.',
    };
  if (change.redirectUris) {
    const codeFlow = (JSON.parse(row.grant_types) as GrantType[]).includes('authorization_code');
    if (codeFlow && change.redirectUris.length === 0)
      return {
        field: 'redirectUris',
        problem: 'A client of the authorization_code grant needs a redirect URI.',
      };
    if (!codeFlow && change.redirectUris.length > 0)
      return { field: 'redirectUris', problem: 'Redirect URIs are only for the authorization_code grant.' };
  }
  return null;
};

const checked = <T>(result: Checked<T>, field: string): T => {
  if (!result.ok) throw new HubError('admin.value_invalid', { field });
  return result.value;
};

const redirectUrisOf = (inputs: string[], native: boolean) =>
  inputs.map((input) =>
    checked(native ? checkNativeRedirectUri(input) : checkRedirectUri(input, 'redirect URI'), 'redirectUris'),
  );

const clientOrNotFound = async (clients: OidcClientQueries, clientId: string) => {
  const row = await clients.find(clientId);
  if (!row) throw new HubError('admin.client_not_found');
  return row;
};

const audit = (trx: Db, hub: Hub, by: ActionBy, event: AuditEvent, clientId: string, extra = {}) =>
  recordAudit(
    trx,
    {
      event,
      outcome: 'success',
      from: by.from,
      detail: { operator: by.operatorId, via: by.via, reason: by.reason, client: clientId, ...extra },
    },
    hub.now(),
  );

export const listClients = async (hub: Hub) => {
  const rows = await createOidcClientQueries(hub.db).list();
  const now = hub.now();
  return { clients: rows.map((row) => clientJson(row, now)) };
};

/**
 * Registers a client as `hub clients add` does, with what the console asks for (a web or native
 * app, public or confidential with a secret, first-party, its scopes); the answer holds its secret,
 * the only time it is shown. The command line registers the rest (private_key_jwt, FAPI 2.0, …).
 */
export const createClient = async (hub: Hub, body: z.infer<typeof adminClientCreateSchema>, by: ActionBy) => {
  const input = {
    name: checked(checkToolName(body.name), 'name'),
    redirectUris: redirectUrisOf(body.redirectUris, body.native),
    public: body.public,
    firstParty: body.firstParty,
    platform: null,
    postLogoutRedirectUris: [],
    backchannelLogoutUri: null,
    applicationType: body.native ? ('native' as const) : ('web' as const),
    scopes: body.scopes === undefined ? null : checked(checkScopes(body.scopes), 'scopes'),
  };
  if (clientProblem(input)) throw new HubError('admin.value_invalid', { field: 'redirectUris' });
  return registerClient(hub, input, by);
};

/**
 * Registers a client whose registration has been checked (clientProblem), with its audit row: the
 * console's (above) and `hub clients add`'s, which registers every kind. A tool named (`tid`) must
 * exist.
 */
export const registerClient = (hub: Hub, input: NewOidcClient, by: ActionBy) =>
  hub.db.transaction().execute(async (trx) => {
    if (input.tid != null && !(await createToolQueries(trx).findByTid(input.tid)))
      throw new HubError('admin.tool_not_found', { field: 'tid' });
    const { clientId, secret } = await registerOidcClient(createOidcClientQueries(trx), input, hub.now());
    await audit(trx, hub, by, 'admin.client_registered', clientId, { name: input.name });
    return { client_id: clientId, client_secret: secret ?? null };
  });

/** Changes a client: its name, redirect URIs, first-party, allowed scopes, security profile. */
export const updateClient = async (
  hub: Hub,
  clientId: string,
  body: z.infer<typeof adminClientUpdateSchema>,
  by: ActionBy,
) =>
  hub.db.transaction().execute(async (trx) => {
    const clients = createOidcClientQueries(trx);
    const row = await clientOrNotFound(clients, clientId);
    const changes: Partial<OidcClientsTable> = {};
    if (body.name !== undefined) changes.name = checked(checkToolName(body.name), 'name');
    const redirectUris =
      body.redirectUris === undefined
        ? undefined
        : redirectUrisOf(body.redirectUris, row.application_type === 'native');
    if (redirectUris) changes.redirect_uris = JSON.stringify(redirectUris);
    if (body.firstParty !== undefined) changes.first_party = body.firstParty ? 1 : 0;
    if (body.scopes !== undefined) changes.scopes = checked(checkScopes(body.scopes), 'scopes').join(' ');
    const profile = body.profile === undefined ? undefined : body.profile === 'none' ? null : body.profile;
    if (profile !== undefined) changes.security_profile = profile;
    const problem = clientUpdateProblem(row, { profile, redirectUris });
    if (problem) throw new HubError('admin.value_invalid', { field: problem.field });
    const fields = Object.keys(changes);
    if (fields.length === 0) throw new HubError('admin.value_invalid', { field: 'name' });
    await clients.update(clientId, { ...changes, updated_at: hub.now() });
    await audit(trx, hub, by, 'admin.client_updated', clientId, { fields: fields.join(' ') });
    return clientJson(await clientOrNotFound(clients, clientId), hub.now());
  });

/** A new secret, answered once; the old one stops at once, or after the grace given. */
export const rotateSecret = async (hub: Hub, clientId: string, grace: string | undefined, by: ActionBy) => {
  const graceMs = grace === undefined ? 0 : checked(checkGrace(grace), 'grace');
  return hub.db.transaction().execute(async (trx) => {
    const clients = createOidcClientQueries(trx);
    const row = await clientOrNotFound(clients, clientId);
    if (!row.secret_hash) throw new HubError('admin.client_without_secret');
    const at = hub.now();
    const secret = await rotateClientSecret(clients, clientId, graceMs, at);
    const until = graceMs > 0 ? iso(at + graceMs) : null;
    await audit(trx, hub, by, 'admin.client_secret_rotated', clientId, { previousUntil: until });
    return { client_id: clientId, client_secret: secret, previous_secret_valid_until: until };
  });
};

/**
 * Removes a client, as `hub clients remove` (the console offers no removal yet): its tokens stop
 * working.
 */
export const removeClient = (hub: Hub, clientId: string, by: ActionBy) =>
  hub.db.transaction().execute(async (trx) => {
    const clients = createOidcClientQueries(trx);
    const row = await clientOrNotFound(clients, clientId);
    await clients.remove(clientId);
    await audit(trx, hub, by, 'admin.client_removed', clientId, { name: row.name });
    return { client_id: clientId, name: row.name, removed: true };
  });
