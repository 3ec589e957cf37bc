import { join } from 'node:path';
import { fileURLToPath } from 'node:url';

export const root = fileURLToPath(new URL('../..', import.meta.url));
export const serverDist = join(root, 'apps/server/dist');
export const webDist = join(root, 'apps/web/dist');
export const resultsDir = join(root, 'bench/results');

/** A module of the built server, as a URL `import()` takes. */
export const dist = (path) => new URL(`../../apps/server/dist/${path}`, import.meta.url).href;
