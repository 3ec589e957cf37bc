import { type MeAccess, type MeToolAccess, platforms } from '@hub/core';
import { HubError } from '../errors.js';
import { emitAccountEvent } from '../events/emit.js';
import { accountView } from '../flows/default-platform/service.js';
import type { SignedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import { createOidcGrantService } from '../oidc/consent.js';
import { type ClientOrigin, recordAudit } from '../services/audit.js';
import type { AccountRow } from '../storage/accounts.js';
import { createAuditQueries } from '../storage/audit.js';
import { createIssuedTokenQueries } from '../storage/issued-tokens.js';
import { createOidcClientQueries } from '../storage/oidc.js';
import { createToolQueries } from '../storage/tools.js';
import { toolNames } from './history.js';

/** An open tool (spec §3 type 1): anyone who signs in through it joins it. */
const isOpen = (type: number) => type === 1;

/** How far back the page looks for each tool's last sign-in (the newest audit rows of the account). */
const LAST_SIGN_INS_SCANNED = 500;

/** When each tool last received a sign-in of the account, from the audit log. */
const lastSignInByTool = async (hub: Hub, accountId: string) => {
  const rows = await createAuditQueries(hub.db).ofAccount(accountId, ['login.success', 'signup.completed'], {
    limit: LAST_SIGN_INS_SCANNED,
  });
  const last = new Map<number, number>();
  for (const row of rows) {
    let tool: unknown;
    try {
      tool = (JSON.parse(row.detail) as { tool?: unknown }).tool;
    } catch {
      // recordAudit writes JSON; a row that is not names no tool.
      continue;
    }
    if (typeof tool === 'number' && !last.has(tool)) last.set(tool, row.at);
  }
  return last;
};

type LinkRow = Pick<AccountRow, 'email' | 'mobile_num' | 'username'> & { created_at: number };
// accountView reads only the identifiers, which is all a link row carries of the other account.
const linkedView = (row: LinkRow) => ({ account: accountView(row as AccountRow), since: row.created_at });

/**
 * The Platforms & tools page of the signed-in person, within their account's reads a minute
 * (`meDevicesReadPerAccount`, shared with the devices and the sign-in history).
 */
export const describeAccess = async (hub: Hub, { account }: SignedInPerson): Promise<MeAccess> => {
  await hub.throttle.consume('meDevicesReadPerAccount', account.id);
  return readAccess(hub, account);
};

/**
 * What the Platforms & tools page shows of `account`: its platforms (home and default marked), its
 * parent, business owner, linked and work accounts, the partner tools it belongs to or holds
 * unredeemed ainfo for, and the OpenID Connect applications it has allowed. Also the console's view
 * of an account (admin/accounts.ts), which must not spend the person's own reads a minute.
 */
export const readAccess = async (hub: Hub, account: AccountRow): Promise<MeAccess> => {
  const now = hub.now();
  const [memberships, links, toolRows, pending, lastSignIn, grants, clients] = await Promise.all([
    hub.accounts.memberships(account.id),
    hub.links.linksOf(account.id),
    hub.tools.membershipsOf(account.id),
    hub.issuedTokens.pendingToolsOf(account.id, now),
    lastSignInByTool(hub, account.id),
    createOidcGrantService(hub).list(account.id),
    createOidcClientQueries(hub.db).list(),
  ]);

  const tools: MeToolAccess[] = toolRows.map((row) => ({
    tid: row.tid,
    name: row.name,
    open: isOpen(row.type),
    member: true,
    memberSince: row.created_at,
    lastSignInAt: lastSignIn.get(row.tid) ?? null,
    removable: isOpen(row.type),
  }));
  // Tools that are no longer (or never were) a membership but still hold ainfo of the account.
  const others = pending.filter((tid) => !toolRows.some((row) => row.tid === tid));
  const names = await toolNames(hub, others);
  const types = await Promise.all(others.map((tid) => hub.tools.findByTid(tid)));
  for (const [i, tid] of others.entries())
    tools.push({
      tid,
      name: names.get(tid) ?? `Tool ${tid}`,
      open: isOpen(types[i]?.type ?? 1),
      member: false,
      memberSince: null,
      lastSignInAt: lastSignIn.get(tid) ?? null,
      removable: true,
    });

  const mine = (kind: 'parent' | 'work', side: 'parent' | 'child') =>
    links.filter(
      (link) => link.kind === kind && (side === 'parent') === (link.parent_account_id !== account.id),
    );
  const parent = mine('parent', 'parent')[0];
  const owner = mine('work', 'parent')[0];
  const isWorkAccount = account.u_type !== 1;
  return {
    platforms: memberships
      .map((m) => ({
        platform: m.platform,
        home: m.platform === account.home_platform,
        isDefault: m.is_default === 1,
        since: m.linked_at,
      }))
      .sort((a, b) => platforms.indexOf(a.platform) - platforms.indexOf(b.platform)),
    mayLinkParent: !parent && !isWorkAccount,
    links: {
      parent: parent ? linkedView(parent) : null,
      businessOwner: owner ? linkedView(owner) : null,
      children: mine('parent', 'child').map(linkedView),
      workAccounts: mine('work', 'child').map(linkedView),
    },
    tools,
    apps: grants.map((grant) => {
      const client = clients.find((c) => c.client_id === grant.clientId);
      return {
        clientId: grant.clientId,
        name: client?.name ?? grant.clientId,
        scopes: grant.scopes,
        firstParty: client?.first_party === 1,
      };
    }),
  };
};

/**
 * "Remove access" for a partner tool (docs/account-center.md "Removing a tool's access"). An open
 * tool's membership came from the person's own sign-in, so they may end it: the membership goes,
 * the ainfo the hub issued for the tool and not yet redeemed stops being redeemable, and the grants
 * of OpenID Connect clients registered for the tool are revoked with their tokens. Signing in
 * through the tool again makes the account a member again, as for anyone. A restricted tool's
 * membership is its operator's decision (`hub tools add-member`): the person cannot end it here
 * (403 tool.access_managed, naming the tool), as an account console cannot remove what an
 * administrator assigned. A tool that has nothing of the account is 404.
 */
export const removeToolAccess = async (
  hub: Hub,
  { account }: SignedInPerson,
  tid: number,
  from: ClientOrigin,
) => {
  await hub.throttle.consume('meDevicesChangePerAccount', account.id);
  const now = hub.now();
  const [tool, member, pending] = await Promise.all([
    hub.tools.findByTid(tid),
    hub.tools.isMember(tid, account.id),
    hub.issuedTokens.pendingToolsOf(account.id, now),
  ]);
  if (!member && !pending.includes(tid)) throw new HubError('tool.access_not_found');
  if (member && tool && !isOpen(tool.type))
    throw new HubError('tool.access_managed', { params: { tool: tool.name } });
  // The grants live in the provider's storage and are revoked one by one, first: should the rest
  // fail, the person's retry finds the membership still there and finishes the removal.
  const linkedClients = (await createOidcClientQueries(hub.db).list()).filter((c) => c.tid === tid);
  const grants = createOidcGrantService(hub);
  for (const client of linkedClients) await grants.revoke(account.id, client.client_id);
  const tokensEnded = await hub.db.transaction().execute(async (trx) => {
    if (member) {
      // Told before the membership goes: only members hear about an account.
      await emitAccountEvent(trx, { kind: 'membership.removed', accountId: account.id, data: { tid } }, now);
      await createToolQueries(trx).removeMember(tid, account.id);
    }
    const ended = await createIssuedTokenQueries(trx).expirePending(trx, account.id, tid, now);
    await recordAudit(
      trx,
      {
        event: 'tool.access_removed',
        outcome: 'success',
        accountId: account.id,
        from,
        detail: { tool: tid, membership: member, tokens: ended },
      },
      now,
    );
    return ended;
  });
  return { removed: true as const, tokensEnded };
};

/**
 * "Remove access" for an OpenID Connect application: its grant and every code and token issued
 * under it are gone (its refresh token stops working at once); its next sign-in asks for consent
 * again. 404 when the person never allowed it.
 */
export const removeAppAccess = async (
  hub: Hub,
  { account }: SignedInPerson,
  clientId: string,
  from: ClientOrigin,
) => {
  await hub.throttle.consume('meDevicesChangePerAccount', account.id);
  if (!(await createOidcGrantService(hub).revoke(account.id, clientId)))
    throw new HubError('oidc.consent_not_found');
  await recordAudit(
    hub.db,
    {
      event: 'oidc.consent_revoked',
      outcome: 'success',
      accountId: account.id,
      from,
      detail: { client: clientId },
    },
    hub.now(),
  );
  return { removed: true as const };
};
