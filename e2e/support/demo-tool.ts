import { spawnSync } from 'node:child_process';
import { root, startNodeProcess } from './process.js';

export interface RunningDemoTool {
  url: string;
  stop: () => Promise<void>;
}

/** examples/demo-tool on `port`, talking to the hub at `hubUrl`: the partner a real tool maker would write. */
export const startDemoTool = async (port: number, hubUrl: string): Promise<RunningDemoTool> => {
  const url = `http://localhost:${port}`;
  const tool = await startNodeProcess(
    'demo tool',
    'examples/demo-tool/server.mjs',
    { PORT: String(port), HUB_URL: hubUrl },
    `${url}/healthz`,
    15_000,
  );
  return {
    url,
    async stop() {
      await tool.end('SIGTERM');
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
