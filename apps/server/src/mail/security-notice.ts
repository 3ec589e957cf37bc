import type { Language } from '@hub/core';
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
  },
  now: number,
): Promise<boolean> => {
  if (!input.email) return false;
  try {
    await hub.throttle.consume('securityNoticePerAccount', `account:${input.accountId}`);
  } catch (error) {
    if (error instanceof HubError && error.code === 'rate_limited') {
      hub.log.info(
        { notice: input.notice.kind },
        'security notice not sent: the account had its share this hour',
      );
      return false;
    }
    throw error;
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
