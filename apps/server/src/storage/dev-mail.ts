import type { Db } from './db.js';

export interface StoredDevMail {
  id: number;
  at: number;
  from: string;
  to: string;
  subject: string;
  text: string;
  html: string;
}

/** The dev mailbox's table: SQL only; the mailbox (mail/transport.ts) keeps the rules. */
export const createDevMailQueries = (db: Db) => ({
  /** Stores one mail and answers its number (increasing). */
  insert: async (mail: Omit<StoredDevMail, 'id'>): Promise<number> => {
    const row = await db
      .insertInto('dev_mail')
      .values({
        at: mail.at,
        from_address: mail.from,
        to_address: mail.to,
        subject: mail.subject,
        text_body: mail.text,
        html_body: mail.html,
      })
      .returning('id')
      .executeTakeFirstOrThrow();
    return Number(row.id);
  },

  /** The newest `limit` mails, oldest first. */
  newest: async (limit: number): Promise<StoredDevMail[]> => {
    const rows = await db.selectFrom('dev_mail').selectAll().orderBy('id', 'desc').limit(limit).execute();
    return rows.reverse().map((row) => ({
      id: Number(row.id),
      at: Number(row.at),
      from: row.from_address,
      to: row.to_address,
      subject: row.subject,
      text: row.text_body,
      html: row.html_body,
    }));
  },

  /** Deletes all but the mails from number `oldestKept` on. */
  deleteBefore: (oldestKept: number) => db.deleteFrom('dev_mail').where('id', '<', oldestKept).execute(),
});
