#!/usr/bin/env node
// `npm run dev`: the hub in watch mode, so a change shows without a restart (docs/development.md
// "npm run dev"). Three processes and the local companions:
// - Vite's dev server on PORT (default 3000), the address to open: it serves the web app from
//   source with hot reload and forwards the server's paths (apps/web/vite.config.ts) to
// - the hub server on HUB_DEV_PORT (default PORT + 10), tsc's output run by `node --watch`
//   (scripts/start.mjs --dev, with the demo tool and the OpenID Connect example beside it), which
//   restarts whenever
// - `tsc -b --watch` rebuilds packages/core or apps/server.
// The hub's PUBLIC_URL is Vite's origin, so its links, cookies and same-origin checks match the
// address in the browser. Ctrl+C stops them all.
import { spawn, spawnSync } from 'node:child_process';
import { createInterface } from 'node:readline';
import { fileURLToPath } from 'node:url';

const root = fileURLToPath(new URL('..', import.meta.url));
const env = process.env;
const port = Number(env.PORT || 3000);
const hubPort = Number(env.HUB_DEV_PORT || port + 10);
if (!Number.isInteger(port) || !Number.isInteger(hubPort) || port === hubPort) {
  process.stderr.write('PORT and HUB_DEV_PORT must be two different port numbers\n');
  process.exit(78);
}
const publicUrl = `http://localhost:${port}`;
const tsc = fileURLToPath(new URL('../node_modules/typescript/bin/tsc', import.meta.url));
const vite = fileURLToPath(new URL('../node_modules/vite/bin/vite.js', import.meta.url));

// One full build of core and the server first, so the hub starts from current code.
const first = spawnSync(process.execPath, [tsc, '-b'], { cwd: root, stdio: 'inherit' });
if (first.status !== 0) process.exit(first.status ?? 1);

const children = [];
/** Runs one process, its lines prefixed with its name (the hub's own lines are not prefixed). */
const run = (name, args, options) => {
  const child = spawn(process.execPath, args, {
    cwd: root,
    stdio: name ? ['ignore', 'pipe', 'pipe'] : 'inherit',
    ...options,
  });
  if (name)
    for (const [stream, sink] of [
      [child.stdout, process.stdout],
      [child.stderr, process.stderr],
    ])
      createInterface({ input: stream }).on('line', (line) => {
        // tsc --watch clears nothing with --preserveWatchOutput; its blank lines are dropped.
        if (line.trim()) sink.write(`[${name}] ${line}\n`);
      });
  child.on('exit', (code, signal) => {
    if (stopping) return;
    process.stderr.write(
      `[${name ?? 'hub'}] stopped (${signal ?? `exit code ${code}`}); stopping the rest\n`,
    );
    stop(code ?? 1);
  });
  children.push(child);
  return child;
};

let stopping = false;
const stop = (code) => {
  stopping = true;
  for (const child of children) if (child.exitCode === null) child.kill('SIGTERM');
  process.exitCode = code;
};
for (const signal of ['SIGINT', 'SIGTERM']) process.on(signal, () => stop(0));

run('tsc', [tsc, '-b', '--watch', '--preserveWatchOutput']);
run('vite', [vite, '--port', String(port), '--strictPort', '--clearScreen', 'false'], {
  cwd: fileURLToPath(new URL('../apps/web', import.meta.url)),
  env: { ...env, HUB_DEV_SERVER: `http://127.0.0.1:${hubPort}` },
});
run(undefined, ['scripts/start.mjs', '--dev'], {
  env: {
    ...env,
    PORT: String(hubPort),
    PUBLIC_URL: env.PUBLIC_URL || publicUrl,
    HUB_DEV_PORT: String(hubPort),
  },
});
