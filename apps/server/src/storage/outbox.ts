import type { Kysely } from 'kysely';
import type { Db } from './db.js';
import { type Claim, createLeasedOutboxQueries } from './leased-outbox.js';
import type { Database, MailOutboxTable } from './schema.js';

/** A mail this process holds (storage/leased-outbox.ts `Claim`), with what it sends. */
export interface ClaimedMail extends Claim {
  to: string;
  subject: string;
  text: string | null;
  html: string | null;
  /** When the mail was queued (epoch ms): its delivery latency counts from here. */
  createdAt: number;
}

/** The outbox operations the mail code needs: SQL only, the rules live in mail/. */
export const createOutboxQueries = (db: Db) => {
  const leased = createLeasedOutboxQueries(db, 'mail_outbox');

  return {
    /** Queues a row; pass the caller's transaction so it commits with whatever it carries. */
    insert: (mail: MailOutboxTable, trx: Db = db) => trx.insertInto('mail_outbox').values(mail).execute(),

    /** Pending rows whose time has come, oldest first. */
    findDue: leased.findDue,

    /** The optimistic claim of storage/leased-outbox.ts: only the update that still sees `seen` wins. */
    claim: async (id: string, seen: number, leaseUntil: number): Promise<ClaimedMail | undefined> => {
      const claimed = await leased.claim(id, seen, leaseUntil);
      if (!claimed) return undefined;
      const { row } = claimed;
      return {
        ...claimed.claim,
        to: row.to_address,
        subject: row.subject,
        text: row.text_body,
        html: row.html_body,
        createdAt: Number(row.created_at),
      };
    },

    /** Delivered: the bodies are cleared so a code does not outlive its delivery. */
    markSent: (mail: ClaimedMail, now: number) =>
      leased.settle(mail, {
        status: 'sent',
        sent_at: now,
        text_body: null,
        html_body: null,
        last_error: null,
      }),

    markRetry: (mail: ClaimedMail, nextAttemptAt: number, error: string) =>
      leased.retry(mail, nextAttemptAt, error),

    /** Given up: the bodies go too, nobody will send them and their codes have long expired. */
    markFailed: (mail: ClaimedMail, error: string) =>
      leased.settle(mail, { status: 'failed', last_error: error, text_body: null, html_body: null }),
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
