import { spawn } from 'node:child_process';
import { createServer } from 'node:net';
import { join } from 'node:path';

/** The repository's root folder. */
export const root = new URL('../..', import.meta.url).pathname;

/** The processes `pid` started that are still running (Linux's /proc), none once it has ended. */
export { childrenOf } from '../../scripts/processes.mjs';

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

/**
 * `start(port)` on a free port, and again on another if that one was taken in the meantime: the
 * port is free when `freePort` hands it out, but another process (a test file running in parallel,
 * anything else on the machine) may bind it before the one started here does, and that one then
 * exits with EADDRINUSE on it.
 */
export const onFreePort = async <T>(start: (port: number) => Promise<T>): Promise<T> => {
  for (let attempt = 1; ; attempt += 1) {
    const port = await freePort();
    try {
      return await start(port);
    } catch (error) {
      const taken = error instanceof Error && new RegExp(`EADDRINUSE.*:${port}\\b`).test(error.message);
      if (!taken || attempt === 3) throw error;
    }
  }
};

export interface NodeProcess {
  pid: number;
  /** Everything the process has written to stdout and stderr so far. */
  logs: () => string;
  /** Sends `signal` unless the process has ended; resolves with its exit code once it has. */
  end: (signal: NodeJS.Signals) => Promise<number | null>;
}

/**
 * `script` (a path from the repository root) run by Node with exactly `env` plus PATH, resolved
 * once `readyUrl` answers 2xx. Rejects with the process's output if it exits first or is not ready
 * within `timeoutMs` (and then kills it, so no stray process keeps its port).
 */
export const startNodeProcess = async (
  name: string,
  script: string,
  env: Record<string, string>,
  readyUrl: string,
  timeoutMs: number,
): Promise<NodeProcess> => {
  let output = '';
  const child = spawn(process.execPath, [join(root, script)], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout.on('data', (chunk) => (output += chunk));
  child.stderr.on('data', (chunk) => (output += chunk));
  const exited = new Promise<number | null>((resolve) => child.once('exit', (code) => resolve(code)));
  const end = async (signal: NodeJS.Signals) => {
    if (child.exitCode === null && child.signalCode === null) child.kill(signal);
    return exited;
  };

  const deadline = Date.now() + timeoutMs;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`${name} exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(readyUrl).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) {
      await end('SIGKILL');
      throw new Error(`${name} did not become ready:\n${output}`);
    }
    await new Promise((r) => setTimeout(r, 100));
  }
  return { pid: child.pid!, logs: () => output, end };
};
