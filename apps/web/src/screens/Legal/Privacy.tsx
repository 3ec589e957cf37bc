import { CODE_TTL_SECONDS, DATA_REQUEST_RESPONSE_DAYS } from '@hub/core';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../lib/brand';
import { legalPages } from '../../lib/legal-pages';
import { List, MainSiteLink, Section, spelled } from './parts';

const cookies = legalPages.find((page) => page.id === 'cookies')!;

/** Spec §1 data policy: privacy-law compliance; withdraw consent, correct, erase, access; answered within 21 days. */
export const Privacy = () => (
  <>
    <Section title="1. Our commitment">
      <p>
        This policy explains how <MainSiteLink /> collects, uses and protects your personal data. We process
        personal data in compliance with the Data Privacy Act of 2012 (Republic Act No. 10173), its
        implementing rules, and the other privacy laws that apply to us.
      </p>
    </Section>
    <Section title="2. What we collect">
      <List>
        <li>
          The account you sign up with: your email address, and a mobile number or username if you add one.
        </li>
        <li>Your password, kept only as a one-way hash: nobody, including us, can read it back.</li>
        <li>Your account type and the platforms and partner tools you sign in to.</li>
        <li>
          Security records: the time, IP address and outcome of sign-ins, verification codes and password
          changes.
        </li>
        <li>Your first and last name, when a partner tool passes them to us as you sign up from it.</li>
      </List>
    </Section>
    <Section title="3. Why we use it">
      <p>
        To create your account, sign you in to the platforms and tools you choose, send you verification
        codes, protect your account against misuse, and meet our legal obligations. We do not sell your
        personal data and do not use it for advertising.
      </p>
    </Section>
    <Section title="4. Who we share it with">
      <List>
        <li>
          The Personal or Business platform, or the partner tool, you sign in to: we confirm who you are to
          it, with your account's identifier and type.
        </li>
        <li>The providers who deliver our email, bound to use your data only for that.</li>
        <li>Public authorities, when the law requires it.</li>
      </List>
    </Section>
    <Section title="5. How we protect it and how long we keep it">
      <p>
        Passwords are hashed, verification codes expire after {CODE_TTL_SECONDS / 60} minutes and can be used
        only once, and your sign-in session is kept in a cookie that scripts cannot read. We keep your data
        while your account exists, and security records only as long as needed to protect accounts and meet
        the law.
      </p>
    </Section>
    <Section title="6. Your rights">
      <p>As a data subject you may, at any time:</p>
      <List>
        <li>
          <strong className="font-semibold text-slate-900">withdraw your consent</strong> to the processing of
          your personal data;
        </li>
        <li>
          <strong className="font-semibold text-slate-900">correct</strong> personal data that is inaccurate
          or incomplete;
        </li>
        <li>
          <strong className="font-semibold text-slate-900">erase</strong> your personal data, or have it
          blocked;
        </li>
        <li>
          <strong className="font-semibold text-slate-900">access</strong> your personal data and learn how it
          is processed.
        </li>
      </List>
      <p>
        We respond to every request within {spelled(DATA_REQUEST_RESPONSE_DAYS)} days of receiving it. You
        also keep your other rights under the Data Privacy Act, including the right to object, to data
        portability and to file a complaint with the National Privacy Commission.
      </p>
    </Section>
    <Section title="7. How to reach us">
      <p>
        To exercise your rights or ask about this policy, write to the {PRODUCT_NAME} Data Protection Officer
        through the contact details on our main site, <MainSiteLink />. We may ask you to confirm who you are
        first, so that nobody else can read or change your data.
      </p>
    </Section>
    <Section title="8. Cookies">
      <p>
        How we use cookies is explained in our{' '}
        <Link to={cookies.path} className="rounded font-medium text-primary-700 underline underline-offset-4">
          {cookies.label}
        </Link>
        .
      </p>
    </Section>
  </>
);
