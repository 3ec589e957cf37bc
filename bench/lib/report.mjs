// The bench's table, in Markdown so that it goes into docs/performance.md as printed.
import { describeFlood } from './flood.mjs';

const int = (n) => Math.round(n).toLocaleString('en-US');
const ms = (n) => (n < 10 ? n.toFixed(1) : String(Math.round(n)));
const kib = (bytes) => `${(bytes / 1024).toFixed(1)} KiB`;

/** Text columns (`left`, by index) align left, figures right. */
const table = (header, rows, left = [0, 1, 2]) =>
  [`| ${header.join(' | ')} |`, `|${header.map((_, i) => (left.includes(i) ? '---' : '---:')).join('|')}|`]
    .concat(rows.map((row) => `| ${row.join(' | ')} |`))
    .join('\n');

/** One row per scenario, database and process count, grouped by scenario. */
export const formatTable = ({ machine, runs }) => {
  const rows = [];
  const order = [...new Set(runs.flatMap((run) => run.results.map((r) => r.scenario)))].filter(
    (scenario) => scenario !== 'compare',
  );
  for (const scenario of order) {
    for (const run of runs) {
      const r = run.results.find((x) => x.scenario === scenario);
      if (!r) continue;
      const note =
        r.scenario === 'login'
          ? `raw Argon2id ${int(r.rawArgon2PerSecond)}/s (${int(r.rawArgon2PerSecondBefore)} before, ` +
            `${int(r.rawArgon2PerSecondAfter)} after): ${Math.round(r.ratioToRaw * 100)} % of it; ` +
            `CPU per login ${r.cpuMsPerRequest.toFixed(1)} ms, per hash ${r.rawArgon2CpuMs.toFixed(1)} ms: ${Math.round(r.cpuRatioToRaw * 100)} %`
          : r.scenario === 'signup'
            ? `${int(r.mailsDeliveredDuringRun)} mails delivered meanwhile`
            : r.scenario === 'token'
              ? `${r.note}; CPU per grant ${r.cpuMsPerRequest.toFixed(1)} ms`
              : r.scenario === 'flood'
                ? describeFlood(r)
                : '';
      rows.push([
        r.label,
        run.database === 'sqlite' ? 'SQLite' : 'PostgreSQL',
        run.processes === 1
          ? '1'
          : `${run.processes} (counters in ${run.throttles === 'redis' ? 'Redis' : 'the primary'})`,
        int(r.requestsPerSecond),
        ms(r.p50),
        ms(r.p99),
        String(r.errors + r.warmupErrors),
        String(r.peakRssMiB),
        note,
      ]);
    }
  }
  const title =
    `${machine.date.slice(0, 10)}, ${machine.cores} cores (${machine.cpu}), Node ${machine.node}, ` +
    `NODE_OPTIONS=${machine.nodeOptions || '(none)'}, 50 connections, ` +
    `${machine.timing.warmupSeconds} s warm-up + ${machine.timing.seconds} s per scenario, ` +
    `load average ${machine.loadAverage} at the start${machine.quick ? ' (quick run)' : ''}`;
  return `${title}\n\n${table(
    ['scenario', 'database', 'processes', 'req/s', 'p50 ms', 'p99 ms', 'errors', 'peak RSS MiB', 'note'],
    rows,
    [0, 1, 2, 8],
  )}`;
};

export const formatFrontEnd = (frontEnd) =>
  `First load of the web app (gzip -9, from apps/web/dist):\n\n${table(
    ['screen', 'path', 'files', 'JS', 'CSS', 'JS + CSS'],
    frontEnd.map((s) => [s.name, s.path, String(s.files), kib(s.js), kib(s.css), kib(s.js + s.css)]),
  )}`;

const pct = (n) => `${Math.round(n * 100)} %`;

/** The side-by-side login comparison (bench/lib/compare.mjs), one row per peer and hub run. */
export const formatComparison = ({ runs }) => {
  const rows = [];
  for (const run of runs) {
    const r = run.results.find((x) => x.scenario === 'compare');
    if (!r) continue;
    const db = run.database === 'sqlite' ? 'SQLite' : 'PostgreSQL';
    const peers = [
      ['hub: identify + password', r.hub, `${db}, ${run.processes} process${run.processes > 1 ? 'es' : ''}`],
      ['better-auth 1.7.25: sign-in/email', r.betterAuth, 'SQLite, 1 process'],
      ...(r.floor ? [['floor: the same two requests, node:http + the hash only', r.floor, '1 process']] : []),
      ...(r.floorHubHash ? [["floor with the hub's hash (@hub/argon2)", r.floorHubHash, '1 process']] : []),
      ['raw Argon2id verify', r.raw, `${r.threads} threads`],
    ];
    for (const [name, p, where] of peers)
      rows.push([
        name,
        where,
        p.loginsPerSecond.toFixed(1),
        p.perRound.map((x) => x.toFixed(0)).join(' / '),
        `${p.cpuMsPerLogin.toFixed(2)} + ${p.driverCpuMsPerLogin.toFixed(2)}`,
        p === r.raw ? '' : ms(p.p50),
        p === r.raw ? '' : ms(p.p99),
        String(p.errors),
        p.totalPeakRssMiB > p.peakRssMiB
          ? `${p.peakRssMiB} (all: ${p.totalPeakRssMiB})`
          : String(p.peakRssMiB),
      ]);
    rows.push([
      '**ratios**',
      '',
      `hub/better-auth **${r.hubToBetterAuth.toFixed(2)}** (goal ≥ ${r.goals.hubToBetterAuth}), hub/raw **${r.hubToRaw.toFixed(2)}**; by CPU time ${r.hubToBetterAuthByCpu.toFixed(2)} and ${r.hubToRawByCpu.toFixed(2)}`,
      `${r.hubToBetterAuthPerRound.map((x) => x.toFixed(2)).join(' / ')}; ${r.hubToRawPerRound.map(pct).join(' / ')}${
        r.floor
          ? `; floor/raw **${r.floorToRaw.toFixed(2)}**, floor/better-auth **${r.floorToBetterAuth.toFixed(2)}**, hub/floor **${r.hubToFloor.toFixed(2)}** (goal ≥ ${r.goals.hubToFloor})${
              r.floorHubHash ? `, hub/floor with the hub's hash **${r.hubToFloorHubHash.toFixed(2)}**` : ''
            }`
          : ''
      }`,
      '',
      '',
      '',
      '',
      '',
    ]);
  }
  if (rows.length === 0) return '';
  const first = runs.find((run) => run.results.some((x) => x.scenario === 'compare'));
  const r = first.results.find((x) => x.scenario === 'compare');
  return `Whole password login side by side: ${r.connections} connections, one account, ${r.rounds} alternating rounds of ${r.roundSeconds} s:\n\n${table(
    [
      'peer',
      'setup',
      'logins/s',
      'per round',
      'CPU ms/login (+ driver)',
      'p50 ms',
      'p99 ms',
      'errors',
      'peak RSS MiB',
    ],
    rows,
    [0, 1, 3],
  )}`;
};
