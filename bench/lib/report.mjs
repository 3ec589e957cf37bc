// The bench's table, in Markdown so that it goes into docs/performance.md as printed.

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
  const order = [...new Set(runs.flatMap((run) => run.results.map((r) => r.scenario)))];
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
