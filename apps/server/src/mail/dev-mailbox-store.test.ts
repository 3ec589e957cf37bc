import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { HubDatabase } from '../storage/database.js';
import { createDevMailQueries } from '../storage/dev-mail.js';
import { createTestDatabase, testDialects } from '../test-support/databases.js';
import { createDevMailbox, type MailLog } from './transport.js';

const FROM = 'Account Hub <no-reply@localhost>';
const mail = (n: number, to = 'maria@example.ph') => ({
  from: FROM,
  to,
  subject: `Mail ${n}`,
  text: `Account Hub\n\n    ${String(100000 + n)}\n`,
  html: `<p>${100000 + n}</p>`,
});

describe.each(testDialects)('the dev mailbox in the database on %s', (dialect) => {
  let database: HubDatabase;
  const warnings: unknown[] = [];
  const log: MailLog = { info: () => {}, warn: (details) => warnings.push(details), error: () => {} };
  beforeAll(async () => {
    database = await createTestDatabase(dialect);
  });
  afterAll(async () => database?.close());

  it('survives a restart: a new mailbox on the same database shows the same mail, numbers and all', async () => {
    let now = Date.UTC(2026, 10, 28, 8);
    const first = createDevMailbox({
      log,
      now: () => (now += 1_000),
      store: createDevMailQueries(database.db),
    });
    await first.restore();
    await first.send(mail(1));
    await first.send(mail(2, 'juan@example.ph'));

    const second = createDevMailbox({ log, store: createDevMailQueries(database.db) });
    await second.restore();
    expect(second.list()).toEqual(first.list());
    expect(second.latestFor('MARIA@example.ph')?.text).toContain('100001');
    // Numbers go on from the kept ones: the page's refresh sees a new mail as new.
    await second.send(mail(3));
    expect(second.list()[0]?.id).toBeGreaterThan(first.list()[0]?.id ?? 0);
  });

  it('keeps only the newest mails, in memory and in the table', async () => {
    const store = createDevMailQueries(database.db);
    const mailbox = createDevMailbox({ log, capacity: 3, store });
    await mailbox.restore();
    for (const n of [10, 11, 12, 13]) await mailbox.send(mail(n));
    expect(mailbox.list().map((m) => m.subject)).toEqual(['Mail 13', 'Mail 12', 'Mail 11']);
    expect((await store.newest(10)).map((m) => m.subject)).toEqual(['Mail 11', 'Mail 12', 'Mail 13']);
  });

  it('still shows a mail the database refused, and says so in the log', async () => {
    const refusing = {
      insert: async () => {
        throw new Error('database is locked');
      },
      newest: async () => [],
      deleteBefore: async () => undefined,
    };
    const mailbox = createDevMailbox({ log, store: refusing });
    await mailbox.send(mail(20));
    expect(mailbox.latestFor('maria@example.ph')?.subject).toBe('Mail 20');
    expect(warnings).toHaveLength(1);
  });
});
