/**
 * The promotional video's default player address (spec §1, §7). The server's Content-Security-Policy
 * allows frames from this origin (apps/server/src/app.ts keeps the same default). Read by the app
 * (lib/promo-video.ts) and by vite.config.ts, so it must not touch `import.meta.env`.
 */
export const DEFAULT_PROMO_VIDEO_URL = 'https://www.youtube-nocookie.com/embed/M7lc1UVf-VE';
