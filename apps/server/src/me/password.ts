import type { ChangePasswordRequest, ChangePasswordResponse, Language } from '@hub/core';
import { HubError } from '../errors.js';
import { checkAccountPassword } from '../flows/password-check.js';
import type { SignedInPerson } from '../http/signed-in.js';
import type { Hub } from '../hub.js';
import { enqueueMail } from '../mail/outbox.js';
import { accountNoticeMail } from '../mail/templates.js';
import { type ClientOrigin, recordAudit } from '../services/audit.js';
import { refuseBreachedPassword } from '../services/breached-passwords.js';
import { checkNewPassword, hashPassword } from '../services/passwords.js';
import { announceEndedSessions, type EndedSessions, endSessionsIn } from '../sso/session-end.js';

/**
 * The same check as every other password check, its refusal pointed at the field that holds the
 * password here (`currentPassword`, `password`), with the code, params and wait kept.
 */
export const checkPasswordAs = async (
  hub: Hub,
  field: string,
  input: Parameters<typeof checkAccountPassword>[1],
) => {
  try {
    return await checkAccountPassword(hub, input);
  } catch (error) {
    if (!(error instanceof HubError) || error.field !== 'password') throw error;
    throw new HubError(error.code, {
      field,
      ...(error.params ? { params: error.params } : {}),
      ...(error.retryAfter !== undefined ? { retryAfter: error.retryAfter } : {}),
    });
  }
};

/**
 * POST /api/me/password. The new password first meets sign-up's rules (score 0, not a common one),
 * so a weak one costs no attempt; then the current password is checked like a login's (the
 * account's shared count and delay, the client's limit); then the new must differ from it. An
 * account without a password (made by Google or Facebook) sets its first one, with the same rules.
 * The hash, the other sessions ended (when asked), the audit event and the notice mail commit
 * together; a change made meanwhile by another request wins and this one is refused. The notice is
 * written in `language`, the request's (issue #18).
 */
export const changePassword = async (
  hub: Hub,
  { session, account }: SignedInPerson,
  from: ClientOrigin,
  input: ChangePasswordRequest,
  language: Language = 'en',
): Promise<ChangePasswordResponse> => {
  await hub.throttle.consume('securityChangePerAccount', `account:${account.id}`);
  const problem = checkNewPassword(input.newPassword);
  if (problem) throw new HubError(problem, { field: 'newPassword' });
  await refuseBreachedPassword(hub, input.newPassword, 'newPassword');
  const hadPassword = account.password_hash !== null;
  if (hadPassword) {
    await checkPasswordAs(hub, 'currentPassword', {
      accountId: account.id,
      password: input.currentPassword ?? '',
      from,
      failureEvent: 'account.password_change_failed',
    });
    if (input.newPassword === input.currentPassword)
      throw new HubError('password.unchanged', { field: 'newPassword' });
  }
  const passwordHash = await hashPassword(input.newPassword);
  const now = hub.now();
  const noneEnded: EndedSessions = { sessions: [], oidc: [] };
  const endedSessions = await hub.db.transaction().execute(async (trx) => {
    if (!(await hub.accounts.replacePassword(trx, account.id, account.password_hash, passwordHash, now))) {
      // Another change of this password committed after this request read it.
      throw new HubError('password.incorrect', { field: 'currentPassword' });
    }
    const endedSessions = input.endOtherSessions
      ? await endSessionsIn(hub, { accountId: account.id, keep: session.id }, now, trx)
      : noneEnded;
    const ended = endedSessions.sessions.length;
    await recordAudit(
      trx,
      {
        event: 'account.password_changed',
        outcome: 'success',
        accountId: account.id,
        from,
        detail: { set: !hadPassword, endOtherSessions: input.endOtherSessions, sessionsEnded: ended },
      },
      now,
    );
    if (account.email) {
      const notice = { kind: 'password_changed', set: !hadPassword, otherSessionsEnded: ended > 0 } as const;
      await enqueueMail(trx, { to: account.email, ...accountNoticeMail({ notice, at: now, language }) }, now);
    }
    return endedSessions;
  });
  // Committed: the OpenID Connect clients of the sessions ended are told (sso/session-end.ts).
  await announceEndedSessions(hub, endedSessions);
  hub.nudgeMail();
  return { otherSessionsEnded: endedSessions.sessions.length };
};
