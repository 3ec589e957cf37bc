// Reads the V8 CPU profiles a `--profile` run leaves (node --cpu-prof) and lists where the time
// went: self time per function, and per package or source folder, heaviest first.
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

export const summarizeProfiles = (dir, top = 25) => {
  const byFunction = new Map();
  const byPlace = new Map();
  let total = 0;
  for (const file of readdirSync(dir).filter((f) => f.endsWith('.cpuprofile'))) {
    const profile = JSON.parse(readFileSync(join(dir, file), 'utf8'));
    const nodes = new Map(profile.nodes.map((n) => [n.id, n]));
    const deltas = profile.timeDeltas;
    for (const [i, id] of profile.samples.entries()) {
      const node = nodes.get(id);
      const ms = (deltas[i] ?? 0) / 1000;
      const { functionName, url, lineNumber } = node.callFrame;
      // Waiting is not work: the shares below are of the time the process was busy.
      if (functionName === '(idle)') continue;
      const place = placeOf(url, functionName);
      const name = `${functionName || '(anonymous)'} ${place}${url && !url.includes('node_modules') ? `:${lineNumber + 1}` : ''}`;
      byFunction.set(name, (byFunction.get(name) ?? 0) + ms);
      byPlace.set(place, (byPlace.get(place) ?? 0) + ms);
      total += ms;
    }
  }
  const list = (map) =>
    [...map]
      .sort((a, b) => b[1] - a[1])
      .slice(0, top)
      .map(([name, ms]) => `${((ms / total) * 100).toFixed(1).padStart(5)} %  ${name}`)
      .join('\n');
  return `Self time by function:\n${list(byFunction)}\n\nSelf time by package or folder:\n${list(byPlace)}`;
};

if (process.argv[1] === new URL(import.meta.url).pathname) {
  process.stdout.write(`${summarizeProfiles(process.argv[2], Number(process.argv[3] ?? 25))}\n`);
}
