import { type AdminAccountAction, toLanguage } from '@hub/core';
import { HubError } from '../errors.js';
import { emitAccountEvent } from '../events/emit.js';
import { sendResetCodeFor } from '../flows/reset/service.js';
import type { SignedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import { deletionScheduledMail } from '../mail/deletion-notice.js';
import { enqueueMail } from '../mail/outbox.js';
import { queueFactorNotice } from '../mail/security-notice.js';
import { exportAccountData } from '../me/data.js';
import { unlinkProvider } from '../me/providers.js';
import { policy } from '../policy.js';
import { type AuditEvent, type RequestOrigin, recordAudit } from '../services/audit.js';
import { announceEndedSessions, type EndedSessions, endSessions, endSessionsIn } from '../sso/session-end.js';
import { createAccountDataQueries } from '../storage/account-data.js';
import type { AccountRow } from '../storage/accounts.js';
import type { Db } from '../storage/db.js';
import { createKnownDeviceQueries } from '../storage/known-devices.js';
import { createOperatorQueries } from '../storage/operators.js';
import { createPasskeyQueries } from '../storage/passkeys.js';
import { accountOrNotFound } from './accounts.js';
import type { Operator } from './guard.js';

/** Who acted and why, as an operator action's audit row carries it (docs/console.md "Audit"). */
export interface ActionBy {
  /** The acting operator's account id; null for the command line (run by whoever holds DATABASE_URL). */
  operatorId: string | null;
  /** "console" or "cli". */
  via: 'console' | 'cli';
  reason: string;
  /** The console's request; null on the command line. */
  from: RequestOrigin | null;
}

/** The reason given, trimmed; none is refused, so every action's row says why. */
export const requireReason = (reason: string | undefined): string => {
  const trimmed = reason?.trim() ?? '';
  if (trimmed === '') throw new HubError('admin.reason_required', { field: 'reason' });
  return trimmed;
};

export const consoleActor = (
  operator: Operator,
  reason: string | undefined,
  from: RequestOrigin,
): ActionBy => ({
  operatorId: operator.account.id,
  via: 'console',
  reason: requireReason(reason),
  from,
});

const audit = (trx: Db, hub: Hub, by: ActionBy, event: AuditEvent, accountId: string, extra = {}) =>
  recordAudit(
    trx,
    {
      event,
      outcome: 'success',
      accountId,
      from: by.from,
      detail: { operator: by.operatorId, via: by.via, reason: by.reason, ...extra },
    },
    hub.now(),
  );

/** Ends every live hub session of the account (each browser is signed out at its next request). */
export const endAccountSessions = async (hub: Hub, account: AccountRow, by: ActionBy) => {
  const { ended } = await endSessions(hub, { accountId: account.id }, (trx, ended) =>
    audit(trx, hub, by, 'admin.sessions_ended', account.id, { sessions: ended.sessions.length }),
  );
  return { ended: ended.sessions.length };
};

/**
 * Locks or unlocks the account's sign-in. A lock also ends every session: what it refuses must not
 * stay open in a browser. Locking a locked account (or unlocking an unlocked one) changes nothing.
 */
export const setAccountLock = async (hub: Hub, account: AccountRow, locked: boolean, by: ActionBy) => {
  const outcome = await hub.db.transaction().execute(async (trx) => {
    const now = hub.now();
    const changed = await createOperatorQueries(hub.db).setSignInLock(
      trx,
      account.id,
      locked ? now : null,
      now,
    );
    const endedSessions = locked ? await endSessionsIn(hub, { accountId: account.id }, now, trx) : undefined;
    const ended = endedSessions?.sessions.length ?? 0;
    if (changed) {
      await audit(trx, hub, by, locked ? 'admin.account_locked' : 'admin.account_unlocked', account.id, {
        sessions: ended,
      });
      // The tools and platforms that hold the person hear it, if and only if the change commits.
      await emitAccountEvent(
        trx,
        { kind: locked ? 'account.locked' : 'account.unlocked', accountId: account.id },
        now,
      );
    }
    return { result: { locked, changed, ended }, endedSessions };
  });
  // Committed: the OpenID Connect clients of the sessions ended are told (sso/session-end.ts).
  if (outcome.endedSessions) await announceEndedSessions(hub, outcome.endedSessions);
  return outcome.result;
};

/**
 * Resets the account's second factors: the authenticator app, the recovery codes and the passkeys
 * go, so whoever holds the person's phone or key holds nothing. The person signs in with the
 * password (or a reset code) and sets a second factor up again. They hear of each kind removed
 * (security notices, throttled), in the language of the browser they last used.
 */
export const resetSecondFactors = async (hub: Hub, account: AccountRow, by: ActionBy) => {
  const outcome = await hub.db.transaction().execute(async (trx) => {
    const now = hub.now();
    const hadTotp = (await hub.secondFactors.find(account.id, trx))?.totp_confirmed_at != null;
    await hub.secondFactors.removeTotp(trx, account.id, now);
    await hub.secondFactors.replaceRecoveryCodes(trx, account.id, [], now);
    const passkeys = createPasskeyQueries(hub.db);
    const rows = await passkeys.forAccount(account.id, trx);
    for (const row of rows) await passkeys.remove(trx, account.id, row.id);
    await audit(trx, hub, by, 'admin.factors_reset', account.id, { passkeys: rows.length });
    const language = toLanguage(await createKnownDeviceQueries(trx).latestLanguage(account.id)) ?? 'en';
    const removed = [
      ...(hadTotp ? (['totp'] as const) : []),
      ...(rows.length > 0 ? (['passkey'] as const) : []),
    ];
    let noticed = false;
    for (const method of removed)
      noticed =
        (await queueFactorNotice(hub, trx, { account, method, change: 'removed', language }, now)) || noticed;
    return { result: { passkeysRemoved: rows.length }, noticed };
  });
  if (outcome.noticed) hub.nudgeMail();
  return outcome.result;
};

/**
 * Sends the person a password-reset code: the spec's reset mail, with a link to the reset screen
 * (flows/reset/service.ts). The code is in the mail only, never in the answer nor the audit row.
 */
export const sendPasswordResetCode = async (hub: Hub, account: AccountRow, by: ActionBy) => {
  const email = account.email;
  if (!email) throw new HubError('admin.no_email');
  if (account.sign_in_locked_at !== null) throw new HubError('account.locked');
  const { expiresAt } = await sendResetCodeFor(
    hub,
    { ...account, email },
    {
      from: by.from,
      audit: {
        event: 'admin.reset_code_sent',
        detail: { operator: by.operatorId, via: by.via, reason: by.reason },
      },
    },
  );
  return { sentTo: email, expiresAt };
};

/** Unlinks a provider: the account center's own rule (never the last way to sign in). */
export const unlinkAccountProvider = async (
  hub: Hub,
  account: AccountRow,
  provider: 'google' | 'facebook',
  by: ActionBy,
) => {
  await unlinkProvider(hub, { account } as SignedInPerson, by.from, provider);
  await audit(hub.db, hub, by, 'admin.provider_unlinked', account.id, { provider });
  return { provider };
};

/** The account's data, as the person's own export has it (no secret in it). */
export const exportForOperator = async (hub: Hub, account: AccountRow, by: ActionBy) => {
  const { current_session_created_at: _none, ...data } = await exportAccountData(
    hub,
    { account, session: { created_at: 0 } } as SignedInPerson,
    by.from,
  );
  await audit(hub.db, hub, by, 'admin.data_exported', account.id);
  return data;
};

/**
 * Schedules the account's erasure exactly as the person's own request does (me/data.ts): due after
 * the grace period, every session ended, a notice mailed; the cleanup job erases it when due.
 */
export const scheduleErasure = async (hub: Hub, account: AccountRow, by: ActionBy) => {
  const now = hub.now();
  const dueAt = now + policy.accountDeletionGraceMs;
  let ended: EndedSessions | undefined;
  const scheduled = await hub.db.transaction().execute(async (trx) => {
    if (!(await createAccountDataQueries(trx).scheduleDeletion(trx, account.id, now, dueAt))) return false;
    ended = await endSessionsIn(hub, { accountId: account.id }, now, trx);
    if (account.email)
      await enqueueMail(
        trx,
        { to: account.email, ...deletionScheduledMail({ dueAt: new Date(dueAt) }) },
        now,
      );
    await audit(trx, hub, by, 'admin.deletion_requested', account.id, { dueAt });
    return true;
  });
  if (!scheduled) throw new HubError('account.deletion_pending');
  if (ended) await announceEndedSessions(hub, ended);
  hub.nudgeMail();
  return { dueAt };
};

/** Runs one of the account page's actions (the support role; the route has checked it). */
export const runAccountAction = async (hub: Hub, id: string, action: AdminAccountAction, by: ActionBy) => {
  const account = await accountOrNotFound(hub, id);
  switch (action) {
    case 'end-sessions':
      return endAccountSessions(hub, account, by);
    case 'lock':
      return setAccountLock(hub, account, true, by);
    case 'unlock':
      return setAccountLock(hub, account, false, by);
    case 'reset-factors':
      return resetSecondFactors(hub, account, by);
    case 'send-reset-code':
      return sendPasswordResetCode(hub, account, by);
    case 'unlink-google':
      return unlinkAccountProvider(hub, account, 'google', by);
    case 'unlink-facebook':
      return unlinkAccountProvider(hub, account, 'facebook', by);
    case 'export':
      return exportForOperator(hub, account, by);
    case 'delete':
      return scheduleErasure(hub, account, by);
  }
};
