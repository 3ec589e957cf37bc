import { authEndpoints } from '@hub/core';
import pg from 'pg';
import type { Browser } from 'playwright-core';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import { createTestDatabaseUrl } from '../apps/server/src/test-support/database-url.js';
import { startTcpProxy, type TcpProxy } from '../apps/server/src/test-support/tcp-proxy.js';
import { launchBrowser } from './support/browser.js';
import { type HubProcess, startHubProcess } from './support/hub-process.js';
import { openScreen } from './support/pages.js';
import { onFreePort } from './support/process.js';

/**
 * The built hub, as `npm start` runs it (mail worker and all), on PostgreSQL behind a TCP proxy of
 * the test's own: its connections are ended and cut under load and its network goes silent. The
 * process must live through it, answer 503 meanwhile, and serve again without a restart. The
 * shared PostgreSQL server itself is never stopped: only this test's own database's backends end.
 */
describe.skipIf(!process.env.TEST_DATABASE_URL)('the hub process under database faults', () => {
  let proxy: TcpProxy;
  let hub: HubProcess;
  let publicUrl: string;
  let admin: pg.Client;
  let databaseName: string;
  let drop: () => Promise<void>;
  let browser: Browser;

  beforeAll(async () => {
    const created = await createTestDatabaseUrl('postgres');
    drop = created.drop;
    databaseName = new URL(created.url).pathname.slice(1);
    const target = new URL(created.url);
    proxy = await startTcpProxy({ host: target.hostname, port: Number(target.port || 5432) });
    [hub, browser] = await Promise.all([
      onFreePort((port) => {
        publicUrl = `http://localhost:${port}`;
        return startHubProcess(
          {
            PUBLIC_URL: publicUrl,
            APP_ENV: 'local',
            DATABASE_URL: proxy.urlFor(created.url),
            DATABASE_CONNECT_TIMEOUT_MS: '1000',
            DATABASE_ACQUIRE_TIMEOUT_MS: '1000',
            DATABASE_STATEMENT_TIMEOUT_MS: '1000',
            RATE_LIMIT_SCALE: '1000',
          },
          port,
        );
      }),
      launchBrowser(),
    ]);
    admin = new pg.Client({ connectionString: process.env.TEST_DATABASE_URL });
    await admin.connect();
  });
  afterAll(async () => {
    await browser?.close();
    await hub?.stop();
    await proxy?.close();
    await admin?.end();
    await drop?.();
  });

  const alive = () => {
    // Signal 0 only asks whether the process is there.
    expect(() => process.kill(hub.pid, 0)).not.toThrow();
    expect(hub.logs()).not.toMatch(/Unhandled|uncaught/i);
  };
  const signupStart = (email: string) =>
    fetch(`${hub.url}${authEndpoints.signupStart}`, {
      method: 'POST',
      headers: { origin: publicUrl, 'content-type': 'application/json' },
      body: JSON.stringify({ platform: 'psl', account: email }),
    });
  const serving = () =>
    vi.waitFor(async () => expect((await fetch(`${hub.url}/readyz`)).status).toBe(200), {
      timeout: 15_000,
      interval: 100,
    });

  it('lives through its backends ended and its connections cut under load, then serves again', async () => {
    let running = true;
    const statuses: number[] = [];
    const load = Promise.all(
      Array.from({ length: 40 }, async (_, i) => {
        const res = await signupStart(`process-load${i}@example.ph`);
        statuses.push(res.status);
        if (res.status !== 200) {
          expect(res.status).toBe(503);
          expect((await res.json()).code).toBe('service.unavailable');
          expect(res.headers.get('retry-after')).toBeTruthy();
        }
      }),
    ).finally(() => {
      running = false;
    });
    let faults = 0;
    while (running || faults < 3) {
      await admin.query(
        'select pg_terminate_backend(pid) from pg_stat_activity where datname = $1 and pid <> pg_backend_pid()',
        [databaseName],
      );
      if (faults % 2 === 1) proxy.cut();
      faults += 1;
    }
    await load;
    expect(statuses).toHaveLength(40);
    await serving();
    expect((await signupStart('process-after@example.ph')).status).toBe(200);
    alive();
  });

  it('answers 503 while the network is silent, /healthz 200, and serves again once it returns', async () => {
    proxy.pause();
    try {
      expect((await fetch(`${hub.url}/healthz`)).status).toBe(200);
      expect((await fetch(`${hub.url}/readyz`)).status).toBe(503);
      const res = await signupStart('process-silent@example.ph');
      expect(res.status).toBe(503);
      expect((await res.json()).code).toBe('service.unavailable');
    } finally {
      proxy.resume();
    }
    await serving();
    expect((await signupStart('process-back@example.ph')).status).toBe(200);
    alive();
  });

  it('shows the person the message with Try again, which works once the database is back', async () => {
    const { page, errors, close } = await openScreen(
      browser,
      `${publicUrl}/psl/registration`,
      'registration',
    );
    try {
      proxy.pause();
      try {
        await page.getByLabel(/^Email\*?$/).fill('process-screen@example.ph');
        await page.keyboard.press('Enter');
        await page.getByText('The service is busy right now. Please try again in a moment.').waitFor();
      } finally {
        proxy.resume();
      }
      await serving();
      await page.getByRole('button', { name: 'Try again' }).click();
      await page.getByLabel('Digit 1 of 6').waitFor();
      expect(errors).toEqual([]);
    } finally {
      await close();
    }
    alive();
  });
});
