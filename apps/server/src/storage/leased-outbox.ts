import type { Kysely, Selectable, Updateable } from 'kysely';
import type { Db } from './db.js';
import type { Database } from './schema.js';

/**
 * The claim, lease and retry of an outbox table, shared by the mail outbox (`mail_outbox`,
 * storage/outbox.ts) and the webhook deliveries (`webhook_deliveries`, storage/webhooks.ts). A row
 * is `pending` until its worker settles it; `next_attempt_at` is when it is due, and while a
 * process holds it, the end of that process's lease. The worker's side is storage/leased-worker.ts.
 */
export type LeasedTable = 'mail_outbox' | 'webhook_deliveries';

/**
 * A row this process holds. `lease` is the `next_attempt_at` the claim wrote: later updates
 * require it, so a process whose lease ran out cannot overwrite the outcome of the one that took over.
 */
export interface Claim {
  id: string;
  lease: number;
  /** Counting this attempt. */
  attempts: number;
}

/** The columns every leased table has: what the queries below read and write. */
interface LeasedRow {
  id: string;
  status: string;
  attempts: number;
  next_attempt_at: number;
  last_error: string | null;
}

/** The claim queries of `table`; each table's own module adds what its rows carry. */
export const createLeasedOutboxQueries = <T extends LeasedTable>(db: Db, table: T) => {
  // One query shape for both tables: Kysely is told of a table `leased` with the shared columns,
  // and the name written into the SQL is the real one.
  const leased = db as unknown as Kysely<{ leased: LeasedRow }>;
  const name = table as unknown as 'leased';
  const held = (claim: { id: string; lease: number }) =>
    leased
      .updateTable(name)
      .where('id', '=', claim.id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '=', claim.lease);

  const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows === 1n;

  const settle = async (claim: Claim, set: Updateable<Database[T]>) =>
    changed(
      await held(claim)
        .set(set as unknown as Updateable<LeasedRow>)
        .executeTakeFirst(),
    );
  const retry = async (claim: Claim, nextAttemptAt: number, error: string) =>
    changed(await held(claim).set({ next_attempt_at: nextAttemptAt, last_error: error }).executeTakeFirst());

  return {
    /** Pending rows whose time has come, oldest first. */
    findDue: (now: number, limit: number) =>
      leased
        .selectFrom(name)
        .select(['id', 'next_attempt_at'])
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .execute(),

    /**
     * Optimistic claim, safe across processes on SQLite and PostgreSQL: only the one update that
     * still sees the `next_attempt_at` that was read (`seen`) wins; it moves the row out of reach
     * until `leaseUntil`, when another process may take it over if this one died. The claimed row
     * comes back whole, as the update left it.
     */
    claim: async (
      id: string,
      seen: number,
      leaseUntil: number,
    ): Promise<{ claim: Claim; row: Selectable<Database[T]> } | undefined> => {
      const row = await held({ id, lease: seen })
        .set((eb) => ({ next_attempt_at: leaseUntil, attempts: eb('attempts', '+', 1) }))
        .returningAll()
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        claim: { id: row.id, lease: leaseUntil, attempts: Number(row.attempts) },
        row: row as unknown as Selectable<Database[T]>,
      };
    },

    /** Writes a held row's outcome; false when the claim is no longer ours (it expired and was taken). */
    settle,

    /** Tried and failed: due again at `nextAttemptAt`. */
    retry,
  };
};
