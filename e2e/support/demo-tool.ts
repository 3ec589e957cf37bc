import { type ChildProcess, spawn, spawnSync } from 'node:child_process';

const root = new URL('../..', import.meta.url).pathname;

export interface RunningDemoTool {
  url: string;
  stop: () => Promise<void>;
}

/** examples/demo-tool on `port`, talking to the hub at `hubUrl`: the partner a real tool maker would write. */
export const startDemoTool = async (port: number, hubUrl: string): Promise<RunningDemoTool> => {
  const url = `http://localhost:${port}`;
  let output = '';
  const child: ChildProcess = spawn(process.execPath, ['examples/demo-tool/server.mjs'], {
    cwd: root,
    env: { PATH: process.env.PATH, PORT: String(port), HUB_URL: hubUrl },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  child.stdout?.on('data', (chunk) => (output += chunk));
  child.stderr?.on('data', (chunk) => (output += chunk));
  const exited = new Promise<void>((resolve) => child.once('exit', () => resolve()));
  const deadline = Date.now() + 15_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`demo tool exited:\n${output}`);
    const ready = await fetch(`${url}/healthz`).then(
      (res) => res.ok,
      () => false,
    );
    if (ready) break;
    if (Date.now() > deadline) throw new Error(`demo tool did not start:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  return {
    url,
    async stop() {
      if (child.exitCode === null) {
        child.kill('SIGTERM');
        await exited;
      }
    },
  };
};

/** Runs the operator CLI (`npx hub …`) against a hub's database. */
export const runHubCli = (databaseUrl: string, args: string[]) => {
  const result = spawnSync(process.execPath, ['apps/server/bin/hub.js', ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, DATABASE_URL: databaseUrl, APP_ENV: 'local' },
    encoding: 'utf8',
  });
  if (result.status !== 0) throw new Error(`hub ${args.join(' ')} failed: ${result.stderr}`);
  return result.stdout;
};
