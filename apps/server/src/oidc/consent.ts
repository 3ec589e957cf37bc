import {
  type OidcConsentDetails,
  type OidcConsentItem,
  oidcConsentDetailsSchema,
  oidcConsentParamsSchema,
  oidcConsentRequestSchema,
  oidcConsentResponseSchema,
  oidcEndpoints,
} from '@hub/core';
import type { FastifyInstance, FastifyRequest } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import type { Interaction } from 'oidc-provider';
import { HubError } from '../errors.js';
import { requireSameOrigin } from '../http/request-context.js';
import { currentSession } from '../http/session.js';
import type { Hub } from '../hub.js';
import { createOidcClientQueries, createOidcPayloadQueries } from '../storage/oidc.js';
import { GRANTABLE_MODELS, grantKey } from './adapter.js';
import { oidcBindingCookie } from './interaction.js';
import type { HubOidc } from './provider.js';

/** What each scope gives a client, in the words of the consent screen. */
const itemsOf: Record<string, OidcConsentItem[]> = {
  email: ['email'],
  profile: ['name'],
  hub: ['platforms', 'account_type'],
};

/**
 * The consent interaction a request may act on: the browser holds its binding cookie (set when it
 * arrived at /oidc/interaction/:uid), the interaction is waiting for consent, and the browser's live
 * hub session is the account that signed in. Anything else is the same refusal.
 */
const pendingConsent = async (
  hub: Hub,
  oidc: HubOidc,
  request: FastifyRequest,
  uid: string,
): Promise<{ interaction: Interaction; accountId: string }> => {
  if (request.cookies[oidcBindingCookie(hub)] !== uid) throw new HubError('oidc.interaction_invalid');
  const interaction = await (await oidc.provider()).Interaction.find(uid);
  const accountId = interaction?.session?.accountId;
  if (interaction?.prompt.name !== 'consent' || interaction.result || !accountId)
    throw new HubError('oidc.interaction_invalid');
  const session = await currentSession(hub, request);
  if (session?.account_id !== accountId) throw new HubError('oidc.interaction_invalid');
  return { interaction, accountId };
};

const missingScopes = (interaction: Interaction) => {
  const missing = interaction.prompt.details.missingOIDCScope;
  return Array.isArray(missing) ? missing.map(String) : [];
};

/**
 * GET and POST /api/oidc/consent/:uid, behind the consent screen a client that is not first-party
 * gets after the sign-in: what the client asks for, then the person's answer. Allow stores a grant
 * (oidc-provider keeps it, so the next authorization for the same scopes asks nothing); Deny
 * answers the client with access_denied.
 */
export const registerOidcConsentRoutes = (app: FastifyInstance, hub: Hub, oidc: HubOidc) => {
  const r = app.withTypeProvider<ZodTypeProvider>();
  r.get(
    oidcEndpoints.consent,
    {
      schema: {
        params: oidcConsentParamsSchema,
        response: { 200: oidcConsentDetailsSchema },
        errors: ['oidc.interaction_invalid', 'rate_limited'],
      },
    },
    async (request, reply): Promise<OidcConsentDetails> => {
      await hub.throttle.consume('oidcPerIp', request.ip);
      reply.header('cache-control', 'no-store');
      const { interaction } = await pendingConsent(hub, oidc, request, request.params.uid);
      const clientId = String(interaction.params.client_id);
      const row = await createOidcClientQueries(hub.db).find(clientId);
      if (!row) throw new HubError('oidc.interaction_invalid');
      const scopes = missingScopes(interaction);
      return {
        client: { id: clientId, name: row.name },
        scopes,
        receives: [...new Set(scopes.flatMap((scope) => itemsOf[scope] ?? []))],
      };
    },
  );
  r.post(
    oidcEndpoints.consent,
    {
      schema: {
        params: oidcConsentParamsSchema,
        body: oidcConsentRequestSchema,
        response: { 200: oidcConsentResponseSchema },
        errors: ['request.malformed_json', 'origin.forbidden', 'oidc.interaction_invalid', 'rate_limited'],
      },
    },
    async (request) => {
      requireSameOrigin(request, hub.config);
      await hub.throttle.consume('oidcPerIp', request.ip);
      const { uid } = request.params;
      const { interaction, accountId } = await pendingConsent(hub, oidc, request, uid);
      if (!request.body.allow) {
        const location = await oidc.finishInteraction(uid, {
          error: 'access_denied',
          error_description: 'the person did not allow this application',
        });
        return { next: 'redirect' as const, location };
      }
      const provider = await oidc.provider();
      const clientId = String(interaction.params.client_id);
      // A grant the client already has (fewer scopes than asked now) grows; otherwise a new one.
      const existing = interaction.grantId ? await provider.Grant.find(interaction.grantId) : undefined;
      const grant = existing ?? new provider.Grant({ accountId, clientId });
      const scopes = missingScopes(interaction);
      if (scopes.length > 0) grant.addOIDCScope(scopes.join(' '));
      const claims = interaction.prompt.details.missingOIDCClaims;
      if (Array.isArray(claims)) grant.addOIDCClaims(claims.map(String));
      const grantId = await grant.save();
      const location = await oidc.finishInteraction(uid, { consent: { grantId } });
      return { next: 'redirect' as const, location };
    },
  );
};

/** A client a person has allowed, for the account center's list. */
export interface OidcGrantView {
  grantId: string;
  clientId: string;
  scopes: string[];
}

/**
 * The grants a person has given OpenID Connect clients, and their revocation. The account center
 * lists them (Platforms & tools) and lets the person take one back: revoking destroys the grant and
 * every code and token issued under it, so the client's next authorization asks for consent again.
 */
export const createOidcGrantService = (hub: Hub) => {
  const payloads = createOidcPayloadQueries(hub.db);
  const grantsOf = async (accountId: string) =>
    (await payloads.listByUidPrefix('Grant', grantKey(accountId, ''), hub.now()))
      .map((row) => ({ id: row.id, payload: JSON.parse(row.payload) as Record<string, unknown> }))
      .filter(({ payload }) => payload.accountId === accountId);
  return {
    list: async (accountId: string): Promise<OidcGrantView[]> =>
      (await grantsOf(accountId)).map(({ id, payload }) => ({
        grantId: id,
        clientId: String(payload.clientId),
        scopes: String((payload.openid as { scope?: string } | undefined)?.scope ?? '')
          .split(' ')
          .filter(Boolean),
      })),
    /** Revokes the person's grants to a client; false when they had none. */
    revoke: async (accountId: string, clientId: string) => {
      const grants = (await grantsOf(accountId)).filter(({ payload }) => payload.clientId === clientId);
      for (const { id } of grants) {
        await payloads.revokeByGrantId(id, GRANTABLE_MODELS);
        await payloads.destroy('Grant', id);
      }
      return grants.length > 0;
    },
  };
};
