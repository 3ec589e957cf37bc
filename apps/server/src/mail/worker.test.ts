import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { sql } from 'kysely';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';
import { type HubDatabase, openDatabase } from '../storage/database.js';
import { migrateToLatest } from '../storage/migrate.js';
import { createOutboxQueries } from '../storage/outbox.js';
import { createTestClock, type TestClock } from '../test-support/app.js';
import { createTestDatabase, testDialects } from '../test-support/databases.js';
import { extractCode, type SmtpSink, startSmtpSink } from '../test-support/smtp-sink.js';
import { enqueueMail } from './outbox.js';
import { verificationCodeMail } from './templates.js';
import { createSmtpTransport, type MailEnvelope, type MailLog, type MailTransport } from './transport.js';
import { createMailWorker, type MailWorkerOptions, retryDelayMs } from './worker.js';

const FROM = 'Account Hub <no-reply@hub.example.ph>';

const createMemoryLog = () => {
  const lines: string[] = [];
  const at = (level: string) => (details: Record<string, unknown>, message: string) => {
    lines.push(JSON.stringify({ level, message, ...details }));
  };
  const log: MailLog = { info: at('info'), warn: at('warn'), error: at('error') };
  return { log, text: () => lines.join('\n'), lines };
};

/** A transport that holds every send until the test releases it. */
const createHeldTransport = () => {
  const sent: MailEnvelope[] = [];
  let release!: () => void;
  const gate = new Promise<void>((resolve) => {
    release = resolve;
  });
  let announceFirst!: () => void;
  const firstSend = new Promise<void>((resolve) => {
    announceFirst = resolve;
  });
  const transport: MailTransport = {
    async send(message) {
      sent.push(message);
      announceFirst();
      await gate;
    },
  };
  return { transport, sent, release, firstSend };
};

/**
 * Two handles on one database, as two hub processes would hold: two pools on the PostgreSQL test
 * database, or two connections to one SQLite file (an in-memory database cannot be shared).
 */
const openTwoProcesses = async (
  database: HubDatabase,
): Promise<{ handles: [HubDatabase, HubDatabase]; close: () => Promise<void> }> => {
  if (database.dialect === 'postgres') {
    const { rows } = await sql<{ name: string }>`select current_database() as name`.execute(database.db);
    const url = new URL(process.env.TEST_DATABASE_URL!);
    url.pathname = `/${rows[0]!.name}`;
    const other = openDatabase(url.toString(), { poolSize: 5 });
    return { handles: [database, other], close: () => other.close() };
  }
  const dir = mkdtempSync(join(tmpdir(), 'hub-mail-'));
  const one = openDatabase(`sqlite:${join(dir, 'hub.sqlite')}`);
  await migrateToLatest(one);
  const two = openDatabase(`sqlite:${join(dir, 'hub.sqlite')}`);
  return {
    handles: [one, two],
    close: async () => {
      await one.close();
      await two.close();
      rmSync(dir, { recursive: true, force: true });
    },
  };
};

describe('retryDelayMs', () => {
  it.each([
    [1, 5_000],
    [2, 10_000],
    [3, 20_000],
    [8, 640_000],
    [9, 900_000],
    [12, 900_000],
  ])('after attempt %i waits %i ms before jitter', (attempt, ms) => {
    expect(retryDelayMs(attempt, () => 0)).toBe(ms);
    expect(retryDelayMs(attempt, () => 0.999)).toBeLessThanOrEqual(ms * 1.1);
    expect(retryDelayMs(attempt, () => 0.999)).toBeGreaterThan(ms);
  });
});

describe.each(testDialects)('mail worker on %s', (dialect) => {
  let database: HubDatabase;
  let sink: SmtpSink;
  let clock: TestClock;
  let smtp: MailTransport;
  let memory: ReturnType<typeof createMemoryLog>;
  let serial = 0;

  beforeAll(async () => {
    database = await createTestDatabase(dialect);
    sink = await startSmtpSink();
    smtp = createSmtpTransport(sink.url);
  });
  afterAll(async () => {
    await sink?.stop();
    await database?.close();
  });
  beforeEach(async () => {
    await database.db.deleteFrom('mail_outbox').execute();
    sink.setDown(false);
    clock = createTestClock();
    memory = createMemoryLog();
  });

  const address = () => `person${++serial}.${dialect}@example.ph`;
  const code = () => String(100_000 + ((serial * 7919) % 900_000));
  const enqueueCode = async (to: string, value = code()) => {
    const mail = verificationCodeMail({ code: value, purpose: 'signup', ttlMinutes: 10 });
    const id = await enqueueMail(database.db, { to, ...mail }, clock.now());
    return { id, code: value };
  };
  const worker = (options: Partial<MailWorkerOptions> = {}) =>
    createMailWorker({
      database,
      transport: smtp,
      from: FROM,
      now: clock.now,
      log: memory.log,
      random: () => 0,
      ...options,
    });
  const row = (id: string) =>
    database.db.selectFrom('mail_outbox').selectAll().where('id', '=', id).executeTakeFirstOrThrow();

  it('sends over SMTP a mail with a text and an HTML part, then clears the bodies', async () => {
    const to = address();
    const { id, code: sentCode } = await enqueueCode(to, '482913');
    const mark = sink.messages.length;

    expect(await worker().runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });

    const mail = await sink.waitFor(to, { after: mark });
    expect(mail.subject).toBe('Your Account Hub verification code');
    expect(mail.envelope.from).toBe('no-reply@hub.example.ph');
    expect(mail.to).toEqual([to]);
    expect(extractCode(mail)).toBe(sentCode);
    expect(mail.text).toContain('This code expires in 10 minutes.');
    expect(mail.html).toContain('482913');
    expect(mail.html).toContain('This code expires in 10 minutes.');
    expect(await row(id)).toMatchObject({
      status: 'sent',
      attempts: 1,
      sent_at: clock.now(),
      text_body: null,
      html_body: null,
    });
    expect(memory.text()).toContain('mail sent');
    expect(memory.text()).not.toContain(sentCode);
  });

  it('retries with backoff while the mail server is down, loses nothing, and delivers once it is back', async () => {
    const to = address();
    const { id, code: sentCode } = await enqueueCode(to);
    const mark = sink.messages.length;
    const mailer = worker();
    sink.setDown(true);

    expect(await mailer.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    const first = await row(id);
    expect(first).toMatchObject({ status: 'pending', attempts: 1, next_attempt_at: clock.now() + 5_000 });
    expect(first.last_error).toContain('421');
    expect(first.text_body).toContain(sentCode);

    clock.advance(4_999);
    expect(await mailer.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock.advance(1);
    expect(await mailer.runOnce()).toEqual({ sent: 0, retried: 1, failed: 0 });
    expect(await row(id)).toMatchObject({ attempts: 2, next_attempt_at: clock.now() + 10_000 });

    sink.setDown(false);
    clock.advance(10_000);
    expect(await mailer.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(extractCode(await sink.waitFor(to, { after: mark }))).toBe(sentCode);
    expect(sink.messages.slice(mark).filter((m) => m.envelope.to.includes(to))).toHaveLength(1);
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 3, last_error: null, text_body: null });
    expect(memory.text()).toContain('will retry');
    expect(memory.text()).not.toContain(sentCode);
  });

  it('marks a mail failed after the last attempt, without its body', async () => {
    const to = address();
    const { id, code: sentCode } = await enqueueCode(to);
    const mailer = worker({ maxAttempts: 3 });
    sink.setDown(true);

    const outcomes = [];
    for (let attempt = 1; attempt <= 3; attempt++) {
      outcomes.push(await mailer.runOnce());
      clock.advance(16 * 60_000);
    }
    expect(outcomes.map((o) => [o.retried, o.failed])).toEqual([
      [1, 0],
      [1, 0],
      [0, 1],
    ]);
    const failed = await row(id);
    expect(failed).toMatchObject({ status: 'failed', attempts: 3, text_body: null, html_body: null });
    expect(failed.last_error).toContain('421');
    expect(failed.last_error).not.toContain(sentCode);
    expect(await mailer.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    expect(memory.text()).toContain('mail delivery failed for good');
  });

  it('delivers each mail exactly once when two processes run a worker on one database', async () => {
    const { handles, close } = await openTwoProcesses(database);
    try {
      const [first, second] = handles;
      await first.db.deleteFrom('mail_outbox').execute();
      const recipients = Array.from({ length: 20 }, address);
      for (const to of recipients) {
        const mail = verificationCodeMail({ code: code(), purpose: 'signup', ttlMinutes: 10 });
        await enqueueMail(first.db, { to, ...mail }, clock.now());
      }
      const mark = sink.messages.length;
      const one = worker({ database: first, batchSize: 50 });
      const two = worker({ database: second, batchSize: 50 });

      const results = await Promise.all([one.runOnce(), two.runOnce(), one.runOnce(), two.runOnce()]);

      expect(results.reduce((sum, r) => sum + r.sent, 0)).toBe(20);
      const received = sink.messages.slice(mark).flatMap((m) => m.envelope.to);
      expect(received.sort()).toEqual([...recipients].sort());
      const statuses = await second.db.selectFrom('mail_outbox').select('status').execute();
      expect(statuses.map((s) => s.status)).toEqual(recipients.map(() => 'sent'));
    } finally {
      await close();
    }
  });

  it('takes over a claim whose process stopped, once its lease has run out', async () => {
    const to = address();
    const { id } = await enqueueCode(to);
    const mark = sink.messages.length;
    // Another process claimed the row and died before sending.
    expect(await createOutboxQueries(database.db).claim(id, clock.now(), clock.now() + 60_000)).toBeTruthy();

    const mailer = worker({ leaseMs: 60_000 });
    expect(await mailer.runOnce()).toEqual({ sent: 0, retried: 0, failed: 0 });
    clock.advance(60_000);
    expect(await mailer.runOnce()).toEqual({ sent: 1, retried: 0, failed: 0 });
    await sink.waitFor(to, { after: mark });
    expect(await row(id)).toMatchObject({ status: 'sent', attempts: 2 });
  });

  it('counts a send that hangs past its timeout as a failed attempt', async () => {
    const { id } = await enqueueCode(address());
    const hanging: MailTransport = { send: () => new Promise(() => undefined) };
    expect(await worker({ transport: hanging, sendTimeoutMs: 20 }).runOnce()).toEqual({
      sent: 0,
      retried: 1,
      failed: 0,
    });
    expect((await row(id)).last_error).toContain('timed out');
  });

  it('never overlaps runs: a second run starts only after the first has finished', async () => {
    await enqueueCode(address());
    const held = createHeldTransport();
    const mailer = worker({ transport: held.transport });

    const first = mailer.runOnce();
    await held.firstSend;
    const second = mailer.runOnce();
    // Queued while the first run is still sending: only a run that starts afterwards can see it.
    await enqueueCode(address());
    held.release();

    expect(await first).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(await second).toEqual({ sent: 1, retried: 0, failed: 0 });
    expect(held.sent).toHaveLength(2);
  });

  it('delivers promptly on a nudge once started, and stop() waits for the run in flight', async () => {
    const mailer = worker({ pollIntervalMs: 3_600_000 });
    mailer.start();
    const to = address();
    const mark = sink.messages.length;
    await enqueueCode(to);
    mailer.nudge();
    await sink.waitFor(to, { after: mark, timeoutMs: 10_000 });
    await mailer.stop();

    const held = createHeldTransport();
    const blocked = worker({ transport: held.transport, pollIntervalMs: 3_600_000 });
    await enqueueCode(address());
    blocked.start();
    await held.firstSend;
    let stopped = false;
    const stopping = blocked.stop().then(() => {
      stopped = true;
    });
    await new Promise((resolve) => setImmediate(resolve));
    expect(stopped).toBe(false);
    held.release();
    await stopping;
    expect(stopped).toBe(true);
    expect(
      (await database.db.selectFrom('mail_outbox').select('status').execute()).map((r) => r.status),
    ).toEqual(['sent', 'sent']);
  });

  it('keeps going after a full batch instead of waiting for the next poll', async () => {
    const recipients = Array.from({ length: 5 }, address);
    for (const to of recipients) await enqueueCode(to);
    const mark = sink.messages.length;
    const mailer = worker({ batchSize: 2, pollIntervalMs: 3_600_000 });
    mailer.start();
    try {
      for (const to of recipients) await sink.waitFor(to, { after: mark, timeoutMs: 10_000 });
    } finally {
      await mailer.stop();
    }
    expect(sink.messages.length - mark).toBe(5);
  });

  it('does nothing on a nudge before start', async () => {
    const held = createHeldTransport();
    await enqueueCode(address());
    worker({ transport: held.transport }).nudge();
    await new Promise((resolve) => setImmediate(resolve));
    expect(held.sent).toHaveLength(0);
  });
});
