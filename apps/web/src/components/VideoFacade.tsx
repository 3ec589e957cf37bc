import { type ReactNode, useEffect, useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { autoplayUrl } from '../lib/promo-video';

interface VideoFacadeProps {
  /** The provider's player (embed) address. */
  src: string;
  /** Names the video for the play button and the player frame. */
  title: string;
  /** A local image: the facade makes no request to the provider before the visitor asks. */
  poster: string;
  /**
   * Words drawn over the poster as page text, not inside the image, so they keep a readable size
   * on a phone (text in a 1280 px image shrinks with it). Decorative: the button's name says it all.
   */
  overlay?: ReactNode;
}

/**
 * A poster with a play button that loads the provider's player only when pressed (spec §1's
 * promotional video, without its scripts and cookies on every visit). The player then starts at
 * once and takes the focus, so a keyboard user lands in it.
 */
export const VideoFacade = ({ src, title, poster, overlay }: VideoFacadeProps) => {
  const { t } = useTranslation();
  const offlineId = useId();
  const [playing, setPlaying] = useState(false);
  // Offline, the provider's player would open as a grey broken frame: the poster stays and says why.
  const [offline, setOffline] = useState(false);
  const frameRef = useRef<HTMLIFrameElement>(null);

  useEffect(() => {
    if (playing) frameRef.current?.focus();
  }, [playing]);

  useEffect(() => {
    if (!playing) return;
    const wentOffline = () => {
      setPlaying(false);
      setOffline(true);
    };
    window.addEventListener('offline', wentOffline);
    return () => window.removeEventListener('offline', wentOffline);
  }, [playing]);

  const play = () => {
    const online = navigator.onLine !== false;
    setOffline(!online);
    if (online) setPlaying(true);
  };

  return (
    <>
      <div
        data-testid="promo-video"
        className="relative aspect-video w-full overflow-hidden rounded-2xl bg-primary-900 shadow-lg ring-1 ring-slate-900/10"
      >
        {playing ? (
          <iframe
            ref={frameRef}
            src={autoplayUrl(src)}
            title={title}
            allow="autoplay; encrypted-media; picture-in-picture; fullscreen"
            allowFullScreen
            referrerPolicy="strict-origin-when-cross-origin"
            className="absolute inset-0 size-full border-0"
          />
        ) : (
          <button
            type="button"
            onClick={play}
            aria-describedby={offline ? offlineId : undefined}
            aria-label={t('video.play', { title })}
            className="group absolute inset-0 size-full cursor-pointer focus-visible:outline-offset-[-4px]"
          >
            <img
              src={poster}
              alt=""
              width={1280}
              height={720}
              decoding="async"
              fetchPriority="high"
              className="size-full object-cover"
            />

            <span
              aria-hidden="true"
              // On a phone the poster is short: a smaller button, a little above the centre, leaves the
              // caption at the foot of the poster uncovered.
              className="absolute inset-0 m-auto flex size-12 -translate-y-5 items-center justify-center rounded-full bg-white/95 text-primary-700 shadow-xl ring-6 ring-white/25 transition-transform group-hover:scale-110 motion-reduce:transition-none tablet:size-20 tablet:translate-y-0 tablet:ring-8"
            >
              <svg
                viewBox="0 0 24 24"
                aria-hidden="true"
                className="ml-0.5 size-6 tablet:ml-1 tablet:size-8"
                fill="currentColor"
              >
                <path d="M8 5.5v13a1 1 0 0 0 1.52.85l10.4-6.5a1 1 0 0 0 0-1.7L9.52 4.65A1 1 0 0 0 8 5.5Z" />
              </svg>
            </span>
          </button>
        )}
        {/* Beside the button, not in it: the button's name stays the one its label says; clicks pass through. */}
        {!playing && overlay && (
          <div aria-hidden="true" className="pointer-events-none absolute inset-0 text-left text-white">
            {overlay}
          </div>
        )}
      </div>
      {offline && (
        <p
          id={offlineId}
          role="status"
          data-testid="promo-video-offline"
          className="mt-3 rounded-lg bg-amber-50 px-3 py-2 text-sm text-amber-900 ring-1 ring-amber-200"
        >
          {t('video.offline')}
        </p>
      )}
    </>
  );
};
