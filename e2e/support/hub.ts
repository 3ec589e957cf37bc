import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHubProcess } from './hub-process.js';
import { onFreePort } from './process.js';

export interface RunningHub {
  url: string;
  /** Where its data lives, for the operator CLI (`hub tools …`) in a test. */
  databaseUrl: string;
  logs: () => string;
  stop: () => Promise<void>;
}

/**
 * Starts the built hub for real, on a free port (`onFreePort`) and a fresh SQLite file, as its own
 * public origin.
 */
export const startHub = (env: Record<string, string> = {}): Promise<RunningHub> =>
  onFreePort(async (port) => {
    const dataDir = mkdtempSync(join(tmpdir(), 'hub-e2e-'));
    const url = `http://localhost:${port}`;
    // A `DATABASE_URL` in `env` (a PostgreSQL database the test made) is used instead of the file.
    const databaseUrl = env.DATABASE_URL ?? `sqlite:${join(dataDir, 'hub.sqlite')}`;
    try {
      const hub = await startHubProcess(
        {
          PUBLIC_URL: url,
          APP_ENV: 'local',
          DATABASE_URL: databaseUrl,
          // No load shedding: on the test machine, Chromium's renderers take the two cores from the
          // hub for a second at a time, and a hub that sheds then answers a test's request with 503
          // 'The service is busy right now' (seen once in CI, right after oidc-provider's first load).
          // Load shedding has tests of its own (apps/server/src/http/load-shedding.test.ts).
          MAX_EVENT_LOOP_DELAY_MS: '0',
          // A snapshot of the built web app to serve instead of apps/web/dist, if given.
          ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
          ...env,
        },
        port,
      );
      return {
        url,
        databaseUrl,
        logs: hub.logs,
        async stop() {
          await hub.stop();
          rmSync(dataDir, { recursive: true, force: true });
        },
      };
    } catch (error) {
      rmSync(dataDir, { recursive: true, force: true });
      throw error;
    }
  });
