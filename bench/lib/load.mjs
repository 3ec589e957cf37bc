// Runs one scenario against a running hub with autocannon, on loopback, from this process (not the
// hub's): a warm-up whose figures are dropped, then the measured run with the hub's memory watched.
import autocannon from 'autocannon';
import { profileClock } from './profile.mjs';

/** A source of single-use values (flow ids, ainfo tokens): an error, not a silent reuse, when it runs dry. */
export const supply = (values) => {
  let next = 0;
  return {
    /** Replaces what is left with fresh values (those of the measured run, after the warm-up). */
    refill(fresh) {
      values = fresh;
      next = 0;
    },
    take: () => {
      const value = values[next];
      next += 1;
      return value ?? values[values.length - 1];
    },
    get exhausted() {
      return next > values.length;
    },
    get used() {
      return Math.min(next, values.length);
    },
  };
};

const fire = (hub, spec, seconds) =>
  autocannon({
    url: hub.url,
    connections: spec.connections,
    duration: seconds,
    timeout: 10,
    method: spec.method ?? 'GET',
    headers: spec.headers ?? {},
    ...(spec.body ? { body: spec.body } : {}),
    requests: [
      {
        path: spec.path,
        ...(spec.setupRequest ? { setupRequest: spec.setupRequest } : {}),
        ...(spec.onResponse ? { onResponse: spec.onResponse } : {}),
      },
    ],
  });

const summarize = (result) => ({
  requestsPerSecond: result.requests.average,
  requests: result.requests.total,
  p50: result.latency.p50,
  p99: result.latency.p99,
  max: result.latency.max,
  errors: result.errors + result.timeouts + result.non2xx + result.mismatches,
  statusCodes: Object.fromEntries(
    Object.entries(result.statusCodeStats ?? {}).map(([code, s]) => [code, s.count]),
  ),
  seconds: result.duration,
});

/**
 * spec: { connections, method, path, headers, body?, setupRequest?(req), onResponse?(status, body) }. Returns the measured run's
 * requests per second, p50/p99 latency (ms), errors (connection errors, timeouts, non-2xx), and the
 * hub's peak RSS over warm-up and run; the warm-up's errors are kept too (they count against the scenario as well).
 */
export const runScenario = async (hub, spec, { warmupSeconds, seconds }) => {
  hub.memory.start();
  const warmup = summarize(await fire(hub, spec, warmupSeconds));
  await hub.settle();
  // A scenario with single-use values sizes the measured run's supply from the warm-up's rate.
  await spec.afterWarmup?.(warmup);
  const cpuBefore = hub.cpuMs();
  const primaryBefore = hub.primaryCpuMs();
  const driverBefore = process.cpuUsage();
  const windowStart = profileClock();
  const measured = summarize(await fire(hub, spec, seconds));
  const profileWindows = [[windowStart, profileClock()]];
  const cpuUsedMs = hub.cpuMs() - cpuBefore;
  const primaryUsedMs = hub.primaryCpuMs() - primaryBefore;
  const driver = process.cpuUsage(driverBefore);
  const memory = hub.memory.stop();
  return {
    ...measured,
    ...memory,
    // What one request cost the hub in CPU time (all its processes), however busy the machine is.
    cpuMsPerRequest: cpuUsedMs / Math.max(1, measured.requests),
    primaryCpuMsPerRequest: primaryUsedMs / Math.max(1, measured.requests),
    // And what it cost autocannon, which shares the machine's cores with the hub.
    driverCpuMsPerRequest: (driver.user + driver.system) / 1000 / Math.max(1, measured.requests),
    warmupErrors: warmup.errors,
    warmupRequests: warmup.requests,
    // When the measured run was (bench/lib/profile.mjs reads a --profile run's samples inside it).
    profileWindows,
    profileUnits: measured.requests,
  };
};
