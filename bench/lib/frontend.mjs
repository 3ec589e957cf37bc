// Front-end weight: the JavaScript and CSS a browser downloads to show a screen the first time,
// read from the production build (apps/web/dist). That is the entry of index.html with its
// modulepreloads and stylesheets, plus the screen's lazy chunk and the dependencies Vite preloads
// with it (its __vite__mapDeps list), plus anything those import statically. Sizes are gzip -9.
import { existsSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { gzipSync } from 'node:zlib';

/** The screens the issue names, by the folder their lazy chunk is named after (screen-<Name>-<hash>.js). */
export const screens = [
  { name: 'landing', path: '/', chunk: 'Landing' },
  { name: 'login', path: '/psl/login', chunk: 'Login' },
  { name: 'sign-up', path: '/psl/registration', chunk: 'Registration' },
];

const reader = (webDist) => (asset) => readFileSync(join(webDist, asset.replace(/^\//, '')));
const staticImports = /(?:^|[;}\s])(?:import|export)\s*(?:[^'"`;()]*?from\s*)?["'`]\.\/([^"'`]+\.js)["'`]/g;

/** The asset and every chunk it imports statically (not its lazy imports). */
const closure = (read, asset, seen = new Set()) => {
  if (seen.has(asset)) return seen;
  seen.add(asset);
  if (!asset.endsWith('.js')) return seen;
  for (const match of read(asset).toString('utf8').matchAll(staticImports)) {
    closure(read, `assets/${match[1]}`, seen);
  }
  return seen;
};

/** `webDist`: a production build of apps/web. */
export const measureFrontEnd = (webDist) => {
  const read = reader(webDist);
  const indexFile = join(webDist, 'index.html');
  if (!existsSync(indexFile)) throw new Error(`no web build at ${webDist}: run npm run build`);
  const html = readFileSync(indexFile, 'utf8');
  const linked = [
    ...html.matchAll(/<script[^>]+src="\/([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]+rel="(?:modulepreload|stylesheet)"[^>]+href="\/([^"]+\.(?:js|css))"/g),
  ].map((m) => m[1]);
  const entry = new Set();
  for (const asset of linked) closure(read, asset, entry);

  // The table of lazy dependencies Vite writes into the entry, and each screen's indexes into it.
  const entrySource = [...entry]
    .filter((a) => a.endsWith('.js'))
    .map((a) => read(a).toString('utf8'))
    .join('\n');
  const table =
    /m\.f=\[([^\]]*)\]/
      .exec(entrySource)?.[1]
      ?.match(/"[^"]+"/g)
      ?.map((s) => s.slice(1, -1)) ?? [];
  const lazy = new Map();
  for (const m of entrySource.matchAll(
    /import\(["'`]\.\/(screen-([A-Za-z0-9]+)-[^"'`]+\.js)["'`]\)(?:\s*,\s*__vite__mapDeps\(\[([\d,]*)\]\))?/g,
  )) {
    const deps = (m[3] ?? '')
      .split(',')
      .filter(Boolean)
      .map((i) => table[Number(i)]);
    lazy.set(m[2], [`assets/${m[1]}`, ...deps]);
  }

  return screens.map((screen) => {
    const assets = new Set(entry);
    const own = lazy.get(screen.chunk);
    if (!own) throw new Error(`no lazy chunk screen-${screen.chunk}-*.js in the build`);
    for (const asset of own) closure(read, asset, assets);
    const sizes = { js: 0, css: 0, jsRaw: 0, cssRaw: 0 };
    for (const asset of assets) {
      const bytes = read(asset);
      const kind = asset.endsWith('.css') ? 'css' : 'js';
      sizes[kind] += gzipSync(bytes, { level: 9 }).length;
      sizes[`${kind}Raw`] += bytes.length;
    }
    return { ...screen, files: assets.size, ...sizes };
  });
};
