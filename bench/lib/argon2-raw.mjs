// The raw throughput of the hash behind the hub's password check: @node-rs/argon2's verify of a
// hash made by the hub's own hashPassword (services/passwords.js: Argon2id, m=9216 KiB, t=4, p=1;
// verify reads them from the hash), with nothing else around it: verifications per second on all
// cores, in a process of its own, with enough in flight to keep libuv's thread pool busy. The pool
// has one thread per core, as in a hub (bin/thread-pool.cjs): on this machine that is the fastest
// the hash goes (libuv's default of four threads does 15-25 % fewer), so the ceiling is the real one.
// The login scenarios are compared with this figure, measured in the same run on the same machine.
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dist } from './paths.mjs';

/**
 * A process that verifies on request: `measure(seconds)` resolves with what it did in that time.
 * Kept running between the rounds of a comparison (bench/lib/compare.mjs), so each round measures
 * the hash and not a process start.
 */
export const startRawArgon2 = async ({ threads = availableParallelism() } = {}) => {
  const child = fork(fileURLToPath(import.meta.url), ['--serve'], {
    stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
    env: { ...process.env, UV_THREADPOOL_SIZE: String(threads) },
  });
  const exited = new Promise((resolve) => child.once('exit', resolve));
  const next = () =>
    new Promise((resolve, reject) => {
      child.once('message', resolve);
      exited.then((code) => reject(new Error(`raw Argon2id measurement exited with ${code}`)));
    });
  await next();
  return {
    pid: child.pid,
    threads,
    measure(seconds) {
      const answer = next();
      child.send({ seconds });
      return answer;
    },
    async stop() {
      child.kill('SIGTERM');
      await exited;
    },
  };
};

/** One measurement in a fresh process: a warm-up, then `seconds` measured. */
export const measureRawArgon2 = async ({ warmupSeconds, seconds }) => {
  const raw = await startRawArgon2();
  try {
    await raw.measure(warmupSeconds);
    return await raw.measure(seconds);
  } finally {
    await raw.stop();
  }
};

if (process.argv[2] === '--serve') {
  const { hashPassword } = await import(dist('services/passwords.js'));
  const { verify } = await import('@node-rs/argon2');
  const password = 'Bench-Password-2026!';
  const stored = await hashPassword(password);
  const inFlight = 2 * Number(process.env.UV_THREADPOOL_SIZE);
  const runFor = async (ms) => {
    const end = Date.now() + ms;
    let done = 0;
    await Promise.all(
      Array.from({ length: inFlight }, async () => {
        while (Date.now() < end) {
          if (!(await verify(stored, password))) throw new Error('the password did not verify');
          done += 1;
        }
      }),
    );
    return done;
  };
  process.on('message', async ({ seconds }) => {
    const started = process.hrtime.bigint();
    const cpu = process.cpuUsage();
    const done = await runFor(seconds * 1000);
    const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
    const used = process.cpuUsage(cpu);
    process.send({
      perSecond: done / elapsed,
      verifications: done,
      seconds: elapsed,
      inFlight,
      // CPU per verification (all threads): what one costs, however busy the machine is.
      cpuMsPerVerification: (used.user + used.system) / 1000 / done,
    });
  });
  process.on('SIGTERM', () => process.exit(0));
  process.send({ ready: true });
}
