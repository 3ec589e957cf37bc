import { ADMIN_PAGE_SIZE, type AdminAccountHit, type AdminAuditRow, describeUserAgent } from '@hub/core';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import { readAccess } from '../me/access.js';
import { publicSessionId } from '../me/sessions.js';
import { secondFactorStatus } from '../mfa/enrolment.js';
import { listPasskeys } from '../mfa/passkeys.js';
import type { AccountRow } from '../storage/accounts.js';
import { type AccountHit, createOperatorQueries } from '../storage/operators.js';
import { createSocialIdentityQueries } from '../storage/social-identities.js';

const hitView = (hit: AccountHit): AdminAccountHit => ({
  id: hit.id,
  email: hit.email,
  mobile: hit.mobile_num,
  username: hit.username,
  homePlatform: hit.home_platform,
  name: hit.first_name || hit.last_name ? `${hit.first_name ?? ''} ${hit.last_name ?? ''}`.trim() : null,
  locked: hit.sign_in_locked_at !== null && hit.sign_in_locked_at !== undefined,
  deletionDueAt: hit.deletion_due_at,
});

/**
 * The console's account search (docs/console.md "Finding an account"): a prefix of the email
 * (anything with an @), else of the account id, the email and the name at once. Each is an index
 * range (storage/operators.ts); a page is ADMIN_PAGE_SIZE hits, `more` when there may be another.
 */
export const searchAccounts = async (hub: Hub, input: { q: string; page: number }) => {
  const q = input.q.trim();
  if (q === '') return { accounts: [], more: false };
  const queries = createOperatorQueries(hub.db);
  const offset = input.page * ADMIN_PAGE_SIZE;
  // One more than a page, to tell whether there is a next one.
  const want = ADMIN_PAGE_SIZE + 1;
  const lower = q.toLowerCase();
  const groups = q.includes('@')
    ? [await queries.searchByEmail(lower, want, offset)]
    : await Promise.all([
        /^[A-Za-z0-9_-]+$/.test(q) ? queries.searchById(q, want, offset) : Promise.resolve([]),
        queries.searchByEmail(lower, want, offset),
        queries.searchByName(lower, want, offset),
      ]);
  const seen = new Set<string>();
  const hits = groups.flat().filter((hit) => !seen.has(hit.id) && seen.add(hit.id));
  return {
    accounts: hits.slice(0, ADMIN_PAGE_SIZE).map(hitView),
    more: groups.some((group) => group.length > ADMIN_PAGE_SIZE),
  };
};

/** An audit row as the console shows it: the detail parsed, never more than the row holds. */
export const auditRowView = (row: {
  id: number;
  at: number;
  event: string;
  outcome: string;
  account_id?: string | null;
  ip: string | null;
  user_agent: string | null;
  detail: string;
}): AdminAuditRow => {
  let detail: Record<string, unknown> = {};
  try {
    const parsed: unknown = JSON.parse(row.detail);
    if (parsed && typeof parsed === 'object') detail = parsed as Record<string, unknown>;
  } catch {
    // recordAudit writes JSON; a row that is not shows no detail.
  }
  return {
    id: Number(row.id),
    at: row.at,
    event: row.event,
    outcome: row.outcome,
    accountId: row.account_id ?? null,
    ip: row.ip,
    userAgent: row.user_agent,
    detail,
  };
};

/** The account an action or a page names, or 404. */
export const accountOrNotFound = async (hub: Hub, id: string): Promise<AccountRow> => {
  const account = await hub.accounts.findById(id);
  if (!account) throw new HubError('account.not_found');
  return account;
};

const RECENT_EVENTS = 20;

/**
 * An account's page (docs/console.md "An account's page"): identifiers, platforms, links, tools and
 * applications (the account center's own view of them), live sessions, second factors and
 * passkeys, linked providers, recent audit events and whether it holds a console role. Written out
 * field by field: no password hash, code, TOTP secret or recovery code can come along.
 */
export const accountPage = async (hub: Hub, id: string) => {
  const account = await accountOrNotFound(hub, id);
  const now = hub.now();
  const [profile, access, sessions, factors, passkeys, identities, events, operator] = await Promise.all([
    hub.profiles.nameOf(account.id),
    readAccess(hub, account),
    hub.sessions.listActiveFor(account.id, now),
    secondFactorStatus(hub, account.id),
    listPasskeys(hub, account),
    createSocialIdentityQueries(hub.db).forAccount(account.id),
    createOperatorQueries(hub.db).auditPage({ accountId: account.id, limit: RECENT_EVENTS }),
    createOperatorQueries(hub.db).find(account.id),
  ]);
  return {
    account: {
      id: account.id,
      email: account.email,
      mobile: account.mobile_num,
      username: account.username,
      homePlatform: account.home_platform,
      userType: account.user_type,
      verified: account.verified === 1,
      createdAt: account.created_at,
      hasPassword: account.password_hash !== null,
      passwordChangedAt: account.password_changed_at,
      failedPasswords: account.failed_password_count,
      lockedAt: account.sign_in_locked_at ?? null,
      deletionDueAt: account.deletion_due_at,
      name: profile ? `${profile.first_name} ${profile.last_name}`.trim() : null,
    },
    access,
    sessions: sessions.map((row) => ({
      id: publicSessionId(row.id),
      device: describeUserAgent(row.user_agent).words,
      ip: row.ip,
      platform: row.platform,
      method: row.auth_method,
      amr: row.amr ?? null,
      signedInAt: row.created_at,
      lastSeenAt: row.last_seen_at,
    })),
    secondFactors: {
      methods: factors.methods,
      totpConfirmedAt: factors.totp.confirmedAt,
      recoveryCodesLeft: factors.recoveryCodes.remaining,
      passkeys: passkeys.passkeys.map((p) => ({
        id: p.id,
        name: p.name,
        createdAt: p.createdAt,
        lastUsedAt: p.lastUsedAt,
      })),
    },
    providers: identities.map((identity) => ({
      provider: identity.provider,
      email: identity.email,
      linkedAt: identity.created_at,
    })),
    events: events.map(auditRowView),
    operatorRole: operator?.role ?? null,
  };
};
