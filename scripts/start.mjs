#!/usr/bin/env node
// `npm start`: build, then run the hub; in APP_ENV=local (the default) also the demo tool of
// examples/demo-tool beside it, where the seeded tools' local callbacks point (DEMO_TOOL_URL), and
// the OpenID Connect example of examples/oidc-client, where the seeded client `local-example`
// redirects (OIDC_EXAMPLE_URL). DEMO_TOOL=off or OIDC_EXAMPLE=off leaves one out. Signals go to
// all; when the hub exits, so do we.
// `--no-build` (`npm run serve`) skips the build when one exists: a second start takes seconds.
// `--dev` (from scripts/dev.mjs, `npm run dev`) builds nothing and runs tsc's output of the server
// under `node --watch`, restarted when it changes; the pages come from Vite's dev server in front.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createRequire } from 'node:module';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;

const built = ['apps/server/dist/main.js', 'apps/web/dist/index.html'].every((file) =>
  existsSync(fileURLToPath(new URL(`../${file}`, import.meta.url))),
);
const dev = process.argv.includes('--dev');
if (!dev && !(process.argv.includes('--no-build') && built)) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/**
 * The environment of an example beside the hub (its port from `urlVar`, default `defaultUrl`), or
 * undefined when it should not run (`offVar=off`, not local, or unusable URLs).
 */
const exampleEnv = (urlVar, defaultUrl, offVar) => {
  if ((env.APP_ENV && env.APP_ENV !== 'local') || env[offVar] === 'off') return undefined;
  // The hub validates these URLs, PUBLIC_URL and PORT itself (and stops on a bad one);
  // here they only pick the example's port and the hub's origin.
  const exampleUrl = env[urlVar] || defaultUrl;
  const hubUrl = (env.PUBLIC_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, '');
  if (!URL.canParse(exampleUrl) || !URL.canParse(hubUrl)) return undefined;
  const { port, protocol } = new URL(exampleUrl);
  return {
    ...env,
    PORT: port || (protocol === 'https:' ? '443' : '80'),
    HUB_URL: hubUrl,
    [urlVar]: exampleUrl,
  };
};

// The hub's memory flags unless NODE_OPTIONS chooses others (apps/server/bin/node-flags.cjs).
const require = createRequire(import.meta.url);
const { hubNodeFlags } = require('../apps/server/bin/node-flags.cjs');
const { whenParentGone } = require('../apps/server/bin/parent-watch.cjs');
const hub = spawn(
  process.execPath,
  dev
    ? ['--watch', '--watch-preserve-output', 'apps/server/dist/main.js']
    : [...hubNodeFlags(env), 'apps/server/bin/serve.cjs'],
  // HUB_PARENT_PID: the hub stops by itself if this process is killed outright (serve.cjs). Not
  // under --dev, where node --watch stands between the two.
  { cwd: root, stdio: 'inherit', env: dev ? env : { ...env, HUB_PARENT_PID: String(process.pid) } },
);
const children = [hub];

/** Runs an example beside the hub, its output prefixed with its name. */
const startExample = (name, script, exampleEnvironment) => {
  if (!exampleEnvironment) return;
  const child = spawn(process.execPath, [script], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: exampleEnvironment,
  });
  for (const [stream, sink] of [
    [child.stdout, process.stdout],
    [child.stderr, process.stderr],
  ])
    createInterface({ input: stream }).on('line', (line) => sink.write(`[${name}] ${line}\n`));
  // An example is a convenience: if it stops (say its port is taken), the hub keeps running.
  child.on('exit', (code, signal) => {
    children.splice(children.indexOf(child), 1);
    if (code !== 0 && signal === null) process.stderr.write(`[${name}] exited with code ${code}\n`);
  });
  children.push(child);
};

startExample(
  'demo-tool',
  'examples/demo-tool/server.mjs',
  exampleEnv('DEMO_TOOL_URL', 'http://localhost:3001', 'DEMO_TOOL'),
);
startExample(
  'oidc-example',
  'examples/oidc-client/server.mjs',
  exampleEnv('OIDC_EXAMPLE_URL', 'http://localhost:3002', 'OIDC_EXAMPLE'),
);

// A parent that closed the pipes this process writes to (EPIPE) must not crash it: the hub and the
// examples would be left running, orphaned, holding their ports.
for (const stream of [process.stdout, process.stderr]) stream.on('error', () => {});

/** The hub's own drain (SHUTDOWN_GRACE_MS, 10 s), and a little more for its exit. */
const STOP_DEADLINE_MS = 12_000;
let stopping = false;
// The start-up banner: once the hub answers, what runs where (the same table as the README's quick
// start), from the ports this start actually uses.
const hubOrigin = (env.PUBLIC_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, '');
const local = !env.APP_ENV || env.APP_ENV === 'local' || env.APP_ENV === 'development';
const bannerRows = () => {
  const rows = dev
    ? [
        ['Account Hub (Vite, live reload)', hubOrigin, 'PORT'],
        ['hub server (API, restarts on change)', `http://localhost:${env.PORT}`, 'HUB_DEV_PORT'],
      ]
    : [['Account Hub', hubOrigin, 'PORT (or PUBLIC_URL)']];
  if (local && !env.SMTP_URL) rows.push(['dev mailbox', `${hubOrigin}/dev/mail`, '(on the hub)']);
  if (exampleEnv('DEMO_TOOL_URL', 'http://localhost:3001', 'DEMO_TOOL'))
    rows.push([
      'demo tool',
      (env.DEMO_TOOL_URL || 'http://localhost:3001').replace(/\/+$/, ''),
      'DEMO_TOOL_URL',
    ]);
  if (exampleEnv('OIDC_EXAMPLE_URL', 'http://localhost:3002', 'OIDC_EXAMPLE'))
    rows.push([
      'OpenID Connect example',
      (env.OIDC_EXAMPLE_URL || 'http://localhost:3002').replace(/\/+$/, ''),
      'OIDC_EXAMPLE_URL',
    ]);
  if (local) {
    rows.push(['Personal stand-in', (env.PSL_URL || `${hubOrigin}/demo/psl`).replace(/\/+$/, ''), 'PSL_URL']);
    rows.push(['Business stand-in', (env.BIZ_URL || `${hubOrigin}/demo/biz`).replace(/\/+$/, ''), 'BIZ_URL']);
  }
  return rows;
};
const printBanner = () => {
  const rows = bannerRows();
  const widths = [0, 1, 2].map((i) => Math.max(...rows.map((row) => row[i].length)));
  const line = (row) => `  ${row.map((cell, i) => cell.padEnd(widths[i])).join('   ')}`.trimEnd();
  process.stdout.write(
    `\n${['Account Hub is ready:', '', line(['what', 'where', 'moved by']), ...rows.map(line)].join('\n')}\n\n`,
  );
};
/** Asks /healthz until the hub answers (it may still be migrating), then prints the banner once. */
const bannerWhenReady = async () => {
  const deadline = Date.now() + 120_000;
  const host = !env.HOST || env.HOST === '0.0.0.0' || env.HOST === '::' ? '127.0.0.1' : env.HOST;
  const healthUrl = `http://${host.includes(':') ? `[${host}]` : host}:${env.PORT || 3000}/healthz`;
  while (Date.now() < deadline && hub.exitCode === null) {
    const answered = await fetch(healthUrl, { signal: AbortSignal.timeout(2_000) }).then(
      (response) => response.ok,
      () => false,
    );
    if (answered) return printBanner();
    await new Promise((resolve) => setTimeout(resolve, 300).unref());
  }
};
void bannerWhenReady();

const stop = (signal) => {
  for (const child of children) child.kill(signal);
  if (stopping) return;
  stopping = true;
  // Whatever happens to a child, this process ends, and ends them, by the deadline.
  setTimeout(() => {
    for (const child of children) child.kill('SIGKILL');
    process.exit(1);
  }, STOP_DEADLINE_MS);
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(signal));

// `npm start` runs this through `sh -c`, and a SIGTERM sent to npm's own process (a process
// manager's, or a script's `child.kill()`) reaches only that shell, which dies of it without passing
// it on: this process would run on, orphaned, and the hub with it, holding its port. So a parent
// that goes away counts as a SIGTERM (docs/operations.md "Shutdown and output pipes").
whenParentGone(process.ppid, () => stop('SIGTERM'));

hub.on('exit', (code, signal) => {
  for (const child of children) if (child !== hub) child.kill('SIGTERM');
  process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
});
