import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PRODUCT_NAME } from '../../lib/brand';

/** Spec §2 legal page shell: a page for readers who want to know what cookies are. */
export const COOKIE_EXPLAINER_URL = 'https://www.allaboutcookies.org/';

const numberWords: Readonly<Record<number, string>> = {
  2: 'two',
  3: 'three',
  7: 'seven',
  14: 'fourteen',
  18: 'eighteen',
  21: 'twenty-one',
};

/** Legal style for a number: 'seven (7)'. */
export const spelled = (value: number): string => {
  const word = numberWords[value];
  return word ? `${word} (${value})` : String(value);
};

/** The Filipino words, with the linker the noun after them takes ('pitong (7) araw'). */
const numberWordsFil: Readonly<Record<number, string>> = {
  2: 'dalawang',
  3: 'tatlong',
  7: 'pitong',
  14: 'labing-apat na',
  18: 'labingwalong',
  21: 'dalawampu’t isang',
};

/** Filipino legal style for a number before its noun: 'pitong (7)', 'labing-apat na (14)'. */
export const spelledFil = (value: number): string => {
  const word = numberWordsFil[value];
  return word ? `${word} (${value})` : String(value);
};

export const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="mt-8">
    <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
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
