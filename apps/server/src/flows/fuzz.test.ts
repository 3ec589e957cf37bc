import { Writable } from 'node:stream';
import { authEndpoints } from '@hub/core';
import fc from 'fast-check';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestClock, createTestHub, type TestHub } from '../test-support/app.js';
import { browserFor, strongPassword } from '../test-support/client.js';
import { createTestDatabase, testDialects } from '../test-support/databases.js';

const postEndpoints = Object.entries(authEndpoints)
  .filter(([name]) => !name.endsWith('Status'))
  .map(([, path]) => path);
const getEndpoints = [authEndpoints.signupStatus, authEndpoints.resetStatus];
const tables = [
  'accounts',
  'flows',
  'verification_codes',
  'mail_outbox',
  'sessions',
  'referrals',
  'profiles',
] as const;

/** Hostile field values: wrong types, huge strings, prototype keys, control characters. */
const hostileValue = fc.oneof(
  fc.anything(),
  fc.string({ maxLength: 2000 }),
  fc.constantFrom(
    '',
    ' ',
    '\u0000',
    '__proto__',
    '{"$ne":null}',
    "' OR 1=1 --",
    'a'.repeat(100_000),
    '09171234567',
  ),
);
const hostileBody = fc.oneof(
  fc.anything(),
  fc.dictionary(
    fc.constantFrom(
      'platform',
      'account',
      'flowId',
      'code',
      'password',
      'context',
      'entry',
      'rrf',
      '__proto__',
      'x',
    ),
    hostileValue,
  ),
  fc.record({
    platform: fc.constantFrom('psl', 'biz', 'PSL', 'personal'),
    account: hostileValue,
    context: hostileValue,
  }),
);

describe.each(testDialects)('hostile requests on %s', (dialect) => {
  let hub: TestHub;
  beforeAll(async () => {
    hub = await createTestHub(dialect);
  });
  afterAll(async () => hub?.close());

  const counts = async () =>
    Promise.all(
      tables.map(async (table) => {
        const row = await hub.database.db
          .selectFrom(table)
          .select((eb) => eb.fn.countAll<number>().as('n'))
          .executeTakeFirstOrThrow();
        return Number(row.n);
      }),
    );

  it('answers every malformed POST body with a 4xx JSON error and writes nothing', async () => {
    const browser = browserFor(hub, '198.18.0.1');
    await fc.assert(
      fc.asyncProperty(fc.constantFrom(...postEndpoints), hostileBody, async (url, body) => {
        hub.clock.advance(61_000); // keep the per-IP look-up limit out of the way
        const before = await counts();
        const res = await browser.post(url, body === undefined ? null : body);
        expect(res.statusCode, `${url} ${res.body}`).toBeGreaterThanOrEqual(400);
        expect(res.statusCode).toBeLessThan(500);
        expect(res.json()).toMatchObject({ code: expect.any(String), message: expect.any(String) });
        expect(await counts()).toEqual(before);
      }),
      { numRuns: 150 },
    );
  });

  it('answers raw garbage bodies and wrong content types with a 4xx JSON error', async () => {
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...postEndpoints),
        fc.string({ maxLength: 500 }),
        fc.constantFrom(
          'application/json',
          'text/plain',
          'application/x-www-form-urlencoded',
          'application/json; charset=latin1',
        ),
        async (url, payload, contentType) => {
          const res = await hub.app.inject({
            method: 'POST',
            url,
            payload,
            headers: { 'content-type': contentType, origin: hub.config.publicUrl },
          });
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
          expect(res.json().code).toEqual(expect.any(String));
        },
      ),
      { numRuns: 100 },
    );
  });

  it('answers hostile query strings on the status endpoints with a 4xx JSON error', async () => {
    const browser = browserFor(hub, '198.18.0.2');
    await browser.post(authEndpoints.signupStart, { platform: 'psl', account: 'binding@example.ph' });
    await fc.assert(
      fc.asyncProperty(
        fc.constantFrom(...getEndpoints),
        fc.string({ maxLength: 300 }),
        async (url, query) => {
          const res = await browser.get(
            `${url}?flowId=${encodeURIComponent(query)}&${encodeURIComponent(query)}=1`,
          );
          expect(res.statusCode).toBeGreaterThanOrEqual(400);
          expect(res.statusCode).toBeLessThan(500);
          expect(res.json().code).toEqual(expect.any(String));
        },
      ),
      { numRuns: 100 },
    );
  });
});

describe('secrets in logs', () => {
  it('never writes a code or a password to a log line (outside the dev mailbox)', async () => {
    const lines: string[] = [];
    const stream = new Writable({
      write(chunk, _encoding, done) {
        lines.push(String(chunk));
        done();
      },
    });
    const database = await createTestDatabase('sqlite');
    const clock = createTestClock();
    const config = loadConfig({ APP_ENV: 'local', SMTP_URL: 'smtp://127.0.0.1:9', LOG_LEVEL: 'trace' });
    const sent: string[] = [];
    const built = await buildApp({
      config,
      database,
      now: clock.now,
      logger: { level: 'trace', stream } as never,
      mail: { transport: { send: async (m) => void sent.push(m.text) }, devMailbox: undefined },
    });
    const hub = { ...built, database, config, clock, close: async () => {} } as unknown as TestHub;
    const browser = browserFor(hub);
    const account = 'secret@example.ph';
    const flowId = (await browser.post(authEndpoints.signupStart, { platform: 'psl', account })).json()
      .flowId;
    await built.mailWorker.runOnce();
    const code = sent.at(-1)?.match(/\b(\d{6})\b/)?.[1] ?? '';
    expect(code).toMatch(/^\d{6}$/);
    await browser.post(authEndpoints.signupVerify, { flowId, code });
    const done = await browser.post(authEndpoints.signupFinalize, { flowId, password: strongPassword });
    expect(done.statusCode).toBe(200);
    const log = lines.join('\n');
    expect(lines.length).toBeGreaterThan(5);
    expect(log).not.toContain(code);
    expect(log).not.toContain(strongPassword);
    expect(log).not.toContain('argon2id');
    expect(log).not.toContain(new URL(done.json().location).searchParams.get('ainfo'));
    await built.app.close();
    await database.close();
  });
});
