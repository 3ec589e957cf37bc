import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { testHubEnv } from '../../apps/server/src/test-support/hub-env.js';
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
          ...testHubEnv,
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
