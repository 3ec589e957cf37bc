import { type Language, routePath } from '@hub/core';
import { HubError } from '../errors.js';
import type { Hub } from '../hub.js';
import type { Db } from '../storage/db.js';
import { enqueueMail } from './outbox.js';
import { type SecurityNotice, securityNoticeMail } from './templates.js';

/**
 * Queues a security notice (docs/security.md "Notices") to the account's email inside `trx`, so
 * it is sent if and only if the change it reports commits, unless the account has had
 * policy.throttle.securityNoticePerAccount notices this window: an attacker who keeps triggering
 * them cannot flood the person's mailbox. `page` is the account center page the button opens.
 * `always`: a notice that warns of a takeover in progress (an email change, to the address losing
 * the account) is counted but never held back; the change it reports has its own limit.
 * Nothing for an account without email. True when a mail was queued (nudge the worker after commit).
 */
export const queueSecurityNotice = async (
  hub: Hub,
  trx: Db,
  input: {
    accountId: string;
    email: string | null;
    notice: SecurityNotice;
    language: Language;
    page: string;
    always?: boolean;
  },
  now: number,
): Promise<boolean> => {
  if (!input.email) return false;
  try {
    await hub.throttle.consume('securityNoticePerAccount', `account:${input.accountId}`);
  } catch (error) {
    if (!(error instanceof HubError && error.code === 'rate_limited')) throw error;
    if (!input.always) {
      hub.log.info(
        { notice: input.notice.kind },
        'security notice not sent: the account had its share this hour',
      );
      return false;
    }
  }
  const mail = securityNoticeMail({
    notice: input.notice,
    at: now,
    link: `${hub.config.publicUrl}${input.page}`,
    language: input.language,
  });
  await enqueueMail(trx, { to: input.email, ...mail }, now);
  return true;
};

/**
 * A second factor or passkey added or removed from the account center: the person hears of it
 * (throttled as every notice), in the language of the browser that made the change, with a button
 * to the Security page. Call inside the change's transaction.
 */
export const queueFactorNotice = (
  hub: Hub,
  trx: Db,
  input: {
    account: { id: string; email: string | null };
    method: 'totp' | 'passkey';
    change: 'added' | 'removed';
    language: Language;
  },
  now: number,
): Promise<boolean> =>
  queueSecurityNotice(
    hub,
    trx,
    {
      accountId: input.account.id,
      email: input.account.email,
      notice: { kind: 'second_factor', method: input.method, change: input.change },
      language: input.language,
      page: routePath('account_security'),
    },
    now,
  );
