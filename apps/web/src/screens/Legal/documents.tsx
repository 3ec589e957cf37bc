import {
  ADR_AGREEMENT_DAYS,
  ADR_SETTLEMENT_MONTHS,
  ARBITRATOR_COUNT,
  CURRENCY,
  DATA_REQUEST_RESPONSE_DAYS,
  MINIMUM_AGE,
  TERMINATION_NOTICE_DAYS,
} from '@hub/core';
import type { ReactNode } from 'react';
import { PRODUCT_NAME } from '../../lib/brand';
import type { LegalRouteId } from '../../lib/legal-pages';

/** A cookie explainer for readers who want to know what a cookie is (spec §2 legal page shell). */
export const COOKIE_EXPLAINER_URL = 'https://www.allaboutcookies.org/';

const Section = ({ title, children }: { title: string; children: ReactNode }) => (
  <section className="mt-8">
    <h2 className="text-lg font-semibold text-slate-900">{title}</h2>
    <div className="mt-2 space-y-3 text-sm leading-6 text-slate-600">{children}</div>
  </section>
);

const ExternalLink = ({ href, children }: { href: string; children: ReactNode }) => (
  <a
    href={href}
    target="_blank"
    rel="noopener noreferrer"
    className="rounded font-medium text-primary-700 underline underline-offset-4"
  >
    {children}
    <span className="sr-only"> (opens in a new tab)</span>
  </a>
);

const MainSiteLink = () => (
  <a href="/" className="rounded font-medium text-primary-700 underline underline-offset-4">
    {PRODUCT_NAME}
  </a>
);

/** Spec §1: the terms (age, currency, termination, disputes and arbitration). */
const Terms = () => (
  <>
    <Section title="Who can use the service">
      <p>
        <MainSiteLink /> is for adults only: you must be {MINIMUM_AGE} years of age or older to create and use
        an account.
      </p>
    </Section>
    <Section title="Prices">
      <p>All prices shown through the service and its partner tools are in {CURRENCY}.</p>
    </Section>
    <Section title="Ending your account">
      <p>You may end your account at any time by giving us {TERMINATION_NOTICE_DAYS} days' written notice.</p>
    </Section>
    <Section title="Disputes">
      <p>
        These terms are governed by Philippine law. If a dispute arises, both parties first try to agree on
        alternative dispute resolution within {ADR_AGREEMENT_DAYS} days and to settle within{' '}
        {ADR_SETTLEMENT_MONTHS} months. A dispute that is not settled goes to arbitration before a panel of{' '}
        {ARBITRATOR_COUNT} arbitrators.
      </p>
    </Section>
  </>
);

/** Spec §1: the data policy (privacy-law compliance, the user's rights, 21-day response). */
const Privacy = () => (
  <>
    <Section title="Our commitment">
      <p>
        We process personal data in compliance with the applicable privacy law, and only to run your account
        and sign you in to the platforms and tools you choose.
      </p>
    </Section>
    <Section title="Your rights">
      <p>
        You may withdraw your consent, and ask us to correct, erase or give you access to your personal data.
        We respond to every request within {DATA_REQUEST_RESPONSE_DAYS} days.
      </p>
    </Section>
  </>
);

/** The cookies policy: only the strictly necessary session cookie (DESIGN.md: server-side sessions). */
const Cookies = () => (
  <>
    <Section title="What we use">
      <p>
        <MainSiteLink /> uses one strictly necessary cookie that keeps you signed in. It cannot be read by
        scripts and is sent only to this site. We do not use advertising or tracking cookies.
      </p>
    </Section>
    <Section title="Learn more">
      <p>
        To learn what cookies are and how to manage them in your browser, see{' '}
        <ExternalLink href={COOKIE_EXPLAINER_URL}>All About Cookies</ExternalLink>.
      </p>
    </Section>
  </>
);

export const legalDocuments: Record<LegalRouteId, () => ReactNode> = {
  terms: Terms,
  privacy: Privacy,
  cookies: Cookies,
};
