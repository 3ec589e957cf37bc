import type Provider from 'oidc-provider';
import type { ClientInstance, KoaContextWithOIDC } from 'oidc-provider';

/**
 * The two places where the hub replaces a piece of oidc-provider (9.x, pinned) instead of
 * configuring it, because the library offers no option for them:
 *
 * - where it loads a browser's session, so the hub session can sign that session in or out
 *   (session-bridge.ts decides how);
 * - how it compares a presented client secret, because the hub stores only the secret's hash;
 * - what a provider session keeps (the hub session it mirrors, for single sign-out) and whether an
 *   ID token carries `sid` (always, as docs/oidc.md says; the library only for back-channel clients).
 *
 * Both are small and kept here, apart from the configuration, so that upgrading the library means
 * checking this one file against its source (lib/models/session.js, lib/models/client.js).
 */

/** The provider session as the hub reads and changes it. */
export interface ProviderSession {
  accountId?: string;
  /** The hub session this provider session mirrors (stored: see patchSessionPayload). */
  hubSessionId?: string;
  loginTs?: number;
  amr?: string[];
  acr?: string;
  authorizations?: Record<string, unknown>;
  touched?: boolean;
  loginAccount(details: { accountId: string; loginTs?: number; amr?: string[]; acr?: string }): void;
}

/**
 * Session.get is where oidc-provider loads a browser's session for every route that uses one
 * (authorization, resume, logout); `mirror` then adjusts the loaded session before the route
 * reads it. The tests drive prompt=none, hub sign-out and RP logout through it.
 */
export const patchSessionLoad = (
  provider: Provider,
  mirror: (ctx: KoaContextWithOIDC, session: ProviderSession) => Promise<void>,
) => {
  const sessions = provider.Session as unknown as {
    get(ctx: KoaContextWithOIDC): Promise<ProviderSession>;
  };
  const load = sessions.get.bind(sessions);
  sessions.get = async (ctx) => {
    const session = await load(ctx);
    await mirror(ctx, session);
    return session;
  };
};

/**
 * The library compares a client's stored secret with the presented one as plain text; the hub
 * stores only a hash, so `compare` decides from the client's id and the presented secret.
 */
export const patchClientSecretCompare = (
  provider: Provider,
  compare: (clientId: string, presented: unknown) => Promise<boolean>,
) => {
  provider.Client.prototype.compareClientSecret = async function compareClientSecret(
    this: ClientInstance,
    actual: string,
  ) {
    return compare(this.clientId, actual);
  };
};

/**
 * The provider session's payload keeps only the properties its model lists (lib/models/session.js
 * IN_PAYLOAD); `hubSessionId` is added so that the adapter can index the row by the hub session it
 * mirrors (oidc_payloads.hub_session_id): ending that hub session deletes it (sso/session-end.ts).
 */
export const patchSessionPayload = (provider: Provider) => {
  const sessionModel = provider.Session as unknown as { IN_PAYLOAD: string[] };
  const inPayload = [...sessionModel.IN_PAYLOAD, 'hubSessionId'];
  Object.defineProperty(sessionModel, 'IN_PAYLOAD', { get: () => inPayload, configurable: true });
};

/**
 * Every ID token (and the codes and refresh tokens it comes from) carries the session's `sid`, not
 * only a client's that registered a back-channel logout URI with session_required (lib/models/client.js).
 */
export const patchAlwaysIncludeSid = (provider: Provider) => {
  (provider.Client.prototype as unknown as { includeSid(): boolean }).includeSid = () => true;
};
