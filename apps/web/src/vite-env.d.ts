/// <reference types="vite/client" />

interface ImportMetaEnv {
  /** The landing page's promotional video: a player (embed) address of the video provider. */
  readonly VITE_PROMO_VIDEO_URL?: string;
}

interface ImportMeta {
  readonly env: ImportMetaEnv;
}
