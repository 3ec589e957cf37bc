import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';

const coreSource = fileURLToPath(new URL('./packages/core/src/index.ts', import.meta.url));
const filCatalogue = fileURLToPath(new URL('./packages/core/src/i18n/fil/index.ts', import.meta.url));
const accountTexts = fileURLToPath(new URL('./packages/core/src/i18n/account.ts', import.meta.url));
const adminTexts = fileURLToPath(new URL('./packages/core/src/i18n/admin.ts', import.meta.url));

export default defineConfig({
  resolve: {
    alias: [
      { find: /^@hub\/core$/, replacement: coreSource },
      { find: /^@hub\/core\/i18n\/fil$/, replacement: filCatalogue },
      { find: /^@hub\/core\/i18n\/account$/, replacement: accountTexts },
      { find: /^@hub\/core\/i18n\/admin$/, replacement: adminTexts },
    ],
  },
  test: {
    // Two files at a time even on two cores (Vitest's default is one fewer than the cores): a
    // database test waits on PostgreSQL, SQLite's file and the hashing threads most of its time,
    // and every file has its own databases, Redis prefix and addresses, so two never meet.
    maxWorkers: 2,
    // A worker runs its files one after another in one module graph instead of a fresh one each:
    // importing the server's modules anew was 1.3 s of every file, 204 s of the unit stage's CPU
    // (docs/development.md "Files share a worker"). The web and browser files keep their own.
    isolate: false,
    projects: [
      {
        extends: true,
        // Property tests run hundreds of cases; on a busy 2-core machine 5 s is not always enough.
        test: { name: 'core', include: ['packages/core/src/**/*.test.ts'], testTimeout: 20_000 },
      },
      {
        extends: true,
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
        },
      },
      {
        extends: true,
        // The web app's reducers and components: no server, no browser, a simulated DOM.
        test: {
          name: 'web',
          include: ['apps/web/src/**/*.test.{ts,tsx}'],
          environment: 'happy-dom',
          // A process a file: the app's i18next instance and its language are module state that a
          // component test changes, and the next file's wording must not inherit it.
          isolate: true,
          setupFiles: ['apps/web/src/test-setup.ts'],
          testTimeout: 20_000,
        },
      },
      {
        extends: true,
        // Two browser files at a time: each has its own hub processes, ports, databases, Redis
        // prefix and Chromium (docs/development.md "Browser tests in parallel"). Two, not one per
        // core: a file is a hub, a browser and the test worker at once. A maxWorkers of its own
        // needs a group of its own, so the e2e files run after the other projects' when all run.
        test: {
          name: 'e2e',
          include: ['e2e/**/*.test.ts'],
          testTimeout: 60_000,
          hookTimeout: 120_000,
          maxWorkers: 2,
          // A worker's files share one module graph, as the server's do: importing Playwright, the
          // core package and the test support anew was 1.6 s of every file (62 s of a CI run's
          // browser stage). Each file still starts and stops its own hub, browser and sink.
          isolate: false,
          sequence: { groupOrder: 1 },
        },
      },
    ],
  },
});
