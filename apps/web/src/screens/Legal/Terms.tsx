import {
  ADR_AGREEMENT_DAYS,
  ADR_SETTLEMENT_MONTHS,
  ARBITRATOR_COUNT,
  CURRENCY,
  MINIMUM_AGE,
  TERMINATION_NOTICE_DAYS,
} from '@hub/core';
import { Link } from 'react-router';
import { PRODUCT_NAME } from '../../lib/brand';
import { legalPages } from '../../lib/legal-pages';
import { List, MainSiteLink, Section, spelled } from './parts';

const privacy = legalPages.find((page) => page.id === 'privacy')!;

/** Spec §1 terms: adults only (18+), prices in Philippine Peso, termination notice, Philippine law and arbitration. */
export const Terms = () => (
  <>
    <Section title="1. About these terms">
      <p>
        These terms govern your use of <MainSiteLink />, the single account and sign-in service for the
        Personal and Business platforms and the partner tools connected to them (a marketplace, chat, shop,
        HR, jobs, referral and wallet tools, among others). By creating an account or signing in, you agree to
        these terms. Please read them together with our{' '}
        <Link to={privacy.path} className="rounded font-medium text-primary-700 underline underline-offset-4">
          {privacy.label}
        </Link>
        .
      </p>
    </Section>
    <Section title="2. Who may use the service">
      <p>
        {PRODUCT_NAME} is for adults only. You must be {spelled(MINIMUM_AGE)} years of age or older to create
        an account or to use one. If you use an account for a company or another organisation, you confirm
        that you are authorised to bind it to these terms.
      </p>
    </Section>
    <Section title="3. Your account">
      <List>
        <li>Give accurate details when you sign up, and keep your email address up to date.</li>
        <li>
          Keep your password secret and do not share your account. You are responsible for what is done with
          it.
        </li>
        <li>Tell us at once if you believe someone else has used your account.</li>
        <li>
          One account serves both platforms. Some accounts are limited to one platform: a company account
          cannot be used on the Personal platform.
        </li>
      </List>
    </Section>
    <Section title="4. Partner tools">
      <p>
        When you sign in to a partner tool through {PRODUCT_NAME}, we confirm to that tool who you are. Each
        tool is run under its own terms, which apply to your use of it.
      </p>
    </Section>
    <Section title="5. Prices">
      <p>
        Creating and keeping an account is free. All prices shown through the service and through the partner
        tools you reach with it are in {CURRENCY} (PHP), unless a price clearly says otherwise.
      </p>
    </Section>
    <Section title="6. Acceptable use">
      <p>You agree not to:</p>
      <List>
        <li>use the service for anything unlawful, or to deceive or impersonate anyone;</li>
        <li>try to reach accounts, codes or data that are not yours;</li>
        <li>overload, probe or disrupt the service, or get around its limits and protections.</li>
      </List>
    </Section>
    <Section title="7. Ending your account">
      <p>
        You may end your account at any time by giving us {spelled(TERMINATION_NOTICE_DAYS)} days' written
        notice. We may suspend or end an account that breaks these terms, and we will tell you why unless the
        law forbids it.
      </p>
    </Section>
    <Section title="8. Liability">
      <p>
        We work to keep the service available and secure, but we provide it as it is. To the extent the law
        allows, we are not liable for losses you could not reasonably have expected, nor for the partner
        tools, which their operators run.
      </p>
    </Section>
    <Section title="9. Governing law and disputes">
      <p>These terms are governed by the laws of the Republic of the Philippines.</p>
      <p>
        If a dispute arises, the party raising it tells the other in writing. Within{' '}
        {spelled(ADR_AGREEMENT_DAYS)} days of that notice, both parties try to agree on a form of alternative
        dispute resolution, such as mediation, and they aim to settle the dispute within{' '}
        {spelled(ADR_SETTLEMENT_MONTHS)} months.
      </p>
      <p>
        A dispute that is not settled that way is finally resolved by arbitration in the Philippines, before a
        panel of {spelled(ARBITRATOR_COUNT)} arbitrators, under the Alternative Dispute Resolution Act of 2004
        (Republic Act No. 9285).
      </p>
    </Section>
    <Section title="10. Changes to these terms">
      <p>
        We may update these terms. We will tell you of important changes before they take effect; if you keep
        using the service afterwards, the new terms apply.
      </p>
    </Section>
  </>
);
