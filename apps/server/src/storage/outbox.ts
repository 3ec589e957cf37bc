import type { Kysely } from 'kysely';
import type { Db } from './db.js';
import type { Database, MailOutboxTable } from './schema.js';

/**
 * A row this process holds. `lease` is the `next_attempt_at` the claim wrote: later updates
 * require it, so a process whose lease ran out cannot overwrite the outcome of the one that took over.
 */
export interface ClaimedMail {
  id: string;
  lease: number;
  /** Counting this attempt. */
  attempts: number;
  to: string;
  subject: string;
  text: string | null;
  html: string | null;
  /** When the mail was queued (epoch ms): its delivery latency counts from here. */
  createdAt: number;
}

/** The outbox operations the mail code needs: SQL only, the rules live in mail/. */
export const createOutboxQueries = (db: Db) => {
  const held = (id: string, lease: number) =>
    db
      .updateTable('mail_outbox')
      .where('id', '=', id)
      .where('status', '=', 'pending')
      .where('next_attempt_at', '=', lease);

  const changed = (result: { numUpdatedRows: bigint }) => result.numUpdatedRows === 1n;

  return {
    /** Queues a row; pass the caller's transaction so it commits with whatever it carries. */
    insert: (mail: MailOutboxTable, trx: Db = db) => trx.insertInto('mail_outbox').values(mail).execute(),

    /** Pending rows whose time has come, oldest first. */
    findDue: (now: number, limit: number) =>
      db
        .selectFrom('mail_outbox')
        .select(['id', 'next_attempt_at'])
        .where('status', '=', 'pending')
        .where('next_attempt_at', '<=', now)
        .orderBy('next_attempt_at')
        .orderBy('id')
        .limit(limit)
        .execute(),

    /**
     * Optimistic claim, safe across processes on SQLite and PostgreSQL: only the one update that
     * still sees the `next_attempt_at` that was read wins; it moves the row out of reach until
     * `leaseUntil`, when another process may take it over if this one died.
     */
    claim: async (id: string, seen: number, leaseUntil: number): Promise<ClaimedMail | undefined> => {
      const row = await held(id, seen)
        .set((eb) => ({ next_attempt_at: leaseUntil, attempts: eb('attempts', '+', 1) }))
        .returning(['id', 'attempts', 'to_address', 'subject', 'text_body', 'html_body', 'created_at'])
        .executeTakeFirst();
      if (!row) return undefined;
      return {
        id: row.id,
        lease: leaseUntil,
        attempts: Number(row.attempts),
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        createdAt: Number(row.created_at),
      };
    },

    /** Delivered: the bodies are cleared so a code does not outlive its delivery. */
    markSent: async (mail: ClaimedMail, now: number) =>
      changed(
        await held(mail.id, mail.lease)
          .set({ status: 'sent', sent_at: now, text_body: null, html_body: null, last_error: null })
          .executeTakeFirst(),
      ),

    markRetry: async (mail: ClaimedMail, nextAttemptAt: number, error: string) =>
      changed(
        await held(mail.id, mail.lease)
          .set({ next_attempt_at: nextAttemptAt, last_error: error })
          .executeTakeFirst(),
      ),

    /** Given up: the bodies go too, nobody will send them and their codes have long expired. */
    markFailed: async (mail: ClaimedMail, error: string) =>
      changed(
        await held(mail.id, mail.lease)
          .set({ status: 'failed', last_error: error, text_body: null, html_body: null })
          .executeTakeFirst(),
      ),
  };
};

export type OutboxQueries = ReturnType<typeof createOutboxQueries>;

/** How many mails wait to be sent and since when: for the metrics, read at scrape time. */
export const outboxState = async (
  db: Kysely<Database>,
): Promise<{ pending: number; oldestCreatedAt: number | null }> => {
  const row = await db
    .selectFrom('mail_outbox')
    .select((eb) => [eb.fn.countAll<number | string>().as('pending'), eb.fn.min('created_at').as('oldest')])
    .where('status', '=', 'pending')
    .executeTakeFirst();
  const oldest = row?.oldest;
  return { pending: Number(row?.pending ?? 0), oldestCreatedAt: oldest == null ? null : Number(oldest) };
};
