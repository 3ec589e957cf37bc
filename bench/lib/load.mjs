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

const fireOptions = (hub, spec, seconds) => ({
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

const fire = (hub, spec, seconds) => autocannon(fireOptions(hub, spec, seconds));

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

/**
 * One scenario on two hubs at once (`pairs`: [{ hub, spec }, { hub, spec }]), for a ratio between
 * them: each warms up, then the measured time is cut into slices of `sliceSeconds` that alternate
 * between the hubs, the order turned every slice (A B, B A, A B…). This guest's speed drops by a
 * third for a second or two at a time (docs/performance.md "At a million accounts"), which two runs
 * of ten seconds each, one after the other, take unequally; slices a second long take it alike.
 * Returns one result per hub, shaped as runScenario's, its latencies from all its slices.
 */
export const runScenarioPair = async (pairs, { warmupSeconds, seconds }, sliceSeconds = 1) => {
  const sides = pairs.map(({ hub, spec }) => ({
    hub,
    spec,
    slices: [],
    cpuMs: 0,
    primaryCpuMs: 0,
    driverMs: 0,
    profileWindows: [],
  }));
  for (const side of sides) side.hub.memory.start();
  for (const side of sides) {
    side.warmup = summarize(await fire(side.hub, side.spec, warmupSeconds));
    await side.hub.settle();
    await side.spec.afterWarmup?.(side.warmup);
  }
  const count = Math.max(2, Math.round(seconds / sliceSeconds));
  for (let slice = 0; slice < count; slice += 1) {
    for (const side of slice % 2 ? [...sides].reverse() : sides) {
      const cpuBefore = side.hub.cpuMs();
      const primaryBefore = side.hub.primaryCpuMs();
      const driverBefore = process.cpuUsage();
      const windowStart = profileClock();
      side.slices.push(
        await autocannon({ ...fireOptions(side.hub, side.spec, sliceSeconds), skipAggregateResult: true }),
      );
      side.profileWindows.push([windowStart, profileClock()]);
      side.cpuMs += side.hub.cpuMs() - cpuBefore;
      side.primaryCpuMs += side.hub.primaryCpuMs() - primaryBefore;
      const driver = process.cpuUsage(driverBefore);
      side.driverMs += (driver.user + driver.system) / 1000;
    }
  }
  return sides.map((side) => {
    const memory = side.hub.memory.stop();
    const all = autocannon.aggregateResult(side.slices, fireOptions(side.hub, side.spec, sliceSeconds));
    const requests = side.slices.reduce((sum, s) => sum + s.totalCompletedRequests, 0);
    const measuredSeconds = side.slices.reduce((sum, s) => sum + s.duration, 0);
    const per = (ms) => ms / Math.max(1, requests);
    return {
      // The aggregate's latencies and counts; its rate and duration are the first slice's.
      ...summarize(all),
      requestsPerSecond: requests / measuredSeconds,
      requests,
      seconds: measuredSeconds,
      ...memory,
      cpuMsPerRequest: per(side.cpuMs),
      primaryCpuMsPerRequest: per(side.primaryCpuMs),
      driverCpuMsPerRequest: per(side.driverMs),
      warmupErrors: side.warmup.errors,
      warmupRequests: side.warmup.requests,
      profileWindows: side.profileWindows,
      profileUnits: requests,
      slices: side.slices.length,
    };
  });
};
