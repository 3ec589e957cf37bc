import type { Platform } from '@hub/core';
import type { Transaction } from 'kysely';
import { emitAccountEvent } from '../../events/emit.js';
import type { Hub } from '../../hub.js';
import { type ClientOrigin, recordAudit } from '../../services/audit.js';
import type { Database } from '../../storage/schema.js';

/**
 * What completing switching option1 does, in the transaction that completes its flow: the account
 * becomes a member of this platform (once however many flows race to add it: the membership's
 * primary key and ON CONFLICT DO NOTHING; its default platform does not change), and the link is
 * audited. Called by the switching flow when the password was the whole sign-in, and by the second
 * step (mfa/second-step.ts) once an account with a second factor proved it too.
 */
export const linkAccountToPlatform = async (
  hub: Hub,
  trx: Transaction<Database>,
  link: { accountId: string; platform: Platform; from: ClientOrigin },
  now: number,
) => {
  await hub.accounts.addMembership(trx, link.accountId, link.platform, false, now);
  await emitAccountEvent(
    trx,
    { kind: 'platform.linked', accountId: link.accountId, data: { platform: link.platform } },
    now,
  );
  await recordAudit(
    trx,
    {
      event: 'switching.linked',
      outcome: 'success',
      accountId: link.accountId,
      from: link.from,
      detail: { platform: link.platform },
    },
    now,
  );
};
