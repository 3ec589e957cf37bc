import { type ChildProcess, spawn } from 'node:child_process';
import { join } from 'node:path';
import { freePort } from './hub.js';

const root = new URL('../..', import.meta.url).pathname;

export interface HubProcess {
  /** Where this process listens (its own port; the public origin is the shared PUBLIC_URL). */
  url: string;
  pid: number;
  logs: () => string;
  /** SIGKILL: the process dies at once, as on a crash or a lost machine. */
  kill: () => Promise<void>;
  /** SIGTERM, resolving with the exit code once the process (and any worker of it) has ended. */
  stop: () => Promise<number | null>;
}

/**
 * One process of the built hub (`apps/server/bin/serve.cjs`, which runs dist/main.js) with exactly `env` (plus PATH, PORT and
 * HOST), ready once /readyz answers. Several of them on one database and one PUBLIC_URL are the
 * production shape behind a load balancer (README "Deployment").
 */
export const startHubProcess = async (env: Record<string, string>): Promise<HubProcess> => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, [join(root, 'apps/server/bin/serve.cjs')], {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: String(port), HOST: '127.0.0.1', LOG_LEVEL: 'warn', ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));

  const deadline = Date.now() + 30_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`hub exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`${url}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`hub did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }

  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };
  return {
    url,
    pid: child.pid!,
    logs: () => output,
    kill: async () => {
      await end('SIGKILL');
    },
    stop: () => end('SIGTERM'),
  };
};
