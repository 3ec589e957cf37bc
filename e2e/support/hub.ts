import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { startHubProcess } from './hub-process.js';
import { freePort } from './process.js';

export interface RunningHub {
  url: string;
  /** Where its data lives, for the operator CLI (`hub tools …`) in a test. */
  databaseUrl: string;
  logs: () => string;
  stop: () => Promise<void>;
}

/** Starts the built hub for real, on a free port and a fresh SQLite file, as its own public origin. */
export const startHub = async (env: Record<string, string> = {}): Promise<RunningHub> => {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-e2e-'));
  const url = `http://localhost:${port}`;
  const databaseUrl = `sqlite:${join(dataDir, 'hub.sqlite')}`;
  const hub = await startHubProcess(
    {
      PUBLIC_URL: url,
      APP_ENV: 'local',
      DATABASE_URL: databaseUrl,
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
};
