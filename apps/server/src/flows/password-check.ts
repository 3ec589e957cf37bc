import { routePath, toLanguage } from '@hub/core';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import { queueSecurityNotice } from '../mail/security-notice.js';
import { policy } from '../policy.js';
import { type AuditEvent, type ClientOrigin, recordAudit } from '../services/audit.js';
import { hashIsCurrent, hashPassword, passwordCheckTurn } from '../services/passwords.js';
import { rateLimited } from '../services/throttle.js';
import type { AccountRow } from '../storage/accounts.js';
import { createKnownDeviceQueries } from '../storage/known-devices.js';
import { passwordDelayMs } from './login/flow.js';

/**
 * The check of an existing account's password, shared by every flow that asks for one (login,
 * switching, linking, the default platform): the client's limit, the account's growing delay
 * (docs/limits.md), an Argon2id compare, and on a mismatch its audit event. Wrong passwords
 * count on the account, whichever flow, client address or process they came through; a match
 * resets the count. The attempt is reserved in the database before the hash runs, so a burst of
 * parallel guesses gets no more compares than the same guesses one after another; it is reserved
 * once the check has its hash turn, so parallel right passwords are not refused as a burst.
 */
export const checkAccountPassword = async (
  hub: Hub,
  input: { accountId: string; password: string; from: ClientOrigin; failureEvent: AuditEvent },
): Promise<AccountRow> => {
  const { password, from } = input;
  if (password === '') throw new HubError('password.required', { field: 'password' });
  await hub.throttle.consume('passwordPerIp', from.ip);
  // The reservation in the same hash turn as the compare (services/passwords.ts): checks queued for
  // the hash have reserved nothing yet, so parallel right passwords are not taken for a burst.
  const { account, matches } = await passwordCheckTurn(async (turn) => {
    const reserved = await reserveAttempt(hub, input.accountId);
    if (!reserved) {
      await turn.spendTime(password);
      return { account: undefined, matches: false };
    }
    try {
      return { account: reserved, matches: await turn.verify(reserved.password_hash!, password, hub.log) };
    } catch (error) {
      await giveBackAttempt(hub, reserved);
      throw error;
    }
  });
  if (!account) throw new HubError('password.incorrect', { field: 'password' });
  if (!matches) {
    await recordAudit(
      hub.db,
      {
        event: input.failureEvent,
        outcome: 'failure',
        accountId: account.id,
        from,
        detail: { failures: account.failed_password_count },
      },
      hub.now(),
    );
    if (account.failed_password_count === policy.freePasswordFailures)
      await noticeOfPasswordLimit(hub, account);
    throw new HubError('password.incorrect', { field: 'password' });
  }
  await hub.accounts.clearPasswordFailures(account.id);
  await upgradeHash(hub, account, password);
  return { ...account, failed_password_count: 0, password_blocked_until: null };
};

/**
 * A right password whose hash was made with older parameters is hashed again with today's
 * (services/passwords.ts `hashIsCurrent`), once. Best effort: the sign-in has succeeded whatever
 * happens here, and a hash or a write that fails is tried again at the next sign-in.
 */
const upgradeHash = async (hub: Hub, account: AccountRow, password: string) => {
  const stored = account.password_hash;
  if (stored === null || hashIsCurrent(stored)) return;
  try {
    await hub.accounts.upgradePasswordHash(account.id, stored, await hashPassword(password));
  } catch (error) {
    hub.log.warn({ reason: (error as Error).message }, 'a password hash could not be upgraded');
  }
};

/**
 * The hash failed for the machine (services/passwords.ts answers a 503): the password was never
 * compared, so its reserved attempt neither counts nor delays the retry the 503 asks for. If the
 * database fails too, the attempt stays counted, as any wrong password would be.
 */
const giveBackAttempt = async (hub: Hub, reserved: AccountRow) => {
  try {
    await hub.accounts.returnPasswordAttempt(reserved.id, reserved.password_blocked_until);
  } catch (error) {
    hub.log.warn({ reason: (error as Error).message }, 'a password attempt could not be given back');
  }
};

/**
 * The account with one attempt reserved; undefined when it has no password to check; 429 while
 * it waits out a delay. A refused reservation is read again to tell those apart; the second try
 * covers a block lifted by a right password in between.
 */
const reserveAttempt = async (hub: Hub, accountId: string): Promise<AccountRow | undefined> => {
  for (let tries = 0; ; tries += 1) {
    const now = hub.now();
    const reserved = await hub.accounts.reservePasswordAttempt(accountId, now, passwordDelayMs);
    if (reserved) return reserved;
    const account = await hub.accounts.findById(accountId);
    if (!account?.password_hash) return undefined;
    const blockedUntil = account.password_blocked_until ?? 0;
    if (blockedUntil > now || tries > 0) {
      // A block set by a request that read the clock after this one began can look a moment longer
      // than its delay: never say more than the delay the current count earned.
      const waitMs = Math.min(blockedUntil - hub.now(), passwordDelayMs(account.failed_password_count));
      throw rateLimited(Math.max(1, Math.ceil(waitMs / 1000)));
    }
  }
};

/**
 * The wrong password that used up the free ones: the person hears of it once per run of failures
 * (docs/security.md "Notices"), in the language of their last used browser, throttled per account.
 */
const noticeOfPasswordLimit = async (hub: Hub, account: AccountRow) => {
  const queued = await hub.db.transaction().execute(async (trx) =>
    queueSecurityNotice(
      hub,
      trx,
      {
        accountId: account.id,
        email: account.email,
        notice: { kind: 'password_limit', failures: account.failed_password_count },
        language: toLanguage(await createKnownDeviceQueries(trx).latestLanguage(account.id)) ?? 'en',
        page: routePath('account_security'),
      },
      hub.now(),
    ),
  );
  if (queued) hub.nudgeMail();
};
