#!/usr/bin/env node
// `npm run typecheck`: the three TypeScript programs, two at a time. The web app's program reads
// the core package's sources (its `paths`) and needs nothing built, so it runs beside the build of
// core and server (`tsc -b`); the tests' program reads core's declarations, so it waits for that
// build. One after another they took 63 s of a clean clone's CI run on two cores.
// Each program's output is printed whole once it ends, so two never interleave.
import { spawn } from 'node:child_process';
import { createRequire } from 'node:module';

const root = new URL('..', import.meta.url).pathname;
// The compiler itself, not through npx: npx's own start is half a second, twice on the way.
const compiler = createRequire(import.meta.url).resolve('typescript/bin/tsc');
const tsc = (...args) =>
  new Promise((resolve) => {
    const child = spawn(process.execPath, [compiler, ...args], {
      cwd: root,
      stdio: ['ignore', 'pipe', 'pipe'],
    });
    let output = '';
    child.stdout.on('data', (chunk) => {
      output += chunk;
    });
    child.stderr.on('data', (chunk) => {
      output += chunk;
    });
    child.on('close', (code) => {
      process.stdout.write(output);
      if (code !== 0) process.stdout.write(`✘ tsc ${args.join(' ')} failed\n`);
      resolve(code === 0);
    });
  });

const results = await Promise.all([
  tsc('-p', 'apps/web', '--noEmit'),
  tsc('-b').then((built) => built && tsc('-p', 'tsconfig.tests.json')),
]);
process.exit(results.every(Boolean) ? 0 : 1);
