import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import { type AuditEvent, recordAudit } from '../services/audit.js';
import { spendPasswordTime, verifyPassword } from '../services/passwords.js';
import { rateLimited } from '../services/throttle.js';
import type { AccountRow } from '../storage/accounts.js';
import { passwordDelayMs } from './login/flow.js';

/**
 * The check of an existing account's password, shared by every flow that asks for one (login,
 * switching, linking, the default platform): the client's limit, the account's growing delay
 * (docs/security.md "Throttles"), an Argon2id compare, and on a mismatch the failure count and its audit
 * event. Wrong passwords count on the account, whichever flow they came through; a match resets it.
 */
export const checkAccountPassword = async (
  hub: Hub,
  input: { accountId: string; password: string; ip: string; failureEvent: AuditEvent },
): Promise<AccountRow> => {
  const { password, ip } = input;
  if (password === '') throw new HubError('password.required', { field: 'password' });
  await hub.throttle.consume('passwordPerIp', ip);
  const account = await hub.accounts.findById(input.accountId);
  if (!account?.password_hash) {
    await spendPasswordTime(password);
    throw new HubError('password.incorrect', { field: 'password' });
  }
  const now = hub.now();
  if (account.password_blocked_until && account.password_blocked_until > now) {
    throw rateLimited(Math.ceil((account.password_blocked_until - now) / 1000));
  }
  if (!(await verifyPassword(account.password_hash, password))) {
    const failures = await hub.accounts.recordPasswordFailure(account.id);
    const delay = passwordDelayMs(failures);
    if (delay > 0) await hub.accounts.blockPasswordUntil(account.id, now + delay);
    await recordAudit(
      hub.db,
      { event: input.failureEvent, outcome: 'failure', accountId: account.id, ip, detail: { failures } },
      now,
    );
    throw new HubError('password.incorrect', { field: 'password' });
  }
  // Most sign-ins follow no failure: then there is nothing to reset and no write to make.
  if (account.failed_password_count > 0) await hub.accounts.clearPasswordFailures(account.id);
  return account;
};
