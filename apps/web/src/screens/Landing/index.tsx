import { useEffect, useId } from 'react';
import { useTranslation } from 'react-i18next';
import { Logo } from '../../components/Logo';
import { VideoFacade } from '../../components/VideoFacade';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { useInstallPrompt } from '../../hooks/use-install-prompt';
import { documentTitle, PRODUCT_NAME } from '../../lib/brand';
import { offerInstall } from '../../lib/install-prompt';
import { PROMO_VIDEO_URL } from '../../lib/promo-video';
import { PlatformCards } from './PlatformCards';

/** The words on the video's poster: the product's mark and name, and what the video shows. */
const PosterCaption = () => {
  const { t } = useTranslation();
  return (
    <>
      <span className="absolute top-3 left-4 flex items-center gap-2 tablet:top-6 tablet:left-7">
        <Logo size={28} />
        <span className="text-sm font-semibold tablet:text-base">{PRODUCT_NAME}</span>
      </span>
      <span className="absolute inset-x-4 bottom-3 flex flex-col gap-0.5 tablet:inset-x-7 tablet:bottom-6 tablet:gap-1">
        <span className="text-base leading-tight font-extrabold tablet:text-2xl">
          {t('landing.posterTitle', { product: PRODUCT_NAME })}
        </span>
        <span className="text-sm leading-snug text-white/90 tablet:text-base">{t('landing.posterLine')}</span>
      </span>
    </>
  );
};

/**
 * The first-visit install offer (spec §2 install dialog, prompt type 'first'): shown on the landing
 * page as soon as the browser offers to install the app, at most once per tab session.
 */
const useFirstInstallOffer = () => {
  const { prompt } = useInstallPrompt();
  useEffect(() => {
    if (prompt) offerInstall('first');
  }, [prompt]);
};

/**
 * Spec §1 landing: the product tagline, the headline, the '10x' tagline, a quote line, the
 * promotional video (a facade until asked for) and the Personal and Business cards.
 */
const LandingScreen = () => {
  const { t } = useTranslation();
  const headingId = useId();
  useDocumentTitle(documentTitle());
  useFirstInstallOffer();
  return (
    <div data-screen="landing" className="w-full max-w-6xl desktop:px-6">
      <section
        aria-labelledby={headingId}
        className="grid items-center gap-8 desktop:grid-cols-[minmax(0,1fr)_minmax(0,1.1fr)] desktop:gap-12"
      >
        <div className="text-center desktop:text-left">
          <p className="inline-block rounded-full bg-white px-3.5 py-1 text-xs font-semibold text-primary-800 shadow-sm ring-1 ring-primary-100 tablet:text-sm">
            {t('tagline')}
          </p>
          <h1
            id={headingId}
            className="mt-5 text-3xl font-extrabold tracking-tight text-balance text-slate-900 tablet:text-5xl desktop:text-[3.4rem] desktop:leading-[1.05]"
          >
            {t('headline')}
          </h1>
          <p className="mt-4 bg-linear-to-r from-primary-700 to-business-700 bg-clip-text text-base font-extrabold tracking-wider text-transparent tablet:text-lg">
            {t('subline')}
          </p>
          {/* Under the centred hero (phone, tablet) the line is centred with a short bar above it; on
              desktop, where the hero is left-aligned, the bar runs down its left side. */}
          <blockquote className="mx-auto mt-6 max-w-md text-center text-base text-slate-600 italic before:mx-auto before:mb-3 before:block before:h-1 before:w-10 before:rounded-full before:bg-business-500 desktop:mx-0 desktop:border-l-4 desktop:border-business-500 desktop:pl-4 desktop:text-left desktop:before:hidden">
            {/* Spec §1: "a quote line" under the taglines (its words are not given; these are ours). */}
            <p>“{t('landing.quote')}”</p>
          </blockquote>
        </div>
        <div className="mx-auto w-full tablet:max-w-2xl desktop:max-w-none">
          <VideoFacade
            src={PROMO_VIDEO_URL}
            title={t('landing.videoTitle', { product: PRODUCT_NAME })}
            poster="/promo-poster.svg"
            overlay={<PosterCaption />}
          />
        </div>
      </section>
      <PlatformCards />
    </div>
  );
};

export default LandingScreen;
