import { acrOf } from '@hub/core';
import type { KoaContextWithOIDC } from 'oidc-provider';
import { cookieName } from '../http/request-context.js';
import { liveSession } from '../http/session.js';
import type { Hub } from '../hub.js';
import { joinTool, toolAccessByTid } from '../sso/tool-access.js';
import type { AccountRow } from '../storage/accounts.js';
import type { OidcClientQueries } from '../storage/oidc.js';
import type { ProviderSession } from './library-patches.js';

/**
 * Where the provider meets the hub's own sign-in: the hub session behind a provider request, the
 * accounts the provider hands out, and the tool rules of the clients linked to a registered tool.
 */

/** The hub session cookie's token of the browser behind a provider request. */
export const hubSessionTokenOf = (hub: Hub, ctx: KoaContextWithOIDC) =>
  ctx.cookies.get(cookieName(hub.config, 'hub_session'), { signed: false });

/**
 * The hub session is the one sign-in; the provider's own session only mirrors it. Wherever the
 * provider loads a browser's session (authorization, resume, logout), a live hub session signs it
 * in as the hub session's account, so prompt=none and a new client need no password; without a
 * live hub session, what the provider session held is forgotten, so signing out of the hub ends
 * OpenID Connect sign-ins too. prompt=login, max_age and id_token_hint still ask for the password.
 */
export const mirrorHubSession = (hub: Hub) => async (ctx: KoaContextWithOIDC, session: ProviderSession) => {
  const live = await liveSession(hub, hubSessionTokenOf(hub, ctx));
  // A provider session mirrors one hub session: another one (even of the same account) is a new
  // sign-in, so what the earlier hub session signed into ends with that one (single sign-out).
  if (live && (session.accountId !== live.account_id || session.hubSessionId !== live.id)) {
    const amr = live.amr ? live.amr.split(' ') : [];
    session.loginAccount({
      accountId: live.account_id,
      loginTs: Math.floor(live.created_at / 1000),
      ...(amr.length > 0 ? { amr } : {}),
      acr: acrOf(amr),
    });
    session.hubSessionId = live.id;
    session.authorizations = {};
    session.touched = true;
  } else if (!live && session.accountId) {
    for (const key of ['accountId', 'loginTs', 'amr', 'acr', 'hubSessionId'] as const) delete session[key];
    session.authorizations = {};
    session.touched = true;
  }
};

/**
 * Tool access for a client linked to a tool (sso/tool-access.ts decides, as for the tool login):
 * refused for a restricted tool's non-member or a tool no longer registered; an open tool's new
 * user joins it (spec §3). A client without a tool admits everyone (undefined).
 */
const clientToolAccess = async (
  hub: Hub,
  clients: OidcClientQueries,
  accountId: string,
  clientId: string,
) => {
  const row = await clients.find(clientId);
  if (row?.tid === null || row?.tid === undefined) return undefined;
  return toolAccessByTid(hub, row.tid, accountId);
};

/** The client is linked to a restricted tool (or one no longer registered) the account is not a member of. */
export const refusedByTool = async (
  hub: Hub,
  clients: OidcClientQueries,
  accountId: string,
  clientId: string,
) => (await clientToolAccess(hub, clients, accountId, clientId))?.decision === 'refuse';

/** A client linked to an open tool (type 1) makes the person who signs in through it a member (idempotent). */
export const joinOpenTool = async (
  hub: Hub,
  clients: OidcClientQueries,
  accountId: string,
  clientId: string,
) => {
  const access = await clientToolAccess(hub, clients, accountId, clientId);
  if (access) await joinTool(hub, access, accountId, hub.now());
};

/** oidc-provider's findAccount: the hub account behind a `sub`, with its claims. */
export const findAccountIn =
  (hub: Hub, clients: OidcClientQueries) =>
  async (_ctx: KoaContextWithOIDC, sub: string, source?: unknown) => {
    const token = source as { clientId?: unknown } | undefined;
    // A code, refresh token or access token of a client linked to a restricted tool serves only the
    // tool's members: once `hub tools remove-member` takes the account out, refreshing and userinfo
    // are refused (invalid_grant, invalid_token) like for an account that no longer exists.
    if (typeof token?.clientId === 'string' && (await refusedByTool(hub, clients, sub, token.clientId)))
      return undefined;
    const account = await hub.accounts.findById(sub);
    if (!account) return undefined;
    return { accountId: account.id, claims: () => claimsOf(hub, account) };
  };

const claimsOf = async (hub: Hub, account: AccountRow) => {
  const memberships = await hub.accounts.memberships(account.id);
  const profile = await hub.profiles.nameOf(account.id);
  const name = profile ? `${profile.first_name} ${profile.last_name}`.trim() : undefined;
  return {
    sub: account.id,
    ...(account.email ? { email: account.email, email_verified: account.verified === 1 } : {}),
    ...(name ? { name } : {}),
    platforms: memberships.map((m) => m.platform),
    account_type: account.user_type,
  };
};
