#!/usr/bin/env node
import { spawnSync } from 'node:child_process';
// `npm run bench`: builds the hub, starts it for real (production build, APP_ENV=production, the
// throttles raised by the documented RATE_LIMIT_SCALE) on SQLite and, when TEST_DATABASE_URL or
// DATABASE_URL points at PostgreSQL, on PostgreSQL; as one process and as one process per core
// (HUB_WORKERS). autocannon drives it from this process over loopback. Prints one table and writes
// the same figures to bench/results/. docs/performance.md explains the figures.
//
//   npm run bench                      full run: 2 s warm-up + 10 s per scenario (about 8–10 minutes)
//   npm run bench -- --quick           smoke run: 1 s + 3 s, fewer accounts
//   options: --no-build  --db=sqlite|postgres  --processes=1,2  --scenarios=lookup,login,…  --redis
//            --scenarios=flood (only when named) --flood-seconds=N: a flood from fresh addresses, real limits
//            --profile (each hub process writes a CPU profile; a summary is printed per run)
//            --node-options="…" (NODE_OPTIONS of the hub processes, instead of docs/operations.md's)
//   npm run bench -- --scale[=N]       the hub on N accounts (1,000,000) beside an empty database, in
//            --rounds=R rounds (3), each scenario on both databases in alternating 1 s slices; the
//            seeded database is kept under bench/results/scale;
//            --seed-only seeds (or tops up) it and stops; --profile summarises each hub's CPU per scenario
import { randomBytes } from 'node:crypto';
import { cpSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { createRequire } from 'node:module';
import { availableParallelism, cpus, loadavg, tmpdir, totalmem } from 'node:os';
import { join } from 'node:path';
import { measureFrontEnd } from './lib/frontend.mjs';
import { startHub } from './lib/hub.mjs';
import { resultsDir, root, webDist } from './lib/paths.mjs';
import { summarizeProfiles } from './lib/profile.mjs';
import { formatComparison, formatFrontEnd, formatTable } from './lib/report.mjs';
import { startSmtpSink } from './lib/smtp-sink.mjs';

const { hubNodeFlags } = createRequire(import.meta.url)('../apps/server/bin/node-flags.cjs');
const args = process.argv.slice(2);
const flag = (name) => args.includes(`--${name}`);
const option = (name) => args.find((a) => a.startsWith(`--${name}=`))?.slice(name.length + 3);
const quick = flag('quick');
const timing = {
  ...(quick ? { warmupSeconds: 1, seconds: 3 } : { warmupSeconds: 2, seconds: 10 }),
  // The flood (--scenarios=flood, bench/lib/flood.mjs) runs this long, without a warm-up.
  floodSeconds: Number(option('flood-seconds') ?? (quick ? 5 : 60)),
};
const log = (line) => process.stderr.write(`${line}\n`);

if (!flag('no-build')) {
  log('Building (npm run build)…');
  const build = spawnSync('npm', ['run', '--silent', 'build'], {
    cwd: root,
    stdio: ['ignore', 'ignore', 'inherit'],
  });
  if (build.status !== 0) process.exit(build.status ?? 1);
}
// serve.cjs runs tsc's modules instead of the bundle when the bundle is older than tsc's last build
// (a `tsc -b` since `npm run build`): about 15 MiB more resident under logins, the figures of a
// build no deployment runs. The bench stops rather than measure it.
if (!createRequire(import.meta.url)('../apps/server/bin/entry.cjs').servedEntry().bundle) {
  log(
    "The server bundle is older than tsc's last build: run `npm run build` (or the bench without --no-build).",
  );
  process.exit(1);
}
// The web app as built now, served from a copy (WEB_DIST) so that a rebuild meanwhile cannot change it.
const webSnapshot = mkdtempSync(join(tmpdir(), 'hub-bench-web-'));
cpSync(webDist, webSnapshot, { recursive: true });
const frontEnd = measureFrontEnd(webSnapshot);
// Loaded after the build: they import the built server.
const { createBenchDatabase, seedDatabase } = await import('./lib/setup.mjs');
const { runScenarios } = await import('./lib/scenarios.mjs');
// --scale[=N]: the data-scale comparison instead (bench/lib/scale.mjs), N accounts (1,000,000).
const scale = flag('scale') ? 1_000_000 : option('scale') ? Number(option('scale')) : undefined;

const postgresUrl = [process.env.TEST_DATABASE_URL, process.env.DATABASE_URL].find((u) =>
  /^postgres(ql)?:\/\//.test(u ?? ''),
);
const redisUrl = flag('redis')
  ? (process.env.REDIS_URL ?? process.env.TEST_REDIS_URL ?? 'redis://127.0.0.1:6379')
  : undefined;
const cores = availableParallelism();
const databases = (option('db')?.split(',') ?? ['sqlite', 'postgres']).filter(
  (d) => d === 'sqlite' || postgresUrl,
);
const processCounts = option('processes')?.split(',').map(Number) ?? [...new Set([1, cores])];
const only = option('scenarios')?.split(',');
// The flags `npm start` runs a hub process with (apps/server/bin/node-flags.cjs, docs/operations.md),
// passed as NODE_OPTIONS to every peer alike.
const nodeOptions = option('node-options') ?? hubNodeFlags({}, cores).join(' ');
if (!postgresUrl) log('PostgreSQL: skipped (set TEST_DATABASE_URL or DATABASE_URL to a postgres:// URL).');

// SQLite's page cache and memory map as the operator sets them (configuration.md "Sizing the
// database"), and the credential-stuffing checks (on unless SIGN_IN_CHALLENGE=off), passed on to the
// hubs the bench starts: `SQLITE_MMAP_MIB=4096 npm run bench -- --scale`.
const operatorEnv = Object.fromEntries(
  ['SQLITE_CACHE_MIB', 'SQLITE_MMAP_MIB', 'SIGN_IN_CHALLENGE'].flatMap((name) =>
    process.env[name] === undefined ? [] : [[name, process.env[name]]],
  ),
);

const machine = {
  date: new Date().toISOString(),
  cpu: cpus()[0]?.model ?? 'unknown',
  cores,
  memoryGiB: Math.round(totalmem() / 2 ** 30),
  node: process.version,
  quick,
  timing,
  nodeOptions,
  operatorEnv,
  // Other work on the machine shares the cores: the one-minute load average when the run began.
  loadAverage: Number(loadavg()[0].toFixed(2)),
};
log(
  `${machine.cores} cores (${machine.cpu}), Node ${machine.node}; ${timing.warmupSeconds} s warm-up + ${timing.seconds} s per scenario`,
);

// What to undo if the run is interrupted (Ctrl-C): the hub, the sink and the bench database.
const cleanups = new Set();
for (const signal of ['SIGINT', 'SIGTERM'])
  process.once(signal, async () => {
    log(`\n${signal}: stopping`);
    for (const cleanup of [...cleanups].reverse()) await cleanup().catch(() => {});
    rmSync(webSnapshot, { recursive: true, force: true });
    process.exit(130);
  });

const sink = await startSmtpSink();
cleanups.add(sink.stop);
const runs = [];

if (scale !== undefined) {
  if (!Number.isInteger(scale) || scale < 1_000)
    throw new Error('--scale=N takes a whole number of accounts, 1000 or more');
  const { runScale, formatScale, saveScale, scaleKeyEncryptionKey } = await import('./lib/scale.mjs');
  const reports = [];
  try {
    for (const dialect of databases)
      reports.push(
        await runScale({
          dialect,
          adminUrl: postgresUrl,
          accounts: scale,
          rounds: Number(option('rounds') ?? (quick ? 1 : 3)),
          seedOnly: flag('seed-only'),
          only,
          profile: flag('profile'),
          timing,
          log,
          env: {
            APP_ENV: 'production',
            SMTP_URL: sink.url,
            MAIL_FROM: 'Account Hub <no-reply@bench.example.com>',
            PSL_URL: 'https://psl.example.com',
            BIZ_URL: 'https://biz.example.com',
            KEY_ENCRYPTION_KEY: scaleKeyEncryptionKey(),
            LOG_LEVEL: 'warn',
            RATE_LIMIT_SCALE: '1000000',
            NODE_OPTIONS: nodeOptions,
            ...operatorEnv,
            WEB_DIST: webSnapshot,
          },
        }),
      );
  } finally {
    await sink.stop();
    rmSync(webSnapshot, { recursive: true, force: true });
  }
  if (!flag('seed-only')) {
    process.stdout.write(`\n${reports.map(formatScale).join('\n\n')}\n`);
    log(`\nWritten: ${saveScale(reports)}`);
  }
  process.exit(0);
}
try {
  for (const dialect of databases) {
    for (const workers of processCounts) {
      const database = await createBenchDatabase(dialect, postgresUrl);
      cleanups.add(database.drop);
      try {
        const accounts = quick ? 64 : 128;
        log(`\n${dialect}, ${workers} process${workers > 1 ? 'es' : ''}: seeding ${accounts} accounts…`);
        const { credential, accountIds } = await seedDatabase(database.url, { accounts });
        const profileDir = flag('profile')
          ? join(resultsDir, 'profiles', `${dialect}-${workers}-${Date.now()}`)
          : undefined;
        const hubEnv = {
          APP_ENV: 'production',
          DATABASE_URL: database.url,
          SMTP_URL: sink.url,
          MAIL_FROM: 'Account Hub <no-reply@bench.example.com>',
          PSL_URL: 'https://psl.example.com',
          BIZ_URL: 'https://biz.example.com',
          // Required outside local and development: seals the signing keys in the database.
          KEY_ENCRYPTION_KEY: randomBytes(32).toString('base64'),
          LOG_LEVEL: 'warn',
          // docs/performance.md: the documented way to lift the per-IP limits for a load test.
          RATE_LIMIT_SCALE: '1000000',
          // A key prefix of the run's own: the machine's Redis is shared, and a flood writes a key an address.
          ...(redisUrl
            ? { REDIS_URL: redisUrl, REDIS_KEY_PREFIX: `bench-${randomBytes(4).toString('hex')}:` }
            : {}),
          NODE_OPTIONS: nodeOptions,
          ...operatorEnv,
          WEB_DIST: webSnapshot,
        };
        const hub = await startHub({ workers, profileDir, env: hubEnv });
        cleanups.add(hub.stop);
        try {
          const ctx = {
            hub,
            hubEnv,
            adminUrl: postgresUrl,
            database: { ...database, dialect },
            accounts,
            accountIds,
            credential,
            sink,
            timing,
            quick,
            nodeOptions,
            workers,
            log,
            // Sizes the supply of single-use ainfo tokens (each redeems once); generous on purpose.
            expected: { redeemPerSecond: 4_000 * workers },
          };
          const results = await runScenarios(ctx, only);
          runs.push({
            database: dialect,
            processes: workers,
            throttles: redisUrl ? 'redis' : workers > 1 ? 'primary' : 'memory',
            loadAverageAfter: Number(loadavg()[0].toFixed(2)),
            results,
          });
        } finally {
          cleanups.delete(hub.stop);
          await hub.stop();
        }
        if (profileDir) {
          log(
            `\nCPU profile of ${dialect}, ${workers} process(es) (${profileDir}), per request of each scenario:`,
          );
          // The flood ran on a hub of its own, which is not profiled.
          for (const result of runs.at(-1).results.filter((r) => r.profileWindows))
            log(
              `\n${result.label}${result.scenario === 'compare' ? ' (hub, per login)' : ''}:\n${summarizeProfiles(
                profileDir,
                { windows: result.profileWindows, per: result.profileUnits },
              )}`,
            );
        }
      } finally {
        cleanups.delete(database.drop);
        await database.drop();
      }
    }
  }
} finally {
  cleanups.delete(sink.stop);
  await sink.stop();
  rmSync(webSnapshot, { recursive: true, force: true });
}

const report = { machine, runs, frontEnd };
process.stdout.write(
  `\n${formatComparison(report)}\n\n${formatTable(report)}\n\n${formatFrontEnd(frontEnd)}\n`,
);
mkdirSync(resultsDir, { recursive: true });
const file = join(resultsDir, `bench-${machine.date.replace(/[:.]/g, '-')}${quick ? '-quick' : ''}.json`);
writeFileSync(file, `${JSON.stringify(report, null, 2)}\n`);
writeFileSync(join(resultsDir, 'latest.json'), `${JSON.stringify(report, null, 2)}\n`);
log(`\nWritten: ${file}`);
const failed = runs.flatMap((run) => run.results).filter((r) => r.errors + r.warmupErrors > 0);
if (failed.length > 0) {
  log(`Errors in: ${failed.map((r) => r.scenario).join(', ')}`);
  process.exit(1);
}
