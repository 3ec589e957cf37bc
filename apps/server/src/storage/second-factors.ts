import type { Kysely } from 'kysely';
import { blockedUntilAfterOneMore } from './accounts.js';
import type { Db } from './db.js';
import { precompiled } from './precompiled.js';
import type { Database, SecondFactorsTable } from './schema.js';

// Every password sign-in reads it (does the account confirm with a second factor?): compiled once.
const secondFactorsOf = precompiled<{ accountId: string }, SecondFactorsTable>(['accountId'], (db, v) =>
  db.selectFrom('second_factors').selectAll().where('account_id', '=', v.accountId),
);

/** An account's second factors (migration 0009): SQL only; the rules are mfa/'s. */
export const createSecondFactorQueries = (db: Kysely<Database>) => ({
  find: async (accountId: string, trx: Db = db): Promise<SecondFactorsTable | undefined> =>
    (await secondFactorsOf(trx, { accountId })).rows[0],

  /**
   * A new authenticator secret being set up: written unless an app is already confirmed (a second
   * start replaces the first's unconfirmed secret). False when one is confirmed.
   */
  startTotp: async (accountId: string, sealedSecret: string, now: number) => {
    const result = await db
      .insertInto('second_factors')
      .values({
        account_id: accountId,
        totp_secret: sealedSecret,
        totp_confirmed_at: null,
        totp_last_step: null,
        failed_count: 0,
        blocked_until: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) =>
        oc
          .column('account_id')
          .doUpdateSet({ totp_secret: sealedSecret, totp_last_step: null, updated_at: now })
          .where('second_factors.totp_confirmed_at', 'is', null),
      )
      .executeTakeFirst();
    return Number(result.numInsertedOrUpdatedRows ?? 0n) === 1;
  },

  /** The first right code confirms the secret it was checked against (not one a later start wrote). */
  confirmTotp: async (trx: Db, accountId: string, sealedSecret: string, step: number, now: number) => {
    const result = await trx
      .updateTable('second_factors')
      .set({ totp_confirmed_at: now, totp_last_step: step, updated_at: now })
      .where('account_id', '=', accountId)
      .where('totp_secret', '=', sealedSecret)
      .where('totp_confirmed_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  /**
   * Takes a time step for an accepted code: only past the last one taken, so of two requests with
   * the same code (or codes of the same or an earlier step) one wins. False for the others.
   */
  takeTotpStep: async (accountId: string, step: number, now: number) => {
    const result = await db
      .updateTable('second_factors')
      .set({ totp_last_step: step, updated_at: now })
      .where('account_id', '=', accountId)
      .where('totp_confirmed_at', 'is not', null)
      .where((eb) => eb.or([eb('totp_last_step', 'is', null), eb('totp_last_step', '<', step)]))
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },

  removeTotp: (trx: Db, accountId: string, now: number) =>
    trx
      .updateTable('second_factors')
      .set({ totp_secret: null, totp_confirmed_at: null, totp_last_step: null, updated_at: now })
      .where('account_id', '=', accountId)
      .execute(),

  /** The account's row with nothing set up, if it has none (its attempt counters live there). */
  ensureRow: (accountId: string, now: number) =>
    db
      .insertInto('second_factors')
      .values({
        account_id: accountId,
        totp_secret: null,
        totp_confirmed_at: null,
        totp_last_step: null,
        failed_count: 0,
        blocked_until: null,
        created_at: now,
        updated_at: now,
      })
      .onConflict((oc) => oc.column('account_id').doNothing())
      .execute(),

  /**
   * Reserves one second-factor attempt on the account before the check (as passwords do): the
   * count goes up and, past the free ones, the account waits `delayMs`. Undefined while it waits
   * (or when the account has no row).
   */
  reserveAttempt: (accountId: string, now: number, delayMs: (failures: number) => number) =>
    db
      .updateTable('second_factors')
      .set((eb) => ({
        failed_count: eb('failed_count', '+', 1),
        blocked_until: blockedUntilAfterOneMore(now, delayMs, 'failed_count'),
        updated_at: now,
      }))
      .where('account_id', '=', accountId)
      .where((eb) => eb.or([eb('blocked_until', 'is', null), eb('blocked_until', '<=', now)]))
      .returningAll()
      .executeTakeFirst() as Promise<SecondFactorsTable | undefined>,

  /** A right second factor: clears the count (the attempt just reserved included) and any wait. */
  clearFailures: (accountId: string) =>
    db
      .updateTable('second_factors')
      .set({ failed_count: 0, blocked_until: null })
      .where('account_id', '=', accountId)
      .where('failed_count', '>', 0)
      .execute(),

  /** The account's recovery codes become these (the old ones stop working), in the caller's transaction. */
  replaceRecoveryCodes: async (trx: Db, accountId: string, hashes: readonly string[], now: number) => {
    await trx.deleteFrom('recovery_codes').where('account_id', '=', accountId).execute();
    if (hashes.length === 0) return;
    await trx
      .insertInto('recovery_codes')
      .values(
        hashes.map((code_hash) => ({ account_id: accountId, code_hash, used_at: null, created_at: now })),
      )
      .execute();
  },

  unusedRecoveryCodes: async (accountId: string, trx: Db = db) => {
    const row = await trx
      .selectFrom('recovery_codes')
      .select((eb) => eb.fn.countAll().as('n'))
      .where('account_id', '=', accountId)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(row?.n ?? 0);
  },

  /** Uses a recovery code once: of any number of requests with the same code, one does. */
  useRecoveryCode: async (accountId: string, hash: string, now: number) => {
    const result = await db
      .updateTable('recovery_codes')
      .set({ used_at: now })
      .where('account_id', '=', accountId)
      .where('code_hash', '=', hash)
      .where('used_at', 'is', null)
      .executeTakeFirst();
    return Number(result.numUpdatedRows) === 1;
  },
});
export type SecondFactorQueries = ReturnType<typeof createSecondFactorQueries>;
