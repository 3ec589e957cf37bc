import { randomUUID } from 'node:crypto';
import type { Platform } from '@hub/core';
import type { Insertable } from 'kysely';
import { verifiedEmailAccount } from '../flows/new-account.js';
import { hashPassword } from '../services/passwords.js';
import type { AccountsTable } from '../storage/schema.js';
import type { TestHub } from './app.js';
import { strongPassword } from './client.js';

/** The accounts row of a verified person on Personal known by nothing but an email: no password yet. */
export const accountRow = (id: string, email: string, now: number): Insertable<AccountsTable> =>
  verifiedEmailAccount({ id, email, passwordHash: null, platform: 'psl', uType: 1, now });

/** An account as a finished sign-up leaves it, with the identifiers and types a test needs. */
export const seedAccount = async (
  hub: TestHub,
  input: {
    email: string;
    password?: string;
    platforms?: Platform[];
    userType?: number;
    uType?: number;
    mobile?: string;
    username?: string;
  },
) => {
  const now = hub.clock.now();
  const id = randomUUID();
  const platforms = input.platforms ?? ['psl'];
  await hub.database.db.transaction().execute(async (trx) => {
    await hub.hub.accounts.insert(trx, {
      ...accountRow(id, input.email, now),
      mobile_num: input.mobile ?? null,
      username: input.username ?? null,
      username_normalized: input.username?.toLowerCase() ?? null,
      password_hash: await hashPassword(input.password ?? strongPassword),
      home_platform: platforms[0]!,
      user_type: input.userType ?? 0,
      u_type: input.uType ?? 1,
      password_changed_at: now,
    });
    for (const [i, platform] of platforms.entries())
      await hub.hub.accounts.addMembership(trx, id, platform, i === 0, now);
  });
  return id;
};
