import { randomUUID } from 'node:crypto';
import type { Db } from '../storage/db.js';
import { createOutboxQueries } from '../storage/outbox.js';

export interface OutgoingMail {
  to: string;
  subject: string;
  text: string;
  html: string;
}

/**
 * Queues a mail. Pass the caller's transaction so the code and its mail commit together: a mail
 * server that is down then delays the code but never loses it (the transactional outbox).
 */
export const enqueueMail = async (db: Db, message: OutgoingMail, now: number): Promise<string> => {
  const id = randomUUID();
  await createOutboxQueries(db).insert({
    id,
    to_address: message.to,
    subject: message.subject,
    text_body: message.text,
    html_body: message.html,
    status: 'pending',
    attempts: 0,
    next_attempt_at: now,
    last_error: null,
    created_at: now,
    sent_at: null,
  });
  return id;
};
