import SqliteDatabase from 'better-sqlite3';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { loadConfig } from '../config.js';
import { type HubDatabase, openDatabase } from '../storage/database.js';
import { migrateToLatest } from '../storage/migrate.js';
import { buildTestHub, createTestClock, type TestHub } from '../test-support/app.js';
import { createTestDatabaseUrl } from '../test-support/database-url.js';
import { startTcpProxy, type TcpProxy } from '../test-support/tcp-proxy.js';
import { READY_CHECK_MS } from './health.js';

/**
 * /readyz answers within a second whatever the database does (docs/operations.md "Health probes"),
 * with the database's own default timeouts (5 s), which are longer than any probe waits.
 */
const hubOn = async (database: HubDatabase) => {
  await migrateToLatest(database);
  const config = loadConfig({ APP_ENV: 'local', LOG_LEVEL: 'silent' });
  return buildTestHub(database, config, createTestClock(Date.now()));
};

/** One probe as Kubernetes makes it: its status, body and how long it took. */
const probe = async (hub: TestHub, path = '/readyz') => {
  const started = performance.now();
  const res = await hub.app.inject(path);
  return { status: res.statusCode, body: res.json(), ms: performance.now() - started };
};

const expectFastUnavailable = async (hub: TestHub) => {
  const ready = await probe(hub);
  expect(ready.status).toBe(503);
  expect(ready.body).toMatchObject({ status: 'unavailable', timedOut: true });
  expect(ready.ms).toBeLessThan(1_000);
  expect(ready.ms).toBeGreaterThanOrEqual(READY_CHECK_MS - 50);
  const live = await probe(hub, '/healthz');
  expect(live.status).toBe(200);
  expect(live.ms).toBeLessThan(100);
  return ready.body;
};

describe('readiness on SQLite', () => {
  let url: string;
  let drop: () => Promise<void>;
  beforeAll(async () => {
    ({ url, drop } = await createTestDatabaseUrl('sqlite'));
  });
  afterAll(() => drop());

  it('stays ready while another process holds the write lock (reads go on in WAL mode)', async () => {
    const hub = await hubOn(openDatabase(url));
    const other = new SqliteDatabase(url.slice('sqlite:'.length));
    try {
      other.exec('BEGIN EXCLUSIVE');
      const ready = await probe(hub);
      expect(ready).toMatchObject({ status: 200, body: { status: 'ready', database: 'sqlite' } });
      expect(ready.ms).toBeLessThan(1_000);
    } finally {
      other.exec('ROLLBACK');
      other.close();
      await hub.close();
    }
  });

  it('answers 503 within a second while the check hangs, with the last answer and its age', async () => {
    const database = openDatabase(url);
    let hang = false;
    const ping = database.ping.bind(database);
    const pings: number[] = [];
    database.ping = () => {
      pings.push(Date.now());
      return hang ? new Promise(() => {}) : ping();
    };
    const hub = await hubOn(database);
    try {
      expect((await probe(hub)).status).toBe(200);
      hang = true;
      const body = await expectFastUnavailable(hub);
      expect(body.lastAnswer).toMatchObject({ status: 'ready' });
      expect(body.lastAnswer.ageMs).toBeGreaterThanOrEqual(READY_CHECK_MS - 50);
      // Probes share the check in flight: three more probes start no new query.
      const before = pings.length;
      for (const res of await Promise.all([probe(hub), probe(hub), probe(hub)])) {
        expect(res.status).toBe(503);
        expect(res.ms).toBeLessThan(1_000);
      }
      expect(pings.length).toBe(before);
    } finally {
      await hub.close();
    }
  });
});

describe.skipIf(!process.env.TEST_DATABASE_URL)('readiness on PostgreSQL dropping packets', () => {
  let proxy: TcpProxy;
  let hub: TestHub;
  let drop: () => Promise<void>;

  beforeAll(async () => {
    const created = await createTestDatabaseUrl('postgres');
    drop = created.drop;
    const target = new URL(created.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    // The defaults: a silent connection is given up only after 5 s (connect, acquire) or 6 s (a statement).
    hub = await hubOn(openDatabase(proxy.urlFor(created.url), { poolSize: 3 }));
  });
  afterAll(async () => {
    proxy?.resume();
    await hub?.close();
    await proxy?.close();
    await drop?.();
  });

  it('answers 503 within a second each second while paused, /healthz at once, and 200 once it is back', async () => {
    expect((await probe(hub)).status).toBe(200);
    proxy.pause();
    try {
      for (let i = 0; i < 4; i += 1) await expectFastUnavailable(hub);
      // Connections cut while paused: a check fails at once or waits on a new connection; either
      // way the probe answers 503 in time.
      proxy.cut();
      for (let i = 0; i < 2; i += 1) {
        const ready = await probe(hub);
        expect(ready).toMatchObject({ status: 503, body: { status: 'unavailable' } });
        expect(ready.ms).toBeLessThan(1_000);
      }
    } finally {
      proxy.resume();
    }
    await vi.waitFor(async () => expect((await probe(hub)).status).toBe(200), {
      timeout: 15_000,
      interval: 200,
    });
  });
});
