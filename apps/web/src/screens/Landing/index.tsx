import { labels, type Platform, platformProductNames, routePath } from '@hub/core';
import { useId } from 'react';
import { Link } from 'react-router';
import { useDocumentTitle } from '../../hooks/use-document-title';
import { documentTitle, PRODUCT_NAME } from '../../lib/brand';
import { cx } from '../../lib/class-names';

const platformCards: ReadonlyArray<{ platform: Platform; title: string; text: string }> = [
  {
    platform: 'psl',
    title: labels.personalCard,
    text: 'Your personal account for your career, your jobs and your tools.',
  },
  {
    platform: 'biz',
    title: labels.businessCard,
    text: 'Your business account for your company, your team and your tools.',
  },
];

const cardColours: Record<Platform, { bar: string; button: string; outline: string }> = {
  psl: {
    bar: 'bg-primary-600',
    button: 'bg-primary-600 hover:bg-primary-700',
    outline: 'text-primary-700 ring-primary-200 hover:bg-primary-50',
  },
  biz: {
    bar: 'bg-business-600',
    button: 'bg-business-700 hover:bg-business-800',
    outline: 'text-business-700 ring-business-200 hover:bg-business-50',
  },
};

/** Spec §1 landing: the headline, the taglines and the Personal and Business cards. */
const LandingScreen = () => {
  const headingId = useId();
  useDocumentTitle(documentTitle());
  return (
    <section data-screen="landing" aria-labelledby={headingId} className="w-full max-w-5xl">
      <div className="rounded-3xl bg-white px-6 py-10 text-center shadow-sm ring-1 ring-slate-900/5 tablet:px-10 tablet:py-14">
        <p className="text-sm font-semibold tracking-wide text-primary-700">{PRODUCT_NAME}</p>
        <h1
          id={headingId}
          className="mt-3 text-3xl font-extrabold tracking-tight text-balance text-slate-900 tablet:text-4xl desktop:text-5xl"
        >
          {labels.headline}
        </h1>
        <p className="mt-4 text-lg text-slate-600">{labels.tagline}</p>
        <p className="mt-3 bg-linear-to-r from-primary-600 to-business-700 bg-clip-text text-sm font-bold tracking-wider text-transparent">
          {labels.subline}
        </p>
      </div>
      <ul className="mt-6 grid gap-6 tablet:grid-cols-2">
        {platformCards.map(({ platform, title, text }) => (
          <li
            key={platform}
            className="relative flex flex-col overflow-hidden rounded-2xl bg-white p-6 shadow-sm ring-1 ring-slate-900/5 tablet:p-8"
          >
            <span
              aria-hidden="true"
              className={cx('absolute inset-x-0 top-0 h-1', cardColours[platform].bar)}
            />
            <p className="text-xs font-semibold tracking-wider text-slate-500 uppercase">
              {platformProductNames[platform]}
            </p>
            <h2 className="mt-2 text-xl font-semibold tracking-tight text-slate-900">{title}</h2>
            <p className="mt-2 text-sm leading-6 text-slate-600">{text}</p>
            <div className="mt-auto flex flex-wrap gap-3 pt-6">
              <Link
                to={routePath('registration', { platform })}
                className={cx(
                  'rounded-lg px-4 py-2.5 text-sm font-semibold text-white shadow-sm',
                  cardColours[platform].button,
                )}
              >
                Sign up
              </Link>
              <Link
                to={routePath('login', { platform })}
                className={cx(
                  'rounded-lg px-4 py-2.5 text-sm font-semibold ring-1',
                  cardColours[platform].outline,
                )}
              >
                Log in
              </Link>
            </div>
          </li>
        ))}
      </ul>
    </section>
  );
};

export default LandingScreen;
