import { ACCOUNT_DATA_FORMAT, type DeletionRequest, type DeletionState, type Language } from '@hub/core';
import { HubError } from '../errors.js';
import { checkAccountPassword } from '../flows/password-check.js';
import type { SignedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import { deletionScheduledMail } from '../mail/deletion-notice.js';
import { enqueueMail } from '../mail/outbox.js';
import { policy } from '../policy.js';
import { type ClientOrigin, type RequestOrigin, recordAudit } from '../services/audit.js';
import { announceEndedSessions, type EndedSessions, endSessionsIn } from '../sso/session-end.js';
import { createAccountDataQueries } from '../storage/account-data.js';

const parseDetail = (detail: string): Record<string, unknown> => {
  try {
    return JSON.parse(detail) as Record<string, unknown>;
  } catch {
    return {};
  }
};

/**
 * Everything the hub holds about the signed-in person's account, as one JSON document (the Data
 * Policy's right of access). No secret is in it: no password hash (only whether one is set), no
 * token, code, or second-factor secret.
 */
export const exportAccountData = async (
  hub: Hub,
  { account, session }: SignedInPerson,
  /** The request; null for an operator's command line (admin/actions.ts). */
  from: RequestOrigin | null,
) => {
  const rows = await createAccountDataQueries(hub.db).rowsOf(account.id);
  await hub.throttle.consume('accountDataPerAccount', account.id);
  const now = hub.now();
  await recordAudit(
    hub.db,
    { event: 'account.data_exported', outcome: 'success', accountId: account.id, from },
    now,
  );
  const { account: row } = rows;
  if (!row) throw new HubError('session.required');
  const { has_password, ...accountFields } = row;
  return {
    format: ACCOUNT_DATA_FORMAT,
    generatedAt: new Date(now).toISOString(),
    account: { ...accountFields, has_password: Boolean(has_password) },
    profile: rows.profile ?? null,
    platforms: rows.memberships.map((m) => ({ ...m, is_default: m.is_default === 1 })),
    links: rows.links.map((link) => ({
      kind: link.kind,
      role: link.parent_account_id === account.id ? 'parent' : 'child',
      other_account_id:
        link.parent_account_id === account.id ? link.child_account_id : link.parent_account_id,
      created_at: link.created_at,
    })),
    tools: rows.tools,
    apps: rows.grants.map((grant) => {
      const payload = parseDetail(grant.payload);
      return {
        client_id: payload.clientId ?? null,
        scope: payload.openid ?? null,
        created_at: payload.iat ?? null,
      };
    }),
    sessions: rows.sessions.map((s) => ({ ...s, current: false })),
    current_session_created_at: session.created_at,
    sign_ins: rows.signIns.map((event) => ({
      at: event.at,
      event: event.event,
      outcome: event.outcome,
      ip: event.ip,
      detail: parseDetail(event.detail),
    })),
    referrals: rows.referrals,
    social_identities: rows.socialIdentities,
  };
};

export const deletionState = (account: SignedInPerson['account']): DeletionState => ({
  dueAt: account.deletion_due_at ?? null,
  requestedAt: account.deletion_requested_at ?? null,
  hasPassword: account.password_hash !== null,
});

/**
 * Schedules the account's deletion (the Data Policy's right of erasure): confirmed by the password,
 * or for an account without one by a sign-in in the last few minutes. Every other session ends;
 * any new sign-in within the grace period cancels it. A notice goes to the account's email, in
 * `language`, the request's (issue #18).
 */
export const requestDeletion = async (
  hub: Hub,
  person: SignedInPerson,
  input: DeletionRequest,
  from: ClientOrigin,
  language: Language = 'en',
): Promise<DeletionState> => {
  const { account, session } = person;
  await hub.throttle.consume('accountDataPerAccount', account.id);
  if (account.password_hash) {
    await checkAccountPassword(hub, {
      accountId: account.id,
      password: input.password ?? '',
      from,
      failureEvent: 'account.deletion_requested',
    });
  } else if (hub.now() - session.created_at > policy.deletionFreshSignInMs) {
    throw new HubError('account.fresh_sign_in_required');
  }
  const now = hub.now();
  const dueAt = now + policy.accountDeletionGraceMs;
  let ended: EndedSessions = { sessions: [], oidc: [] };
  const scheduled = await hub.db.transaction().execute(async (trx) => {
    const queries = createAccountDataQueries(trx);
    if (!(await queries.scheduleDeletion(trx, account.id, now, dueAt))) return false;
    // This browser stays signed in to see (and cancel) what it asked for; every other session ends.
    ended = await endSessionsIn(hub, { accountId: account.id, keep: session.id }, now, trx);
    if (account.email)
      await enqueueMail(
        trx,
        { to: account.email, ...deletionScheduledMail({ dueAt: new Date(dueAt), language }) },
        now,
      );
    await recordAudit(
      trx,
      {
        event: 'account.deletion_requested',
        outcome: 'success',
        accountId: account.id,
        from,
        detail: { dueAt },
      },
      now,
    );
    return true;
  });
  if (!scheduled) throw new HubError('account.deletion_pending');
  await announceEndedSessions(hub, ended);
  hub.nudgeMail();
  return { dueAt, requestedAt: now, hasPassword: account.password_hash !== null };
};
