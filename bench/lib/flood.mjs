// A flood of look-ups from fresh addresses (docs/performance.md "Memory"): what an attacker with
// many addresses costs a hub whose limits are its real ones. A hub of its own, on a database of its
// own, with `TRUST_PROXY=1` and no RATE_LIMIT_SCALE; each request comes from a fresh
// `X-Forwarded-For` IPv4 address and asks for an account nobody has. Most answers are refusals
// (`428` once an address bucket has tried ten accounts): what is measured is the hub's memory as the
// flood goes on, its rate, and that it still answers `/healthz` afterwards. Run only when named
// (`--scenarios=flood`), for `--flood-seconds` (60 by default).
import autocannon from 'autocannon';
import { rssKib, startHub } from './hub.mjs';
import { createBenchDatabase, seedDatabase } from './setup.mjs';

const CONNECTIONS = 50;

/** The `n`th address of the flood: every one different, 256 to a /24. */
const address = (n) => `${10 + ((n >>> 24) & 0x7f)}.${(n >>> 16) & 255}.${(n >>> 8) & 255}.${n & 255}`;

export const runFlood = async (ctx) => {
  const database = await createBenchDatabase(ctx.database.dialect, ctx.adminUrl);
  try {
    await seedDatabase(database.url, { accounts: 16 });
    const { RATE_LIMIT_SCALE: _lifted, ...env } = ctx.hubEnv;
    const hub = await startHub({
      workers: ctx.workers,
      env: { ...env, DATABASE_URL: database.url, TRUST_PROXY: '1' },
    });
    try {
      const rss = () => Math.round(hub.pids().reduce((sum, pid) => sum + (rssKib(pid) ?? 0), 0) / 1024);
      const series = [rss()];
      const sampler = setInterval(() => series.push(rss()), 1_000);
      let n = 0;
      const result = await autocannon({
        url: hub.url,
        connections: CONNECTIONS,
        duration: ctx.timing.floodSeconds,
        timeout: 10,
        requests: [
          {
            method: 'POST',
            path: '/api/login/identify',
            setupRequest: (request) => {
              n += 1;
              return {
                ...request,
                headers: {
                  'content-type': 'application/json',
                  origin: hub.origin,
                  'user-agent': 'hub-bench',
                  'x-forwarded-for': address(n),
                },
                body: JSON.stringify({ platform: 'psl', account: `flood-${n}@example.com` }),
              };
            },
          },
        ],
      });
      clearInterval(sampler);
      series.push(rss());
      const healthz = await fetch(`${hub.url}/healthz`).then(
        (res) => res.status,
        () => 0,
      );
      const statusCodes = Object.fromEntries(
        Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
      );
      const refusedOrServed = (code) => code < 500;
      const errors =
        result.errors +
        result.timeouts +
        Object.entries(statusCodes)
          .filter(([code]) => !refusedOrServed(Number(code)))
          .reduce((sum, [, count]) => sum + count, 0) +
        (healthz === 200 ? 0 : 1);
      return {
        scenario: 'flood',
        label: '6. a flood of look-ups from fresh addresses (real limits)',
        requestsPerSecond: result.requests.average,
        requests: result.requests.total,
        p50: result.latency.p50,
        p99: result.latency.p99,
        errors,
        warmupErrors: 0,
        statusCodes,
        seconds: ctx.timing.floodSeconds,
        rssSeriesMiB: series,
        peakRssMiB: Math.max(...series),
        healthz,
      };
    } finally {
      await hub.stop();
    }
  } finally {
    await database.drop();
  }
};

/** The flood's line: its answers by status, and the hub's memory from start to end. */
export const describeFlood = (r) => {
  const series = r.rssSeriesMiB;
  const codes = Object.entries(r.statusCodes)
    .map(([code, count]) => `${count.toLocaleString('en-US')} × ${code}`)
    .join(', ');
  return (
    `${r.requests.toLocaleString('en-US')} answers in ${r.seconds} s (${codes}); RSS ${series[0]} → ${series.at(-1)} MiB, ` +
    `peak ${r.peakRssMiB}; /healthz ${r.healthz} after`
  );
};
