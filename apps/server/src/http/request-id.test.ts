import { PassThrough } from 'node:stream';
import { authEndpoints, meLogoutEndpoints } from '@hub/core';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildApp, type HubApp } from '../app.js';
import { loadConfig } from '../config.js';
import { seedAccount } from '../test-support/accounts.js';
import { createTestClock, type TestHub } from '../test-support/app.js';
import { strongPassword, TestBrowser } from '../test-support/client.js';
import { createTestDatabase, testDialects } from '../test-support/databases.js';
import { testHubEnv } from '../test-support/hub-env.js';

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/;

describe.each(testDialects)('request ids on %s', (dialect) => {
  /** The hub as it runs, with its JSON log lines kept for the test to read. */
  let hub: TestHub & HubApp;
  const logLines: Array<Record<string, unknown>> = [];
  beforeAll(async () => {
    const database = await createTestDatabase(dialect);
    // Many sign-ins at once from many addresses: the credential-stuffing challenge is not what this is about.
    const config = loadConfig({
      ...testHubEnv,
      APP_ENV: 'local',
      WEB_DIST: '/nonexistent',
      SIGN_IN_CHALLENGE: 'off',
    });
    const clock = createTestClock();
    const stream = new PassThrough();
    let pending = '';
    stream.on('data', (chunk: Buffer) => {
      pending += chunk.toString('utf8');
      const lines = pending.split('\n');
      pending = lines.pop() ?? '';
      for (const line of lines) if (line) logLines.push(JSON.parse(line));
    });
    // Fastify takes a pino destination beside the level; AppDeps names only the level.
    const logger = { level: 'info', stream } as unknown as { level: string };
    const built = await buildApp({ config, database, now: clock.now, logger });
    await built.app.ready();
    hub = {
      ...built,
      database,
      config,
      clock,
      close: async () => {
        await built.app.close();
        await database.close();
      },
    };
  });
  afterAll(async () => hub?.close());

  const browser = (ip: string) => new TestBrowser(hub.app, new URL(hub.config.publicUrl).origin, ip);

  it('makes a UUID for a request that brings none, a new one each time, and answers with it', async () => {
    const first = await hub.app.inject('/healthz');
    const second = await hub.app.inject('/healthz');
    expect(first.headers['x-request-id']).toMatch(UUID);
    expect(second.headers['x-request-id']).toMatch(UUID);
    expect(first.headers['x-request-id']).not.toBe(second.headers['x-request-id']);
  });

  it('keeps a valid incoming X-Request-Id (a proxy’s), and replaces one that is not', async () => {
    for (const id of ['lb-1f2e.77:a_B', 'a', 'x'.repeat(128)]) {
      const res = await hub.app.inject({ url: '/healthz', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id']).toBe(id);
    }
    for (const id of ['', 'x'.repeat(129), 'two words', '<script>', 'id"quote', 'tab\tin', 'é']) {
      const res = await hub.app.inject({ url: '/healthz', headers: { 'x-request-id': id } });
      expect(res.headers['x-request-id'], JSON.stringify(id)).toMatch(UUID);
    }
  });

  it('answers errors, 404s and refusals with the id too', async () => {
    const missing = await hub.app.inject({ url: '/api/nothing', headers: { 'x-request-id': 'nf-1' } });
    expect(missing.statusCode).toBe(404);
    expect(missing.headers['x-request-id']).toBe('nf-1');
    const bad = await hub.app.inject({
      method: 'POST',
      url: authEndpoints.loginIdentify,
      headers: { 'x-request-id': 'bad-1', 'content-type': 'application/json' },
      payload: '{not json',
    });
    expect(bad.statusCode).toBe(400);
    expect(bad.headers['x-request-id']).toBe('bad-1');
  });

  it('follows a request from its answer to its log lines and the audit row it wrote', async () => {
    const email = `trace-${dialect}@example.ph`;
    const accountId = await seedAccount(hub, { email });
    const b = browser('192.0.2.10');
    const identified = await b.post(authEndpoints.loginIdentify, { platform: 'psl', account: email });
    expect(identified.statusCode).toBe(200);
    const wrong = await b.post(
      authEndpoints.loginPassword,
      { flowId: identified.json().flowId, password: 'Not-the-password-1' },
      { 'x-request-id': `trace-${dialect}-1` },
    );
    expect(wrong.statusCode).toBe(401);
    const id = wrong.headers['x-request-id'];
    expect(id).toBe(`trace-${dialect}-1`);

    const lines = logLines.filter((line) => line.reqId === id);
    expect(lines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(lines[1]).toMatchObject({ res: { statusCode: 401 } });

    const rows = await hub.database.db
      .selectFrom('audit_events')
      .select(['event', 'request_id'])
      .where('account_id', '=', accountId)
      .orderBy('id')
      .execute();
    expect(rows).toEqual([{ event: 'login.failure', request_id: id }]);
  });

  it('puts the id and browser of the request on the rows its flow writes, through every kind of caller', async () => {
    const email = `origin-${dialect}@example.ph`;
    const accountId = await seedAccount(hub, { email });
    const b = browser('192.0.2.20');
    b.userAgent = 'Trace-Browser/1.0 (origin test)';
    const identified = await b.post(authEndpoints.loginIdentify, { platform: 'psl', account: email });
    // The sign-in pipeline's exit (SignInRequest), a flow step's check (FlowCaller), and an account
    // center action (a route's originOf): each carries the request's origin to its audit row.
    const signedIn = await b.post(
      authEndpoints.loginPassword,
      { flowId: identified.json().flowId, password: strongPassword },
      { 'x-request-id': `origin-${dialect}-signin` },
    );
    expect(signedIn.statusCode).toBe(200);
    const out = await b.post(meLogoutEndpoints.logout, {}, { 'x-request-id': `origin-${dialect}-logout` });
    expect(out.statusCode).toBe(200);
    const rows = await hub.database.db
      .selectFrom('audit_events')
      .select(['event', 'ip', 'request_id', 'user_agent'])
      .where('account_id', '=', accountId)
      .orderBy('id')
      .execute();
    const agent = 'Trace-Browser/1.0 (origin test)';
    expect(rows).toEqual([
      { event: 'login.success', ip: '192.0.2.20', request_id: `origin-${dialect}-signin`, user_agent: agent },
      {
        event: 'account.logout',
        ip: '192.0.2.20',
        request_id: `origin-${dialect}-logout`,
        user_agent: agent,
      },
    ]);
  });

  it('keeps each request’s own id on its audit row when many run at once', async () => {
    const people = await Promise.all(
      Array.from({ length: 12 }, async (_, i) => {
        const email = `many-${dialect}-${i}@example.ph`;
        const accountId = await seedAccount(hub, { email });
        const b = browser(`192.0.2.${100 + i}`);
        const res = await b.post(authEndpoints.loginIdentify, { platform: 'psl', account: email });
        return { accountId, b, flowId: res.json().flowId as string, requestId: `many-${i}` };
      }),
    );
    const answers = await Promise.all(
      people.map((p) =>
        p.b.post(
          authEndpoints.loginPassword,
          { flowId: p.flowId, password: 'Not-the-password-1' },
          { 'x-request-id': p.requestId },
        ),
      ),
    );
    expect(answers.map((res) => res.statusCode)).toEqual(people.map(() => 401));
    for (const p of people) {
      const row = await hub.database.db
        .selectFrom('audit_events')
        .select('request_id')
        .where('account_id', '=', p.accountId)
        .where('event', '=', 'login.failure')
        .executeTakeFirstOrThrow();
      expect(row.request_id).toBe(p.requestId);
    }
  });

  it('leaves request_id empty on rows written outside a request', async () => {
    const { recordAudit } = await import('../services/audit.js');
    await recordAudit(
      hub.database.db,
      { event: 'throttle.refused', outcome: 'refused', from: null },
      hub.clock.now(),
    );
    const row = await hub.database.db
      .selectFrom('audit_events')
      .select('request_id')
      .where('event', '=', 'throttle.refused')
      .executeTakeFirstOrThrow();
    expect(row.request_id).toBeNull();
  });
});
