import { type ChildProcess, spawn } from 'node:child_process';
import { mkdtempSync, rmSync } from 'node:fs';
import { createServer } from 'node:net';
import { tmpdir } from 'node:os';
import { join } from 'node:path';

const root = new URL('../..', import.meta.url).pathname;

export interface RunningHub {
  url: string;
  /** Where its data lives, for the operator CLI (`hub tools …`) in a test. */
  databaseUrl: string;
  logs: () => string;
  stop: () => Promise<void>;
}

export const freePort = () =>
  new Promise<number>((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const address = server.address();
      server.close(() =>
        typeof address === 'object' && address ? resolve(address.port) : reject(new Error('no port')),
      );
    });
  });

/** Starts the built hub (`apps/server/bin/serve.cjs`, which runs dist/main.js) for real, on a free port and a fresh SQLite file. */
export const startHub = async (env: Record<string, string> = {}): Promise<RunningHub> => {
  const port = await freePort();
  const dataDir = mkdtempSync(join(tmpdir(), 'hub-e2e-'));
  const url = `http://localhost:${port}`;
  const databaseUrl = `sqlite:${join(dataDir, 'hub.sqlite')}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [join(root, 'apps/server/bin/serve.cjs')], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: url,
      APP_ENV: 'local',
      DATABASE_URL: databaseUrl,
      LOG_LEVEL: 'warn',
      // A snapshot of the built web app to serve instead of apps/web/dist, if given.
      ...(process.env.WEB_DIST ? { WEB_DIST: process.env.WEB_DIST } : {}),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`hub exited with ${child.exitCode}:\n${output}`);
    try {
      const res = await fetch(`${url}/readyz`);
      if (res.ok) break;
    } catch {
      // not listening yet
    }
    if (Date.now() > deadline) throw new Error(`hub did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  return {
    url,
    databaseUrl,
    logs: () => output,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
};
