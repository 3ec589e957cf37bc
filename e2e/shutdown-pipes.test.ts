import { type ChildProcess, spawn } from 'node:child_process';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestDatabaseUrl } from '../apps/server/src/test-support/database-url.js';
import { childrenOf, freePort, root } from './support/process.js';

/**
 * A hub stops within its grace period on SIGTERM and SIGINT whatever became of the pipes its output
 * goes to: a parent that closed its end (every write then fails with EPIPE), or one that stopped
 * reading (the pipe fills and a write would wait for ever). Started as `node apps/server/bin/serve.cjs`
 * and as `npm start` runs it (`scripts/start.mjs --no-build`), at the default log level (info), which
 * writes two lines a request. docs/operations.md "Shutdown and output pipes".
 */

/** The hub's drain (SHUTDOWN_GRACE_MS) plus a little for the process to start its exit. */
const GRACE_MS = 10_000;
const BOUND_MS = GRACE_MS + 1_500;

let database: Awaited<ReturnType<typeof createTestDatabaseUrl>>;
const started: ChildProcess[] = [];
/** Processes under those started, killed at the end if a test failed to see them end. */
const beneath: number[] = [];

beforeAll(async () => {
  database = await createTestDatabaseUrl('sqlite');
});
afterAll(async () => {
  for (const child of started)
    if (child.exitCode === null && child.signalCode === null) child.kill('SIGKILL');
  for (const pid of beneath.filter(running)) process.kill(pid, 'SIGKILL');
  await database?.drop();
});

/** `node script args` (or `npm args` when `script` is 'npm'), its output piped, resolved once it is ready. */
const start = async (script: string, args: string[] = [], extraEnv: Record<string, string> = {}) => {
  const port = await freePort();
  const url = `http://127.0.0.1:${port}`;
  const [command, commandArgs] = script === 'npm' ? ['npm', args] : [process.execPath, [script, ...args]];
  const child = spawn(command, commandArgs, {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      HOME: process.env.HOME ?? '/tmp',
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: 'http://localhost:4791',
      DATABASE_URL: database.url,
      LOG_LEVEL: 'info',
      DEMO_TOOL: 'off',
      OIDC_EXAMPLE: 'off',
      ...extraEnv,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
    detached: false,
  });
  started.push(child);
  const exited = new Promise<{ code: number | null; signal: NodeJS.Signals | null }>((resolve) =>
    child.once('exit', (code, signal) => resolve({ code, signal })),
  );
  let output = '';
  const collect = (chunk: Buffer) => {
    output += chunk.toString('utf8');
  };
  child.stdout?.on('data', collect);
  child.stderr?.on('data', collect);
  const deadline = Date.now() + 60_000;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`exited with ${child.exitCode}:\n${output}`);
    if (
      await fetch(`${url}/readyz`).then(
        (res) => res.ok,
        () => false,
      )
    )
      break;
    if (Date.now() > deadline) throw new Error(`not ready:\n${output}`);
    await new Promise((resolve) => setTimeout(resolve, 100));
  }
  child.stdout?.off('data', collect);
  child.stderr?.off('data', collect);
  return { child, url, exited, output: () => output };
};

/** Requests that make the hub log (two info lines each), answered or not. */
const makeLogLines = async (url: string, count: number) => {
  for (let i = 0; i < count; i += 10)
    await Promise.all(
      Array.from({ length: 10 }, () =>
        fetch(`${url}/healthz?${'x'.repeat(2_000)}`).then(
          (res) => res.arrayBuffer(),
          () => undefined,
        ),
      ),
    );
};

/** The parent closes its read ends: the hub's next writes fail with EPIPE. */
const closePipes = async (child: ChildProcess) => {
  child.stdout?.destroy();
  child.stderr?.destroy();
  await new Promise((resolve) => setTimeout(resolve, 100));
};

/** The parent stops reading: the pipes fill (64 KiB each on Linux) and stay full. */
const stopReading = (child: ChildProcess) => {
  child.stdout?.pause();
  child.stderr?.pause();
  // A paused stream stops reading once its buffer is full; nothing is consumed after this.
  child.stdout?.removeAllListeners('data');
  child.stderr?.removeAllListeners('data');
};

const expectExitWithinGrace = async (hub: Awaited<ReturnType<typeof start>>, signal: NodeJS.Signals) => {
  const sent = Date.now();
  hub.child.kill(signal);
  const outcome = await Promise.race([
    hub.exited,
    new Promise<'hung'>((resolve) => setTimeout(() => resolve('hung'), BOUND_MS)),
  ]);
  expect(outcome, 'the process did not exit within its grace period').not.toBe('hung');
  expect(Date.now() - sent).toBeLessThan(BOUND_MS);
  return outcome as { code: number | null; signal: NodeJS.Signals | null };
};

describe.each([
  ['serve.cjs', 'apps/server/bin/serve.cjs', [], {}],
  ['npm start (start.mjs)', 'scripts/start.mjs', ['--no-build'], {}],
  ['serve.cjs with HUB_WORKERS=2', 'apps/server/bin/serve.cjs', [], { HUB_WORKERS: '2' }],
] as const)('%s with its output pipes gone', (_name, script, args, extraEnv) => {
  it('exits 0 on SIGTERM after its parent closed the pipes it reads (EPIPE)', async () => {
    const hub = await start(script, [...args], extraEnv);
    await closePipes(hub.child);
    await makeLogLines(hub.url, 50);
    const outcome = await expectExitWithinGrace(hub, 'SIGTERM');
    expect(outcome.code).toBe(0);
  });

  it('exits on SIGINT while its parent has stopped reading and the pipes are full', async () => {
    const hub = await start(script, [...args], extraEnv);
    stopReading(hub.child);
    // Far more than a pipe holds: about 300 bytes a line, two lines a request.
    await makeLogLines(hub.url, 600);
    const outcome = await expectExitWithinGrace(hub, 'SIGINT');
    // Its last log lines are dropped (the pipe stays full); it drains and ends well all the same.
    expect(outcome.code).toBe(0);
  });
});

/** Every process under `pid`: its children, theirs, and so on. */
const descendantsOf = (pid: number): number[] =>
  childrenOf(pid).flatMap((child) => [child, ...descendantsOf(child)]);

const running = (pid: number) => {
  try {
    process.kill(pid, 0);
    return true;
  } catch {
    return false;
  }
};

/** Resolves with the processes of `pids` still running once all have ended, or `within` ms have passed. */
const leftAfter = async (pids: number[], within: number) => {
  const deadline = Date.now() + within;
  while (pids.some(running) && Date.now() < deadline)
    await new Promise((resolve) => setTimeout(resolve, 100));
  return pids.filter(running);
};

describe('npm start with its parents gone', () => {
  it("ends the hub within its grace period on a SIGTERM to npm's own process, which npm's shell does not pass on", async () => {
    // npm runs the script through `sh -c`; the shell dies of the SIGTERM npm passes it and leaves
    // start.mjs orphaned, which then takes its parent's end for a SIGTERM (scripts/start.mjs).
    const hub = await start('npm', ['run', '--silent', 'serve']);
    const under = descendantsOf(hub.child.pid!);
    beneath.push(...under);
    expect(under.length).toBeGreaterThanOrEqual(2);
    await closePipes(hub.child);
    hub.child.kill('SIGTERM');
    expect(await leftAfter(under, BOUND_MS + 500), 'processes left running').toEqual([]);
    expect(
      await fetch(`${hub.url}/healthz`).then(
        () => 'answered',
        () => 'closed',
      ),
    ).toBe('closed');
  });

  it('ends the hub within its grace period when start.mjs is killed outright', async () => {
    const hub = await start('scripts/start.mjs', ['--no-build']);
    const under = descendantsOf(hub.child.pid!);
    beneath.push(...under);
    expect(under).toHaveLength(1);
    hub.child.kill('SIGKILL');
    expect(await leftAfter(under, BOUND_MS + 500), 'the hub was left running').toEqual([]);
  });
});
