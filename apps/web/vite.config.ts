import { fileURLToPath } from 'node:url';
import tailwindcss from '@tailwindcss/vite';
import react from '@vitejs/plugin-react';
import { defineConfig, loadEnv } from 'vite';
import { DEFAULT_PROMO_VIDEO_URL } from './src/lib/promo-video-default.ts';
import { precompressAssets, stampServiceWorker } from './vite-plugins.ts';

const coreSource = fileURLToPath(new URL('../../packages/core/src/index.ts', import.meta.url));
/** The Filipino catalogue: its own chunk, loaded only for people who read Filipino (src/i18n). */
const filCatalogue = fileURLToPath(new URL('../../packages/core/src/i18n/fil/index.ts', import.meta.url));
/** The account center's texts: in the account center's lazy chunk (src/screens/Account/texts.ts). */
const accountTexts = fileURLToPath(new URL('../../packages/core/src/i18n/account.ts', import.meta.url));
/** The operator console's texts: in the console's lazy chunk (src/screens/Admin/texts.ts). */
const adminTexts = fileURLToPath(new URL('../../packages/core/src/i18n/admin.ts', import.meta.url));

/**
 * The hub server (apps/server) answers everything but the web app's pages and files; in development
 * (`npm run dev`, scripts/dev.mjs, which names it in HUB_DEV_SERVER) Vite forwards these paths to
 * it, the Host header unchanged. `/sso/rqx` is a page of the web app; the rest of `/sso/` is the server's.
 */
const hubServer = process.env.HUB_DEV_SERVER || 'http://127.0.0.1:3010';
const proxiedPaths = [
  '/api',
  '/healthz',
  '/readyz',
  '/.well-known',
  '/dev/',
  '/demo/',
  '/auth/',
  '/oidc/',
  '/favicon.ico',
  '^/sso/(?!rqx(?:[?#]|$))',
];

/**
 * Names each screen's lazy chunk after its folder (screens/Login/index.tsx → screen-Login-[hash].js),
 * core's, and the one holding zod (loaded only by the screens that validate with it).
 */
const chunkFileNames = (chunk: { facadeModuleId: string | null; moduleIds: string[] }): string => {
  const screen = chunk.facadeModuleId?.match(/\/screens\/([^/]+)\/index\.tsx$/)?.[1];
  if (screen) return `assets/screen-${screen}-[hash].js`;
  if (chunk.facadeModuleId === filCatalogue) return 'assets/i18n-fil-[hash].js';
  if (chunk.moduleIds.includes(coreSource)) return 'assets/core-[hash].js';
  if (chunk.moduleIds.some((id) => id.includes('/node_modules/zod/'))) return 'assets/zod-[hash].js';
  return 'assets/[name]-[hash].js';
};

/**
 * The Content-Security-Policy the hub server sends. `vite preview` sends it too, so a build that
 * needs an inline script or style fails there first. (The dev server cannot: React Refresh injects
 * an inline script.)
 */
const contentSecurityPolicy = (promoVideoUrl: string) =>
  [
    "default-src 'self'",
    "script-src 'self'",
    "style-src 'self'",
    "img-src 'self' data:",
    "connect-src 'self'",
    "font-src 'self'",
    `frame-src ${new URL(promoVideoUrl).origin}`,
    "manifest-src 'self'",
    "worker-src 'self'",
    "object-src 'none'",
    "base-uri 'self'",
    "frame-ancestors 'none'",
  ].join('; ');

export default defineConfig(({ mode }) => ({
  plugins: [react(), tailwindcss(), stampServiceWorker(), precompressAssets()],
  resolve: {
    alias: [
      { find: /^@hub\/core$/, replacement: coreSource },
      { find: /^@hub\/core\/i18n\/fil$/, replacement: filCatalogue },
      { find: /^@hub\/core\/i18n\/account$/, replacement: accountTexts },
      { find: /^@hub\/core\/i18n\/admin$/, replacement: adminTexts },
    ],
  },
  server: {
    proxy: Object.fromEntries(proxiedPaths.map((path) => [path, { target: hubServer }])),
  },
  preview: {
    headers: {
      'Content-Security-Policy': contentSecurityPolicy(
        loadEnv(mode, process.cwd(), 'VITE_').VITE_PROMO_VIDEO_URL || DEFAULT_PROMO_VIDEO_URL,
      ),
    },
  },
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    assetsDir: 'assets',
    rolldownOptions: {
      output: {
        entryFileNames: 'assets/[name]-[hash].js',
        chunkFileNames,
        // Everything the first page loads statically is one chunk. Left to itself, the bundler cut
        // the modules that the first load shares with a lazy chunk (core's routes and messages,
        // shared with the Filipino catalogue and the screens) into a dozen small files, and a dozen
        // gzip streams and requests cost the landing page more than one.
        codeSplitting: { groups: [{ name: 'app', tags: ['$initial'] }] },
        assetFileNames: 'assets/[name]-[hash][extname]',
      },
    },
  },
}));
