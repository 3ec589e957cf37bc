// Reads the V8 CPU profiles a `--profile` run leaves (node --cpu-prof) and lists where the time
// went: self CPU time per function, and per package or source folder, heaviest first. Given the
// windows a scenario ran in (microseconds of the monotonic clock, which V8's profile timestamps
// share with process.hrtime on Linux) and the work done in them, it lists CPU time per request
// instead of shares, so a profile of one change can be compared with the profile of another.
import { readdirSync, readFileSync } from 'node:fs';
import { join, relative } from 'node:path';
import { root } from './paths.mjs';

const placeOf = (url, functionName) => {
  if (!url) return functionName.startsWith('(') ? functionName : '(native)';
  const path = url.replace(/^file:\/\//, '');
  const pkg = /node_modules\/((?:@[^/]+\/)?[^/]+)/.exec(path)?.[1];
  if (pkg) return pkg;
  if (path.startsWith('node:')) return path;
  return relative(root, path).split('/').slice(0, 4).join('/');
};

/** Now on the clock of the profiles' timestamps, in microseconds. */
export const profileClock = () => Number(process.hrtime.bigint() / 1000n);

/**
 * `windows`: [[startUs, endUs], …] to count only the samples inside them; `per`: what the busy
 * time is divided by (requests, logins) to list milliseconds per unit instead of shares.
 */
export const summarizeProfiles = (dir, { top = 25, windows, per } = {}) => {
  const byFunction = new Map();
  const byPlace = new Map();
  let total = 0;
  const inWindow = (t) => !windows || windows.some(([start, end]) => t >= start && t <= end);
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const deltas = profile.timeDeltas;
    // CPU time, not wall time: V8 samples on a wall clock, and a thread the OS has descheduled (a
    // busy machine) is sampled once it runs again, with the whole wait as its delta, charged to
    // whatever it was doing. Each sample counts as one sampling interval (the median delta) instead.
    const interval = [...deltas].sort((a, b) => a - b)[Math.floor(deltas.length / 2)] ?? 0;
    const ms = interval / 1000;
    let t = profile.startTime;
    for (const [i, id] of profile.samples.entries()) {
      t += deltas[i] ?? 0;
      if (!inWindow(t)) continue;
      const node = nodes.get(id);
      const { functionName, url, lineNumber } = node.callFrame;
      // Waiting is not work: the figures below are of the time the process was busy.
      if (functionName === '(idle)') continue;
      const place = placeOf(url, functionName);
      const name = `${functionName || '(anonymous)'} ${place}${url && !url.includes('node_modules') ? `:${lineNumber + 1}` : ''}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
      byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
      total += ms;
    }
  }
  const show = (ms) =>
    per
      ? `${((ms / per) * 1000).toFixed(1).padStart(7)} µs`
      : `${((ms / total) * 100).toFixed(1).padStart(5)} %`;
  const list = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => `${show(ms)}  ${name}`)
      .join('\n');
  const head = per
    ? `Event-loop CPU time: ${((total / per) * 1000).toFixed(0)} µs per unit (${per} units, ${total.toFixed(0)} ms)\n\n`
    : '';
  return `${head}Self time by function:\n${list(byFunction)}\n\nSelf time by package or folder:\n${list(byPlace)}`;
};

if (process.argv[1] === new URL(import.meta.url).pathname) {
  process.stdout.write(`${summarizeProfiles(process.argv[2], { top: Number(process.argv[3] ?? 25) })}\n`);
}
