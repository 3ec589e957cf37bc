import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import type { HubDatabase } from '../storage/database.js';
import { createOutboxQueries } from '../storage/outbox.js';
import { createTestDatabase, testDialects } from '../test-support/databases.js';
import { enqueueMail } from './outbox.js';

const now = Date.UTC(2026, 10, 21, 12);
const message = { to: 'maria@example.ph', subject: 'Hello', text: 'code 123456', html: '<p>123456</p>' };

describe.each(testDialects)('mail outbox on %s', (dialect) => {
  let database: HubDatabase;
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => database?.close());
  beforeEach(async () => {
    await database.db.deleteFrom('mail_outbox').execute();
  });

  const row = (id: string) =>
    database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('queues a pending mail, due at once', async () => {
    const id = await enqueueMail(database.db, message, now);
    expect(await row(id)).toMatchObject({
      to_address: 'maria@example.ph',
      status: 'pending',
      attempts: 0,
      next_attempt_at: now,
      text_body: 'code 123456',
    });
    expect(await createOutboxQueries(database.db).findDue(now, 10)).toEqual([{ id, next_attempt_at: now }]);
  });

  it('commits and rolls back with the caller’s transaction', async () => {
    await expect(
      database.db.transaction().execute(async (trx) => {
        await enqueueMail(trx, message, now);
        throw new Error('the code insert failed');
      }),
    ).rejects.toThrow('the code insert failed');
    const id = await database.db.transaction().execute((trx) => enqueueMail(trx, message, now));
    const all = await database.db.selectFrom('mail_outbox').select('id').execute();
    expect(all).toEqual([{ id }]);
  });

  it('lets exactly one of two concurrent claims on the same row win', async () => {
    const id = await enqueueMail(database.db, message, now);
    const queries = createOutboxQueries(database.db);
    const claims = await Promise.all([
      queries.claim(id, now, now + 60_000),
      queries.claim(id, now, now + 60_000),
      queries.claim(id, now, now + 60_000),
    ]);
    expect(claims.filter(Boolean)).toHaveLength(1);
    expect(await row(id)).toMatchObject({ attempts: 1, next_attempt_at: now + 60_000 });
    expect(await queries.findDue(now + 59_999, 10)).toEqual([]);
  });

  it('lets an expired claim be taken over, and fences the old holder out', async () => {
    const id = await enqueueMail(database.db, message, now);
    const queries = createOutboxQueries(database.db);
    const first = await queries.claim(id, now, now + 1_000);
    const second = await queries.claim(id, now + 1_000, now + 1_000 + 1_000);
    expect(first && second).toBeTruthy();
    expect(await queries.markSent(first!, now + 1_500)).toBe(false);
    expect(await queries.markSent(second!, now + 1_500)).toBe(true);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2, text_body: null, html_body: null });
  });
});
