import {
  ADR_AGREEMENT_DAYS,
  ADR_SETTLEMENT_MONTHS,
  ARBITRATOR_COUNT,
  CODE_TTL_SECONDS,
  DATA_REQUEST_RESPONSE_DAYS,
  MINIMUM_AGE,
  TERMINATION_NOTICE_DAYS,
} from '@hub/core';
import { type ReactNode, useMemo } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../lib/brand';
import { type LegalRouteId, legalPages } from '../../lib/legal-pages';
import { type RichTags, type RichValues, richText } from './rich';
import type { LegalWords } from './words';

/** Spec §2 legal page shell: a page for readers who want to know what cookies are. */
export const COOKIE_EXPLAINER_URL = 'https://www.allaboutcookies.org/';

/** A numbered section of a document: the number is the structure's, the title the language's. */
export const Section = ({
  number,
  title,
  children,
}: {
  number: number;
  title: string;
  children: ReactNode;
}) => (
  <section className="mt-8">
    <h2 className="text-lg font-semibold text-slate-900">{`${number}. ${title}`}</h2>
    <div className="mt-2 space-y-3 text-[0.9375rem] leading-7 text-slate-700">{children}</div>
  </section>
);

export const List = ({ children }: { children: ReactNode }) => (
  <ul className="list-disc space-y-1.5 pl-5 marker:text-slate-400">{children}</ul>
);

/** A link that opens in a new tab, and says so to screen readers. */
export const NewTabLink = ({ href, children }: { href: string; children: ReactNode }) => {
  const { t } = useTranslation();
  return (
    <a
      href={href}
      target="_blank"
      rel="noopener noreferrer"
      className="rounded font-medium text-primary-700 underline underline-offset-4 hover:text-primary-900"
    >
      {children}
      <span className="sr-only">{t('opensInNewTab')}</span>
    </a>
  );
};

/** Issue #18: a translated legal page says that the English version governs. */
export const GoverningNote = () => {
  const { t } = useTranslation();
  return (
    <p
      data-testid="legal-governs"
      className="mt-4 rounded-lg bg-amber-50 px-4 py-3 text-sm text-amber-900 ring-1 ring-amber-200 ring-inset"
    >
      {t('legal.governs')}
    </p>
  );
};

/** Spec §2: the legal pages link to the product's main site. */
export const MainSiteLink = () => <NewTabLink href="/">{PRODUCT_NAME}</NewTabLink>;

export const CookieExplainerLink = ({ children }: { children: ReactNode }) => (
  <NewTabLink href={COOKIE_EXPLAINER_URL}>{children}</NewTabLink>
);

/** Another legal page, named in the reader's language. */
export const LegalPageLink = ({ id }: { id: LegalRouteId }) => {
  const { t } = useTranslation();
  const page = legalPages.find((candidate) => candidate.id === id)!;
  return (
    <Link to={page.path} className="rounded font-medium text-primary-700 underline underline-offset-4">
      {t(page.labelKey)}
    </Link>
  );
};

/** What the documents' words may name: spec §1's facts, spelled as the language spells numbers. */
export const legalValues = (words: LegalWords): RichValues => ({
  product: PRODUCT_NAME,
  currency: words.currency,
  age: words.spell(MINIMUM_AGE),
  noticeDays: words.spell(TERMINATION_NOTICE_DAYS),
  agreeDays: words.spell(ADR_AGREEMENT_DAYS),
  settleMonths: words.spell(ADR_SETTLEMENT_MONTHS),
  arbitrators: words.spell(ARBITRATOR_COUNT),
  responseDays: words.spell(DATA_REQUEST_RESPONSE_DAYS),
  minutes: CODE_TTL_SECONDS / 60,
});

/** The elements the documents' words may place: the links and the bold words. */
export const legalTags: RichTags = {
  main: <MainSiteLink />,
  privacy: <LegalPageLink id="privacy" />,
  cookies: <LegalPageLink id="cookies" />,
  explainer: <CookieExplainerLink>All About Cookies</CookieExplainerLink>,
  b: <strong className="font-semibold text-slate-900" />,
};

/** A text of the words as React nodes, its values and elements filled in. */
export const useLegalText = (words: LegalWords) =>
  useMemo(() => {
    const values = legalValues(words);
    return (text: string) => richText(text, values, legalTags);
  }, [words]);

/** A list whose items are the language's. */
export const Items = ({ items, text }: { items: readonly string[]; text: (words: string) => ReactNode }) => (
  <List>
    {items.map((item) => (
      <li key={item}>{text(item)}</li>
    ))}
  </List>
);

/** What each document is given: the reader's language's words. */
export interface DocumentProps {
  words: LegalWords;
}
