// A peer of the login comparison in a process of its own (bench/lib/compare.mjs): `node <script>
// ...args`, which prints `ready <port>` once it listens. Resolves with its URL, its pid and `stop()`.
import { spawn } from 'node:child_process';
import { root } from './paths.mjs';

export const startPeerProcess = async ({ name, script, args, env }) => {
  const child = spawn(process.execPath, [script, ...args], {
    cwd: root,
    env: { PATH: process.env.PATH, ...env },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let output = '';
  child.stderr.on('data', (chunk) => {
    output = (output + chunk).slice(-10_000);
  });
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));
  const port = await new Promise((resolve, reject) => {
    let line = '';
    child.stdout.on('data', (chunk) => {
      line += chunk;
      const match = /ready (\d+)/.exec(line);
      if (match) resolve(Number(match[1]));
    });
    exited.then(({ code }) => reject(new Error(`${name} exited with ${code}:\n${output}`)));
  });
  return {
    pid: child.pid,
    url: `http://127.0.0.1:${port}`,
    origin: `http://127.0.0.1:${port}`,
    async stop() {
      if (child.exitCode === null) child.kill('SIGTERM');
      await exited;
    },
  };
};
