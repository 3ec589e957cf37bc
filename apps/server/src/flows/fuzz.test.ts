import { Writable } from 'node:stream';
import { authEndpoints } from '@hub/core';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { buildApp } from '../app.js';
import { loadConfig } from '../config.js';
import { createTestClock, setUpTestHub, type TestHub } from '../test-support/app.js';
import { browserFor, strongPassword } from '../test-support/client.js';
import { createTestDatabase, testDialects } from '../test-support/databases.js';
import {
  assertHostileBodiesRefused,
  assertHostileQueriesRefused,
  hostileBody,
  hostileValue,
} from '../test-support/hostile-requests.js';
import { testHubEnv } from '../test-support/hub-env.js';
import { expectJsonRefusal } from '../test-support/refusals.js';

// The challenge's issuer takes an empty body and writes no row (hostile-routes.test.ts covers it).
const postEndpoints = Object.entries(authEndpoints)
  .filter(([name]) => !name.endsWith('Status') && name !== 'signInChallenge')
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

const hostileField = hostileValue(['{"$ne":null}', '09171234567']);
const hostileAuthBody = hostileBody(
  ['platform', 'account', 'flowId', 'code', 'password', 'context', 'entry', 'rrf'],
  hostileField,
  fc.record({
    platform: fc.constantFrom('psl', 'biz', 'PSL', 'personal'),
    account: hostileField,
    context: hostileField,
  }),
);

describe.each(testDialects)('hostile requests on %s', (dialect) => {
  const ctx = setUpTestHub(dialect);

  it('answers every malformed POST body with a 4xx JSON error and writes nothing', async () => {
    const browser = browserFor(ctx.hub, '198.18.0.1');
    await assertHostileBodiesRefused({
      hub: ctx.hub,
      endpoints: postEndpoints,
      bodies: hostileAuthBody,
      tables,
      post: (url, body) => browser.post(url, body),
    });
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
          const res = await ctx.hub.app.inject({
            method: 'POST',
            url,
            payload,
            headers: { 'content-type': contentType, origin: ctx.hub.config.publicUrl },
          });
          expectJsonRefusal(res, url);
        },
      ),
      { numRuns: 100 },
    );
  });

  it('answers hostile query strings on the status endpoints with a 4xx JSON error', async () => {
    const browser = browserFor(ctx.hub, '198.18.0.2');
    await browser.post(authEndpoints.signupStart, { platform: 'psl', account: 'binding@example.ph' });
    await assertHostileQueriesRefused({
      endpoints: getEndpoints,
      params: ['flowId'],
      get: (url) => browser.get(url),
    });
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
    const config = loadConfig({
      ...testHubEnv,
      APP_ENV: 'local',
      SMTP_URL: 'smtp://127.0.0.1:9',
      LOG_LEVEL: 'trace',
    });
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
