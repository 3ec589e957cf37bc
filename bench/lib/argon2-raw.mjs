// The raw throughput of the hash behind the hub's password check: @node-rs/argon2's verify of a
// hash made by the hub's own hashPassword (services/passwords.js: Argon2id, m=19456 KiB, t=2, p=1;
// verify reads them from the hash), with nothing else around it: verifications per second on all
// cores, in a process of its own, with enough in flight to keep libuv's thread pool busy. The pool
// has one thread per core, as in a hub (thread-pool.ts): on this machine that is the fastest the
// hash goes (libuv's default of four threads does 15-25 % fewer), so the ceiling is the real one.
// The login scenario is compared with this figure, measured in the same run on the same machine.
import { fork } from 'node:child_process';
import { availableParallelism } from 'node:os';
import { fileURLToPath } from 'node:url';
import { dist } from './paths.mjs';

export const measureRawArgon2 = ({ warmupSeconds, seconds }) =>
  new Promise((resolve, reject) => {
    const child = fork(
      fileURLToPath(import.meta.url),
      ['--measure', String(warmupSeconds), String(seconds)],
      {
        stdio: ['ignore', 'inherit', 'inherit', 'ipc'],
        env: { ...process.env, UV_THREADPOOL_SIZE: String(availableParallelism()) },
      },
    );
    child.once('message', resolve);
    child.once(
      'exit',
      (code) => code !== 0 && reject(new Error(`raw Argon2id measurement exited with ${code}`)),
    );
  });

if (process.argv[2] === '--measure') {
  const [warmupSeconds, seconds] = process.argv.slice(3).map(Number);
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
  await runFor(warmupSeconds * 1000);
  const started = process.hrtime.bigint();
  const cpu = process.cpuUsage();
  const done = await runFor(seconds * 1000);
  const elapsed = Number(process.hrtime.bigint() - started) / 1e9;
  const used = process.cpuUsage(cpu);
  // CPU per verification (all threads): what one costs, however busy the machine is.
  const cpuMsPerVerification = (used.user + used.system) / 1000 / done;
  const result = {
    perSecond: done / elapsed,
    verifications: done,
    seconds: elapsed,
    inFlight,
    cpuMsPerVerification,
  };
  process.send(result, () => process.exit(0));
}
