// Starts the built hub (apps/server/bin/serve.cjs → dist/main.js) as a production process, watches the resident
// memory of every process it runs (the primary and its workers under HUB_WORKERS), and stops it.
import { spawn } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { createServer } from 'node:net';
import { join } from 'node:path';
import { childrenOf } from '../../scripts/processes.mjs';
import { root } from './paths.mjs';

export const freePort = () =>
  new Promise((resolve, reject) => {
    const server = createServer();
    server.unref();
    server.on('error', reject);
    server.listen(0, '127.0.0.1', () => {
      const { port } = server.address();
      server.close(() => resolve(port));
    });
  });

/** Resident set size (KiB) of a process, or undefined once it has gone. */
export const rssKib = (pid) => {
  try {
    const match = /VmRSS:\s+(\d+)/.exec(readFileSync(`/proc/${pid}/status`, 'utf8'));
    return match ? Number(match[1]) : undefined;
  } catch {
    return undefined;
  }
};

/** CPU time (user + system, ms) a process has used so far; Linux counts it in 1/100 s ticks. */
export const cpuMs = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
};

/** CPU time (ms) of a process's main thread alone: its event loop, without libuv's pool and V8's helpers. */
export const mainThreadCpuMs = (pid) => {
  try {
    const fields = readFileSync(`/proc/${pid}/task/${pid}/stat`, 'utf8').split(') ')[1].split(' ');
    return (Number(fields[11]) + Number(fields[12])) * 10;
  } catch {
    return 0;
  }
};

/**
 * The password hash's settings (docs/configuration.md) as the bench was started with them, for the
 * hub and the floor that hashes as it does: `HUB_ARGON2=library` or `HUB_ARGON2_SIMD=avx2` compare
 * the hub with another hash, all else alike.
 */
export const hashSettings = () =>
  Object.fromEntries(
    ['HUB_ARGON2', 'HUB_ARGON2_SIMD'].flatMap((name) =>
      process.env[name] === undefined ? [] : [[name, process.env[name]]],
    ),
  );

/**
 * Starts the hub with `env` on a free port and resolves once every worker answers /readyz.
 * `memory.start()` … `memory.stop()` brackets a scenario and returns the peak RSS seen per process.
 */
export const startHub = async ({
  env,
  workers,
  profileDir,
  serve = join(root, 'apps/server/bin/serve.cjs'),
}) => {
  const port = await freePort();
  // A production hub needs an https PUBLIC_URL; TLS ends at the load balancer, so the hub itself speaks http.
  const publicUrl = 'https://id.bench.example';
  let output = '';
  // --profile: every hub process (workers inherit the flags) writes a V8 CPU profile when it exits.
  const profile = profileDir ? ['--cpu-prof', '--cpu-prof-interval=250', `--cpu-prof-dir=${profileDir}`] : [];
  const child = spawn(process.execPath, [...profile, serve], {
    cwd: root,
    env: {
      PATH: process.env.PATH,
      PORT: String(port),
      HOST: '127.0.0.1',
      PUBLIC_URL: publicUrl,
      HUB_WORKERS: String(workers),
      ...hashSettings(),
      ...env,
    },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  const keep = (chunk) => {
    output = (output + chunk).slice(-20_000);
  };
  child.stdout.on('data', keep);
  child.stderr.on('data', keep);
  const exited = new Promise((resolve) => child.once('exit', (code, signal) => resolve({ code, signal })));

  const deadline = Date.now() + 60_000;
  const expected = workers > 1 ? workers : 0;
  for (;;) {
    if (child.exitCode !== null) throw new Error(`hub exited with ${child.exitCode}:\n${output}`);
    const ready = await fetch(`http://127.0.0.1:${port}/readyz`).then(
      (res) => res.ok,
      () => false,
    );
    // Workers that are still starting get no connections yet; every scenario warms up first.
    if (ready && childrenOf(child.pid).length >= expected) break;
    if (Date.now() > deadline) throw new Error(`hub did not become ready:\n${output}`);
    await new Promise((r) => setTimeout(r, 100));
  }
  const pids = () => [child.pid, ...childrenOf(child.pid)];

  let sampler;
  let peaks = new Map();
  const busyMs = () => pids().reduce((sum, pid) => sum + cpuMs(pid), 0);
  const sample = () => {
    for (const pid of pids()) {
      const kib = rssKib(pid);
      if (kib !== undefined) peaks.set(pid, Math.max(peaks.get(pid) ?? 0, kib));
    }
  };

  return {
    port,
    url: `http://127.0.0.1:${port}`,
    publicUrl,
    origin: publicUrl,
    logs: () => output,
    /**
     * Resolves once the hub is idle (under a tenth of a core for 200 ms), at most after 15 s: the
     * requests a finished load left in flight must not run on into the next measurement.
     */
    /** CPU time (ms) all hub processes have used so far: what the work cost, however busy the machine is. */
    cpuMs: busyMs,
    /** The primary's share (HUB_WORKERS): handing out connections and keeping the workers' throttle counts. */
    primaryCpuMs: () => (workers > 1 ? cpuMs(child.pid) : 0),
    async settle() {
      const deadline = Date.now() + 15_000;
      let before = busyMs();
      while (Date.now() < deadline) {
        await new Promise((resolve) => setTimeout(resolve, 200));
        const now = busyMs();
        if (now - before < 20) return;
        before = now;
      }
    },
    workerPids: () => (workers > 1 ? childrenOf(child.pid) : [child.pid]),
    /** Every process of the hub: the primary (HUB_WORKERS) and its workers, or the one process. */
    pids,
    memory: {
      start() {
        peaks = new Map();
        sample();
        sampler = setInterval(sample, 100);
      },
      /** Peak RSS in MiB: of the busiest serving process, and of the primary (HUB_WORKERS only). */
      stop() {
        clearInterval(sampler);
        sample();
        const serving = workers > 1 ? [...peaks].filter(([pid]) => pid !== child.pid) : [...peaks];
        const mib = (kib) => Math.round(kib / 1024);
        return {
          peakRssMiB: mib(Math.max(0, ...serving.map(([, kib]) => kib))),
          primaryRssMiB: workers > 1 ? mib(peaks.get(child.pid) ?? 0) : undefined,
          perProcessMiB: Object.fromEntries([...peaks].map(([pid, kib]) => [pid, mib(kib)])),
        };
      },
    },
    async stop() {
      clearInterval(sampler);
      if (child.exitCode === null) child.kill('SIGTERM');
      const result = await exited;
      if (result.code !== 0) throw new Error(`hub stopped with ${JSON.stringify(result)}:\n${output}`);
    },
  };
};
