// Which build of the server `serve.cjs` runs: the minified bundle `npm run build` makes
// (dist/hub.bundle.js, scripts/bundle.mjs: about 15 MiB less resident under logins than tsc's
// 800-odd files, docs/performance.md "Memory") when it is at least as new as tsc's last build of
// the server and of @hub/core; else tsc's dist/main.js, so a `tsc -b` without the bundle step never
// serves stale code. The bench asks the same question before it measures (bench/run.mjs): a hub
// that falls back to the modules measures their memory, not the one a deployment runs.
'use strict';
const { statSync } = require('node:fs');
const { join } = require('node:path');

const modifiedAt = (file) => {
  try {
    return statSync(file).mtimeMs;
  } catch {
    return -1;
  }
};

/** The file to run and whether it is the bundle, for the server whose `bin` folder is `binDir`. */
const servedEntry = (binDir = __dirname) => {
  const dist = join(binDir, '../dist');
  const builtAt = Math.max(
    modifiedAt(join(dist, '.tsbuildinfo')),
    modifiedAt(join(binDir, '../../../packages/core/dist/.tsbuildinfo')),
  );
  const bundle = modifiedAt(join(dist, 'hub.bundle.js')) >= builtAt;
  return { file: join(dist, bundle ? 'hub.bundle.js' : 'main.js'), bundle };
};

module.exports = { servedEntry };
