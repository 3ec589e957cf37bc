#!/usr/bin/env node
// `npm start`: build, then run the hub; in APP_ENV=local (the default) also the demo tool of
// examples/demo-tool beside it, where the seeded tools' local callbacks point (DEMO_TOOL_URL).
// DEMO_TOOL=off leaves the demo tool out. Signals go to both; when the hub exits, so do we.
// `--no-build` (`npm run dev`) skips the build when one exists: a second start takes seconds.
import { spawn, spawnSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;

const built = ['apps/server/dist/main.js', 'apps/web/dist/index.html'].every((file) =>
  existsSync(fileURLToPath(new URL(`../${file}`, import.meta.url))),
);
if (!(process.argv.includes('--no-build') && built)) {
  const build = spawnSync('npm', ['run', 'build'], { cwd: root, stdio: 'inherit', env });
  if (build.status !== 0) process.exit(build.status ?? 1);
}

/** The demo tool's environment, or undefined when it should not run (or its URLs are unusable). */
const demoToolEnv = () => {
  if ((env.APP_ENV && env.APP_ENV !== 'local') || env.DEMO_TOOL === 'off') return undefined;
  // The hub validates DEMO_TOOL_URL, PUBLIC_URL and PORT itself (and stops on a bad one);
  // here they only pick the demo tool's port and the hub's origin.
  const demoUrl = env.DEMO_TOOL_URL || 'http://localhost:3001';
  const hubUrl = (env.PUBLIC_URL || `http://localhost:${env.PORT || 3000}`).replace(/\/+$/, '');
  if (!URL.canParse(demoUrl) || !URL.canParse(hubUrl)) return undefined;
  const { port, protocol } = new URL(demoUrl);
  return { ...env, PORT: port || (protocol === 'https:' ? '443' : '80'), HUB_URL: hubUrl };
};

const hub = spawn(process.execPath, ['apps/server/bin/serve.cjs'], { cwd: root, stdio: 'inherit', env });
const children = [hub];

const demoEnv = demoToolEnv();
if (demoEnv) {
  const demo = spawn(process.execPath, ['examples/demo-tool/server.mjs'], {
    cwd: root,
    stdio: ['ignore', 'pipe', 'pipe'],
    env: demoEnv,
  });
  for (const [stream, sink] of [
    [demo.stdout, process.stdout],
    [demo.stderr, process.stderr],
  ])
    createInterface({ input: stream }).on('line', (line) => sink.write(`[demo-tool] ${line}\n`));
  // The demo tool is a convenience: if it stops (say its port is taken), the hub keeps running.
  demo.on('exit', (code, signal) => {
    children.splice(children.indexOf(demo), 1);
    if (code !== 0 && signal === null) process.stderr.write(`[demo-tool] exited with code ${code}\n`);
  });
  children.push(demo);
}

for (const signal of ['SIGINT', 'SIGTERM'])
  process.on(signal, () => {
    for (const child of children) child.kill(signal);
  });

hub.on('exit', (code, signal) => {
  for (const child of children) if (child !== hub) child.kill('SIGTERM');
  process.exit(code ?? (signal === 'SIGINT' || signal === 'SIGTERM' ? 0 : 1));
});
