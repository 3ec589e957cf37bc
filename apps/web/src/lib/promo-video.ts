import { DEFAULT_PROMO_VIDEO_URL } from './promo-video-default';

/**
 * The landing page's promotional video (spec §1, §7). Configuration: VITE_PROMO_VIDEO_URL at build
 * time, a player (embed) address. The server's Content-Security-Policy allows frames from the
 * default's origin only (apps/server/src/app.ts), so another origin needs that changed too.
 */
export const PROMO_VIDEO_URL = import.meta.env.VITE_PROMO_VIDEO_URL || DEFAULT_PROMO_VIDEO_URL;

/** The player's address once the visitor has asked for the video: it starts playing at once. */
export const autoplayUrl = (url: string): string => {
  const player = new URL(url);
  player.searchParams.set('autoplay', '1');
  return player.href;
};
